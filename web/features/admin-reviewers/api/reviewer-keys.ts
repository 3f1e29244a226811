/**
 * Query keys of the admin reviewers screen; each doubles as the GET path (the default query
 * function joins it). A file of its own that imports nothing.
 */
export const reviewerKeys = {
  list: () => ['/api/admin/reviewers'] as const,
};
