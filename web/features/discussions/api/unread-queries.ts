import type { UnreadThreads } from '@shared/discussion-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { discussionKeys } from './discussion-keys';

const unreadQueryOptions = queryOptions<UnreadThreads>({
  queryKey: discussionKeys.unread(),
  // Asked again each time a list mounts: reading a thread (on another page) changes the counts.
  staleTime: 0,
});

/** Posts new to the caller, per opportunity; an empty map until known or when it fails. */
export type NewPostCounts = ReadonlyMap<string, number>;

const NONE = { counts: new Map() as NewPostCounts, total: 0 };

// Module-level, so the query keeps one map per answer and memoised rows see the same one.
const countsOf = (answer: UnreadThreads) => ({
  counts: new Map(answer.threads.map((thread) => [thread.opportunityId, thread.unread])),
  total: answer.total,
});

/**
 * The unread counts for a list's badges, asked for only once `enabled` (the list has drawn: the
 * counts must never hold it up). A failure shows no badges: the list works without them.
 */
export function useNewPostCounts({ enabled }: { enabled: boolean }): {
  counts: NewPostCounts;
  /** Threads with new posts. */
  total: number;
} {
  const query = useQuery({
    ...unreadQueryOptions,
    enabled,
    select: countsOf,
  });
  return query.data ?? NONE;
}
