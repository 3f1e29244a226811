/**
 * Query keys of the panel's discussions (issue 36); each doubles as the GET path (the default
 * query function joins it). A file of its own that imports nothing, like every feature's keys.
 */
export const discussionKeys = {
  /** One opportunity's thread: its posts, state and whom a post may mention. Reading marks it read. */
  thread: (opportunityId: string) => ['/api/opportunities', opportunityId, 'discussion'] as const,
  /** The threads the caller may read that have posts new to them. */
  unread: () => ['/api/discussions/unread'] as const,
};
