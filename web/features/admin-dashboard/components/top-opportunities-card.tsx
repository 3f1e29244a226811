import type { TopOpportunity } from '@shared/dashboard-schemas';
import { DASHBOARD_TOP } from '@shared/limits';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useTopOpportunities } from '../api/dashboard-queries';

function reviewsLabel(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

function TopList({ items }: { items: TopOpportunity[] }) {
  if (items.length === 0) {
    return <p className="py-6 text-center text-muted-foreground">No opportunities reviewed yet</p>;
  }
  return (
    <ol className="divide-y" aria-label="Top opportunities">
      {items.slice(0, DASHBOARD_TOP).map((item, index) => (
        <li key={item.id} className="flex items-center gap-3 py-3 sm:gap-4">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-sm">
            <span className="sr-only">Rank </span>
            {index + 1}
          </span>
          <div className="min-w-0 flex-1">
            {/* Two lines at most (a title may be 500 characters); the whole title on hover. */}
            <p
              className="line-clamp-2 font-medium wrap-anywhere"
              title={`#${item.number} ${item.title}`}
            >
              #{item.number} {item.title}
            </p>
            <p className="text-sm text-muted-foreground">{reviewsLabel(item.reviewCount)}</p>
          </div>
          <span className="shrink-0 font-semibold tabular-nums">
            {item.avgComposite.toFixed(2)}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** 'Top 5 Opportunities by Composite Score' (SPEC.md section 2). */
export function TopOpportunitiesCard() {
  const top = useTopOpportunities();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Top {DASHBOARD_TOP} Opportunities by Composite Score</CardTitle>
      </CardHeader>
      <CardContent>
        {top.isPending ? (
          <div className="space-y-3" data-testid="top-opportunities-loading">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : top.isError ? (
          <p role="alert" className="py-6 text-center text-destructive dark:text-red-400">
            The top opportunities could not be loaded.
          </p>
        ) : (
          <TopList items={top.data} />
        )}
      </CardContent>
    </Card>
  );
}
