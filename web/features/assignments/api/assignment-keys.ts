/**
 * Query keys of the assignments screen; each doubles as the GET path (the default query function
 * joins it). A file of its own that imports nothing, so the router's preload names them without
 * loading the feature.
 */
export const assignmentKeys = {
  /** The whole board (every active reviewer and opportunity); filters apply in the browser. */
  board: () => ['/api/admin/assignments'] as const,
  conflicts: () => ['/api/admin/conflicts'] as const,
  /** The review_assignment setting, read like any setting. */
  mode: () => ['/api/admin/settings', 'review_assignment'] as const,
};
