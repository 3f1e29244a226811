/**
 * Query keys of the admin opportunities screen; each doubles as the GET path (the default query
 * function joins it). A file of its own that imports nothing.
 */
export const opportunityKeys = {
  list: () => ['/api/admin/opportunities'] as const,
};
