import type { QueryClient } from '@tanstack/react-query';

/** Query keys are GET paths; these are the admin figures that count reviewers and reviews. */
function isAdminFigure(path: string): boolean {
  return (
    path.startsWith('/api/admin/analytics') ||
    path === '/api/admin/stats' ||
    path === '/api/admin/top-opportunities'
  );
}

/**
 * Refetches every admin figure (dashboard, analytics, heatmap) after a change to reviewers or
 * opportunities, plus the given lists. Matched by path, since features do not import each
 * other's key factories.
 */
export function invalidateAdminFigures(queryClient: QueryClient, ...alsoPaths: string[]) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const path = String(query.queryKey[0]);
      return isAdminFigure(path) || alsoPaths.includes(path);
    },
  });
}
