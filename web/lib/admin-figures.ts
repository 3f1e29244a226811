import type { QueryClient } from '@tanstack/react-query';
import { dashboardKeys } from '@web/features/admin-dashboard/api/dashboard-keys';

/**
 * The start of every analytics key. analytics-keys.ts is not imported: only the analytics route
 * may import that feature (recharts-boundary.test.ts).
 */
const ANALYTICS_PATH = '/api/admin/analytics';

const dashboardFigures: string[] = [dashboardKeys.stats()[0], dashboardKeys.topOpportunities()[0]];

/** Query keys are GET paths; these are the admin figures that count reviewers and reviews. */
function isAdminFigure(path: string): boolean {
  return path.startsWith(ANALYTICS_PATH) || dashboardFigures.includes(path);
}

/**
 * Refetches every admin figure (dashboard, analytics, heatmap) after a change to reviewers or
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
