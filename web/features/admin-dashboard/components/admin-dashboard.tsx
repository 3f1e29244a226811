import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { useDashboardStats } from '../api/dashboard-queries';
import { CommentVisibilityCard } from './comment-visibility-card';
import { DecisionVisibilityCard } from './decision-visibility-card';
import { DiscussionDigestCard } from './discussion-digest-card';
import { ReviewClockCard } from './review-clock-card';
import { StatCards, StatCardsSkeleton } from './stat-cards';
import { TopOpportunitiesCard } from './top-opportunities-card';

/**
 * The admin dashboard: figures, the comment-visibility switch and the top 5 (SPEC.md section 2),
 * the review clock (issue 34), and how often discussion digests go out (issue 36).
 */
export function AdminDashboard() {
  const stats = useDashboardStats();
  return (
    <div className="space-y-6">
      <PageHeader title="Dashboard" subtitle="Overview of reviewers, opportunities and reviews" />
      {stats.isPending ? (
        <StatCardsSkeleton />
      ) : stats.isError ? (
        <Card role="alert">
          <CardContent className="flex flex-col items-start gap-3">
            <p className="font-semibold">Error Loading Dashboard</p>
            <p className="text-sm text-muted-foreground">The statistics could not be loaded.</p>
            <Button variant="outline" onClick={() => stats.refetch()}>
              Try Again
            </Button>
          </CardContent>
        </Card>
      ) : (
        <StatCards stats={stats.data} />
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <CommentVisibilityCard />
        <TopOpportunitiesCard />
        <ReviewClockCard />
        <DecisionVisibilityCard />
        <DiscussionDigestCard />
      </div>
    </div>
  );
}
