import type { DiscussionPost, DiscussionThread, NewPostInput } from '@shared/discussion-schemas';
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiJson, apiRequest } from '@web/lib/api-client';
import { useToastingMutation } from '@web/lib/use-toasting-mutation';
import { EMPTY_DRAFT, writePostDraft } from '../lib/discussion-draft';
import { discussionKeys } from './discussion-keys';

export type PostInput = { body: string; mentions: string[] };

const threadPath = (opportunityId: string) => `/api/opportunities/${opportunityId}/discussion`;

/**
 * One thread. Asked again whenever the panel mounts (a discussion moves while one is away), never
 * on focus or by polling (SPEC.md section 7's defaults otherwise).
 */
export const threadQueryOptions = (opportunityId: string) =>
  queryOptions<DiscussionThread>({ queryKey: discussionKeys.thread(opportunityId), staleTime: 0 });

/**
 * The thread. Reading it marks its posts read on the server: the unread counts, read with
 * staleTime 0, are asked for again by the next list that shows them.
 */
export function useDiscussionThread(opportunityId: string) {
  return useQuery(threadQueryOptions(opportunityId));
}

/** Puts the server's answer for one post into the cached thread, appended when new. */
function storePost(queryClient: QueryClient, opportunityId: string, post: DiscussionPost) {
  queryClient.setQueryData<DiscussionThread>(discussionKeys.thread(opportunityId), (thread) => {
    if (!thread) return thread;
    const index = thread.posts.findIndex((p) => p.id === post.id);
    const posts = index < 0 ? [...thread.posts, post] : thread.posts.with(index, post);
    return { ...thread, posts };
  });
}

const storeThread = (queryClient: QueryClient, thread: DiscussionThread) =>
  queryClient.setQueryData(discussionKeys.thread(thread.opportunityId), thread);

/**
 * A new post; the caller shows a refusal (400: a mention of someone who cannot read it) itself.
 * Once posted, the text is no longer a draft, even when the page was left while it was sent.
 */
export function useCreatePost(opportunityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PostInput) =>
      apiJson<DiscussionPost>('POST', threadPath(opportunityId), input satisfies NewPostInput),
    onSuccess: (post) => {
      writePostDraft(opportunityId, EMPTY_DRAFT);
      storePost(queryClient, opportunityId, post);
    },
  });
}

/** The author's edit within the window (409 after it); the caller shows a refusal itself. */
export function useEditPost(opportunityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, ...input }: PostInput & { postId: string }) =>
      apiJson<DiscussionPost>('PATCH', `${threadPath(opportunityId)}/posts/${postId}`, input),
    onSuccess: (post) => storePost(queryClient, opportunityId, post),
  });
}

export function useDeletePost(opportunityId: string) {
  return useToastingMutation({
    mutationFn: (postId: string) =>
      apiRequest('DELETE', `${threadPath(opportunityId)}/posts/${postId}`),
    succeeded: () => ({ title: 'Post Deleted' }),
    // 204 says nothing of what readers now see: the thread tells (and an admin's history).
    invalidate: (queryClient) =>
      queryClient.invalidateQueries({ queryKey: discussionKeys.thread(opportunityId) }),
    failureTitle: 'Failed to Delete Post',
  });
}

/** Admin: hides a post with a reason; the dialog shows a refusal itself. */
export function useHidePost(opportunityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, reason }: { postId: string; reason: string }) =>
      apiJson<DiscussionPost>('POST', `/api/admin/discussion/posts/${postId}/hide`, { reason }),
    onSuccess: (post) => storePost(queryClient, opportunityId, post),
  });
}

export function useUnhidePost(opportunityId: string) {
  const queryClient = useQueryClient();
  return useToastingMutation({
    mutationFn: async (postId: string) => {
      const post = await apiJson<DiscussionPost>(
        'POST',
        `/api/admin/discussion/posts/${postId}/unhide`,
      );
      storePost(queryClient, opportunityId, post);
      return post;
    },
    succeeded: () => ({ title: 'Post Shown Again' }),
    failureTitle: 'Failed to Unhide Post',
  });
}

/** Admin: resolves the thread with a summary; the dialog shows a refusal itself. */
export function useResolveThread(opportunityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (summary: string) =>
      apiJson<DiscussionThread>(
        'POST',
        `/api/admin/opportunities/${opportunityId}/discussion/resolve`,
        { summary },
      ),
    onSuccess: (thread) => storeThread(queryClient, thread),
  });
}

export function useReopenThread(opportunityId: string) {
  const queryClient = useQueryClient();
  return useToastingMutation({
    mutationFn: async () => {
      const thread = await apiJson<DiscussionThread>(
        'POST',
        `/api/admin/opportunities/${opportunityId}/discussion/reopen`,
      );
      storeThread(queryClient, thread);
      return thread;
    },
    succeeded: () => ({ title: 'Discussion Reopened' }),
    failureTitle: 'Failed to Reopen the Discussion',
  });
}
