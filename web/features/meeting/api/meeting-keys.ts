/**
 * Query keys of the panel meeting (issue 36 section 3); each doubles as the GET path (the default
 * query function joins it). A file of its own that imports nothing, so the router's preload names
 * them without loading the feature.
 */
export const meetingKeys = {
  /** The admin's agenda, "now" and the suggested queue. */
  admin: () => ['/api/admin/meeting'] as const,
  /** "Now" and "next" as the signed-in caller may see them. */
  view: () => ['/api/meeting'] as const,
};
