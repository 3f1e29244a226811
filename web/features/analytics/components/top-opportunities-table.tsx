import { EmptyValue } from '@web/components/ui/empty-value';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import Trophy from 'lucide-react/icons/trophy';
import { memo } from 'react';
import { disagreementOf, formatScore2, type ReviewedOpportunity } from '../lib/analytics-data';

/**
 * 'Top Opportunities by Composite Score': rank (a trophy for the first), number, title, composite
 * to 2 decimals, review count, and how much the reviewers disagree (standard deviation, range);
 * on a phone, a card each, its figures under its title (issue 38).
 */
function TopOpportunitiesTableView({ rows }: { rows: ReviewedOpportunity[] }) {
  return (
    <Table aria-label="Top opportunities by composite score" phoneCards>
      <TableHeader>
        <TableRow>
          <TableHead className="w-16">Rank</TableHead>
          <TableHead className="w-16">#</TableHead>
          <TableHead>Opportunity</TableHead>
          <TableHead className="text-right">Composite</TableHead>
          <TableHead className="text-right">Reviews</TableHead>
          <TableHead className="text-right">
            <abbr title="Standard deviation and range of the reviewers' composites">
              Disagreement
            </abbr>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row, index) => {
          const disagreement = disagreementOf(row);
          return (
            <TableRow key={row.id}>
              <TableCell className="max-sm:col-span-2">
                <span className="inline-flex items-center gap-1.5 font-medium">
                  {index + 1}
                  {index === 0 ? (
                    <>
                      <Trophy aria-hidden="true" className="size-4 text-amber-500" />
                      <span className="sr-only">Top ranked</span>
                    </>
                  ) : null}
                </span>
              </TableCell>
              <TableCell className="text-muted-foreground max-sm:col-span-2">
                #{row.number}
              </TableCell>
              <TableCell
                className="max-w-40 truncate max-sm:col-span-8 sm:max-w-xs"
                title={row.title}
              >
                {row.title}
              </TableCell>
              <TableCell
                data-label="Composite"
                className="text-right font-semibold tabular-nums max-sm:col-span-4"
              >
                {formatScore2(row.avgComposite)}
              </TableCell>
              <TableCell data-label="Reviews" className="text-right tabular-nums max-sm:col-span-4">
                {row.reviewCount}
              </TableCell>
              <TableCell
                data-label="Disagreement"
                className="text-right tabular-nums max-sm:col-span-4"
              >
                {disagreement ? (
                  <span className="inline-flex flex-col items-end leading-tight max-sm:items-start">
                    <span>
                      <span className="sr-only">Standard deviation </span>±{disagreement.stdDev}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      <span className="sr-only">Range </span>
                      {disagreement.range}
                    </span>
                  </span>
                ) : (
                  <span className="text-muted-foreground" title="Only one review">
                    <EmptyValue label="Only one review" />
                  </span>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Memoised: the analytics view re-renders as each of its calls answers; this redraws only for new data. */
export const TopOpportunitiesTable = memo(TopOpportunitiesTableView);
