/**
 * Query keys of the admin opportunities screen; each doubles as the GET path (the default query
 * function joins it). A file of its own that imports nothing.
 */
export const opportunityKeys = {
  list: () => ['/api/admin/opportunities'] as const,
  // One string, so that refreshing the list (matched by its first part) never asks again about
  // an opportunity that was just deleted.
  deletionImpact: (id: string) => [`/api/admin/opportunities/${id}/deletion-impact`] as const,
};
