/**
 * Query keys of the admin analytics calls; each is the call's full path, so the default query
 * function GETs it. Only the analytics route imports this feature (recharts-boundary.test.ts),
 * so web/lib/admin-figures.ts refreshes these by their common path prefix instead.
 */
export const analyticsKeys = {
  opportunities: ['/api/admin/analytics/opportunities'] as const,
  reviewers: ['/api/admin/analytics/reviewers'] as const,
  heatmap: ['/api/admin/analytics/heatmap'] as const,
};
