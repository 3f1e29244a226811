import type { DashboardStats } from '@shared/dashboard-schemas';
import type { DashboardCounts } from './queries';

/**
 * completionRate = reviews by active reviewers of published opportunities over every possible
 * such pair (CONTRACT.md), as a whole percent; 0 without reviewers or opportunities.
 */
export function presentDashboardStats(counts: DashboardCounts): DashboardStats {
  const { completedReviews, ...totals } = counts;
  const possible = counts.activeReviewers * counts.publishedOpportunities;
  const completionRate =
    possible === 0 ? 0 : Math.min(100, Math.round((100 * completedReviews) / possible));
  return { ...totals, completionRate };
}
