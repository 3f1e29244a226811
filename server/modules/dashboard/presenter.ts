import type { DashboardStats } from '@shared/dashboard-schemas';
import type { DashboardCounts } from './queries';

/**
 * completionRate = reviews by active reviewers of published opportunities over every expected
 * such pair (CONTRACT.md: active reviewers x published opportunities; issue 18 leaves out pairs
 * with a conflict, and in 'assigned' mode expects the assigned pairs only, docs/review-cycle.md),
 * as a whole percent; 0 when nothing is expected.
 */
export function presentDashboardStats(counts: DashboardCounts): DashboardStats {
  const { completedReviews, expectedReviews, ...totals } = counts;
  const possible = expectedReviews;
  const completionRate =
    possible === 0 ? 0 : Math.min(100, Math.round((100 * completedReviews) / possible));
  return { ...totals, completionRate };
}
