import type { QueryClient } from '@tanstack/react-query';
import { dashboardKeys } from '@web/features/admin-dashboard/api/dashboard-keys';
import { analyticsKeys } from '@web/features/analytics/api/analytics-keys';
import { resultsKeys } from '@web/features/results/api/results-keys';

/** Query keys are GET paths; these are the admin figures that count reviewers and reviews. */
const adminFigures: string[] = [
  dashboardKeys.stats()[0],
  dashboardKeys.topOpportunities()[0],
  analyticsKeys.opportunities[0],
  analyticsKeys.reviewers[0],
  analyticsKeys.heatmap[0],
  resultsKeys.results()[0],
];

function isAdminFigure(path: string): boolean {
  return adminFigures.includes(path);
}

/**
 * Refetches every admin figure (dashboard, analytics, heatmap, results) after a change to reviewers or
 * opportunities, plus the given lists. Matched by the first part of the key, so a feature passes
 * its own list's path and needs no other feature's hooks.
 */
export function invalidateAdminFigures(queryClient: QueryClient, ...alsoPaths: string[]) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const path = String(query.queryKey[0]);
      return isAdminFigure(path) || alsoPaths.includes(path);
    },
  });
}
