import { Checkbox } from '@web/components/ui/checkbox';
import { EmptyValue } from '@web/components/ui/empty-value';
import { NewPostsBadge } from '@web/components/ui/new-posts-badge';
import { OutcomeBadge } from '@web/components/ui/outcome-badge';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { cn } from '@web/lib/cn';
import { type RowChecks, useIsRowChecked } from '@web/lib/use-row-selection';
import { memo } from 'react';
import { Link } from 'wouter';
import {
  DISCUSSION_REASON_LABELS,
  describeRankInterval,
  formatRankInterval,
  formatScore,
  movementOf,
  type RankedRow,
  type RankingBasis,
} from '../lib/results-data';
import type { RowDecisions } from '../lib/results-decisions';
import { FlagBadges } from './flag-badges';
import { ScrollTable } from './scroll-table';

function Movement({ row, basis }: { row: RankedRow; basis: RankingBasis }) {
  const movement = movementOf(row.moved, basis);
  if (!movement) {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">-</span>
        <span className="sr-only">Not ranked</span>
      </span>
    );
  }
  return (
    <span
      className={cn(
        'inline-flex items-center gap-0.5 tabular-nums',
        movement.arrow === '▲' && 'text-success dark:text-emerald-400',
        movement.arrow === '▼' && 'text-destructive dark:text-red-400',
        movement.arrow === '' && 'text-muted-foreground',
      )}
      title={movement.text}
    >
      <span aria-hidden="true">
        {movement.arrow}
        {movement.arrow ? movement.places : '='}
      </span>
      <span className="sr-only">{movement.text}</span>
    </span>
  );
}

/** The discussion's new posts, by the title (no column of its own): to the decision's #discussion. */
function NewPostsLink({
  opportunityId,
  count,
}: {
  opportunityId: string;
  count: number | undefined;
}) {
  if (!count) return null;
  return (
    <Link
      href={`/admin/results/decisions/${opportunityId}#discussion`}
      className="ml-1.5 inline-flex rounded-md align-middle outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
      title="Open the discussion"
    >
      <NewPostsBadge count={count} isCompact />
    </Link>
  );
}

/** The ranking's decision columns (issue 35): a checkbox per row and the outcome. */
export type RankingDecisions = {
  byOpportunity: ReadonlyMap<string, RowDecisions>;
  checks: RowChecks;
  allShown: boolean;
  someShown: boolean;
  onToggleAll: (isChecked: boolean) => void;
};

function RowCheckbox({ checks, id, label }: { checks: RowChecks; id: string; label: string }) {
  const isChecked = useIsRowChecked(checks, id);
  return (
    <Checkbox
      aria-label={label}
      checked={isChecked}
      onCheckedChange={(checked) => checks.toggle(id, checked)}
    />
  );
}

/** The draft (dashed, '(draft)') and the released outcome in force (solid); '-' with neither. */
function Outcome({ decisions }: { decisions: RowDecisions | undefined }) {
  if (!decisions?.draft && !decisions?.released) return <EmptyValue label="No decision" />;
  return (
    <span className="flex flex-wrap gap-1">
      {decisions.released ? <OutcomeBadge outcome={decisions.released.outcome} /> : null}
      {decisions.draft ? <OutcomeBadge outcome={decisions.draft.outcome} state="draft" /> : null}
    </span>
  );
}

/**
 * The ranking under the chosen basis: rank, the move against the other ranking, number, title,
 * both composites, the rank with its interval ('3 (2-6)'), spread, reviews and discussion flags;
 * with `decisions`, a checkbox first and the outcome last (without, the table is as before).
 */
