/**
 * Query keys of the finalist ballot (issue 37); each doubles as the GET path (the default query
 * function joins it). A file of its own that imports nothing, so the router's preload names them
 * without loading the feature.
 */
export const ballotKeys = {
  /** The caller's candidates and own ranking. */
  reviewer: () => ['/api/reviewer/ballot'] as const,
  /** The count: Schulze order, matrices, stability, the comparison with the scores. */
  results: () => ['/api/admin/ballot/results'] as const,
  /**
   * The `ballot_open` setting (shared/ballot.ts's BALLOT_OPEN, written out: a key file imports
   * nothing). The dashboard's settings read the same call.
   */
  openSetting: () => ['/api/admin/settings', 'ballot_open'] as const,
};
