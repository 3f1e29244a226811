import type { OpportunityAnalyticsRow } from '@shared/analytics-schemas';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { memo } from 'react';
import { ANALYTICS_CRITERIA, formatScore1, topByCriterion } from '../lib/analytics-data';

/** The five top-5 lists, one per criterion: '#number title' and the average to 1 decimal. */
function CriterionTopListsView({ rows }: { rows: OpportunityAnalyticsRow[] }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
      {ANALYTICS_CRITERIA.map(({ field, label }) => {
        const top = topByCriterion(rows, field);
        return (
          <Card key={field} className="gap-3 py-4" data-testid={`criterion-top-${field}`}>
            <CardHeader className="px-4">
              <h3 className="text-sm font-semibold leading-none">{label}</h3>
            </CardHeader>
            <CardContent className="px-4">
              {top.length === 0 ? (
                <p className="text-sm text-muted-foreground">No reviews yet</p>
              ) : (
                <ol className="space-y-2 text-sm">
                  {top.map((row) => (
                    <li key={row.id} className="flex items-baseline justify-between gap-2">
                      <span className="min-w-0 truncate" title={`#${row.number} ${row.title}`}>
                        #{row.number} {row.title}
                      </span>
                      <span className="shrink-0 font-semibold tabular-nums">
                        {formatScore1(row[field])}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}

/** Memoised: the analytics view re-renders as each of its calls answers; this redraws only for new data. */
export const CriterionTopLists = memo(CriterionTopListsView);