export const RankingTable = memo(function RankingTable({
  rows,
  basis,
  decisions,
  newPosts,
}: {
  rows: RankedRow[];
  basis: RankingBasis;
  decisions?: RankingDecisions | null;
  /** Posts new to the admin per opportunity's discussion (issue 36): a badge by the title. */
  newPosts?: ReadonlyMap<string, number>;
}) {
  const basisWords = basis === 'calibrated' ? 'calibrated composite' : 'raw composite';
  return (
    <ScrollTable
      caption={`Opportunities ranked by ${basisWords}`}
      phoneCards
      // Ten columns: tighter cells so the table fits a laptop screen beside the sidebar.
      className="[&_td]:px-2 [&_th]:px-2"
    >
      <TableHeader>
        <TableRow>
          <TableHead>Rank</TableHead>
          <TableHead>Moved</TableHead>
          <TableHead>#</TableHead>
          <TableHead>Opportunity</TableHead>
          <TableHead className={cn('text-right', basis === 'raw' && 'text-foreground')}>
            Raw
          </TableHead>
          <TableHead className={cn('text-right', basis === 'calibrated' && 'text-foreground')}>
            Calibrated
          </TableHead>
          <TableHead className="text-right">Rank interval</TableHead>
          <TableHead className="text-right">SD</TableHead>
          <TableHead className="text-right">Reviews</TableHead>
          <TableHead>Flags</TableHead>
          {decisions ? <TableHead>Outcome</TableHead> : null}
          {/* Last, so that the spec'd columns keep their places (the rank stays the first cell);
              on a phone, above the cards' checkboxes. */}
          {decisions ? (
            <TableHead className="w-px max-sm:ml-auto">
              <Checkbox
                aria-label="Select all shown opportunities"
                checked={decisions.allShown}
                indeterminate={decisions.someShown}
                disabled={rows.length === 0}
                onCheckedChange={decisions.onToggleAll}
              />
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const { opportunity } = row;
          return (
            <TableRow key={opportunity.id} data-testid="ranking-row">
              <TableCell className="font-semibold tabular-nums max-sm:col-span-1">
                {row.rank ?? '-'}
              </TableCell>
              <TableCell className="max-sm:col-span-2">
                <Movement row={row} basis={basis} />
              </TableCell>
              <TableCell className="text-muted-foreground max-sm:col-span-2">
                #{opportunity.number}
              </TableCell>
              <th
                scope="row"
                className="min-w-44 px-3 py-2.5 text-left font-normal max-sm:col-span-7 max-sm:min-w-0 max-sm:font-medium"
              >
                {opportunity.title}
                <NewPostsLink
                  opportunityId={opportunity.id}
                  count={newPosts?.get(opportunity.id)}
                />
              </th>
              <TableCell
                data-label="Raw"
                className={cn(
                  'text-right tabular-nums max-sm:col-span-3',
                  basis === 'raw' && 'font-semibold',
                )}
              >
                {formatScore(opportunity.rawComposite)}
              </TableCell>
              <TableCell
                data-label="Calibrated"
                className={cn(
                  'text-right tabular-nums max-sm:col-span-3',
                  basis === 'calibrated' && 'font-semibold',
                )}
              >
                {formatScore(opportunity.calibratedComposite)}
              </TableCell>
              <TableCell
                data-label="Interval"
                className="whitespace-nowrap text-right tabular-nums max-sm:col-span-3"
              >
                <span aria-hidden="true">{formatRankInterval(row.rank, row.interval)}</span>
                <span className="sr-only">{describeRankInterval(row.rank, row.interval)}</span>
              </TableCell>
              <TableCell data-label="SD" className="text-right tabular-nums max-sm:col-span-3">
                {formatScore(opportunity.sd)}
              </TableCell>
              <TableCell data-label="Reviews" className="text-right tabular-nums max-sm:col-span-3">
                {opportunity.reviewCount}
              </TableCell>
              <TableCell
                data-label="Flags"
                className="min-w-[9.5rem] max-sm:col-span-9 max-sm:min-w-0"
              >
                <FlagBadges
                  labels={opportunity.flags.map((flag) => DISCUSSION_REASON_LABELS[flag])}
                />
              </TableCell>
              {decisions ? (
                <TableCell
                  data-label="Outcome"
                  className="min-w-32 max-sm:col-span-10 max-sm:min-w-0"
                >
                  <Outcome decisions={decisions.byOpportunity.get(opportunity.id)} />
                </TableCell>
              ) : null}
              {decisions ? (
                <TableCell className="max-sm:col-span-2 max-sm:justify-self-end">
                  <RowCheckbox
                    checks={decisions.checks}
                    id={opportunity.id}
                    label={`Select #${opportunity.number} ${opportunity.title}`}
                  />
                </TableCell>
              ) : null}
            </TableRow>
          );
        })}
      </TableBody>
    </ScrollTable>
  );
});
