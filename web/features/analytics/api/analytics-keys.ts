/**
 * Query keys of the admin analytics calls; each is the call's full path, so the default query
 * function GETs it. Like every key factory it imports nothing, so web/lib/admin-figures.ts can
 * refresh these without pulling the analytics feature (and its charts) into other pages.
 */
export const analyticsKeys = {
  opportunities: ['/api/admin/analytics/opportunities'] as const,
  reviewers: ['/api/admin/analytics/reviewers'] as const,
  heatmap: ['/api/admin/analytics/heatmap'] as const,
};
