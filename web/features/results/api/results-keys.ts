/**
 * Query key of the admin results call (decision support); it doubles as the GET path (the default
 * query function joins it). A file of its own that imports nothing, so the router's preload and
 * web/lib/admin-figures.ts name it without loading the feature.
 */
export const resultsKeys = {
  results: () => ['/api/admin/results'] as const,
  /**
   * The decisions beside the ranking (issue 35): a call of its own, so the results call stays as
   * it is. The same GET as the decisions page's list, so both read one cached answer.
   */
  decisions: () => ['/api/admin/decisions'] as const,
};
