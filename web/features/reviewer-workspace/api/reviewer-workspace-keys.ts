/**
 * Query keys of the reviewer workspace; each doubles as the GET path (SPEC.md section 7: "a GET
 * built from joined path parts"). A file of its own that imports nothing, so the router's preload
 * uses them without loading the feature.
 */
export const reviewerWorkspaceKeys = {
  list: () => ['/api/reviewer/opportunities'] as const,
  detail: (id: string) => ['/api/reviewer/opportunities', id] as const,
  comments: (id: string) => ['/api/reviewer/opportunities', id, 'comments'] as const,
  reviews: (id: string) => ['/api/reviewer/opportunities', id, 'reviews'] as const,
  viewerState: () => ['/api/reviewer/viewer-state'] as const,
  /** Issue 34: whether reviewing is open, and until when. */
  reviewClock: () => ['/api/reviewer/review-clock'] as const,
  /** Issue 38: the mode that decides which opportunities the list holds. */
  scope: () => ['/api/reviewer/scope'] as const,
};
