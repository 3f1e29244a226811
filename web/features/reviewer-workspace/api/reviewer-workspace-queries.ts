import type { ReviewClock } from '@shared/review-clock-schemas';
import type { ReviewerScope } from '@shared/review-cycle-schemas';
import type {
  Review,
  ReviewerComment,
  ReviewerOpportunityDetail,
  ReviewerOpportunityListItem,
  ViewerState,
} from '@shared/reviewer-schemas';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiJson,
  apiRequest,
  getQueryFnWithServerTime,
  isApiError,
  type WithServerTime,
} from '@web/lib/api-client';
import { useRefetchAt } from '@web/lib/use-refetch-at';
import type { ServerTimeAnchor } from '@web/lib/use-server-time';
import { useToastingMutation } from '@web/lib/use-toasting-mutation';
import { reviewerWorkspaceKeys } from './reviewer-workspace-keys';

export const opportunityListQueryOptions = queryOptions<ReviewerOpportunityListItem[]>({
  queryKey: reviewerWorkspaceKeys.list(),
});

export function useReviewerOpportunities() {
  return useQuery(opportunityListQueryOptions);
}

/** Asked for only when the list is empty, to say why (`enabled`). */
export function useReviewerScope(options: { enabled: boolean }) {
  return useQuery(
    queryOptions<ReviewerScope>({
      queryKey: reviewerWorkspaceKeys.scope(),
      enabled: options.enabled,
      staleTime: 0,
    }),
  );
}

export function useReviewerOpportunity(id: string) {
  return useQuery(
    queryOptions<ReviewerOpportunityDetail>({ queryKey: reviewerWorkspaceKeys.detail(id) }),
  );
}

/**
 * Other reviewers' comments (empty while the admin hides them). Not asked for while the detail
 * says they are hidden until the reviewer's own review or by a conflict (`enabled`).
 */
export function useOtherReviewersComments(id: string, options: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions<ReviewerComment[]>({
      queryKey: reviewerWorkspaceKeys.comments(id),
      enabled: options.enabled ?? true,
    }),
  );
}

/** SPEC.md section 7 fetches the caller's own reviews of the opportunity; the page shows none. */
export function useOwnReviews(id: string) {
  return useQuery(queryOptions<Review[]>({ queryKey: reviewerWorkspaceKeys.reviews(id) }));
}

export function useViewerState(options: { enabled: boolean }) {
  return useQuery(
    queryOptions<ViewerState>({
      queryKey: reviewerWorkspaceKeys.viewerState(),
      enabled: options.enabled,
    }),
  );
}

/** Remembers the opened opportunity; a failure costs only the next session's redirect. */
export async function postViewerState(lastOpportunityId: string): Promise<void> {
  try {
    await apiJson<ViewerState>('POST', '/api/reviewer/viewer-state', { lastOpportunityId });
  } catch (error) {
    console.warn('Could not remember the last viewed opportunity', error);
  }
}

/** After a save: the list (statuses, scores) and that opportunity are fetched again. */
export async function refetchAfterSave(queryClient: QueryClient, id: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: reviewerWorkspaceKeys.list(), exact: true }),
    queryClient.invalidateQueries({ queryKey: reviewerWorkspaceKeys.detail(id), exact: true }),
  ]);
}

/**
 * "I have a conflict of interest": the server closes scoring and commenting at once, so the
 * opportunity, the list (its "Conflict") and the comments are fetched again.
 */
export function useDeclareConflict(id: string) {
  const queryClient = useQueryClient();
  return useToastingMutation({
    mutationFn: async (reason: string | null) => {
      try {
        return await apiRequest('POST', `/api/reviewer/opportunities/${id}/conflict`, { reason });
      } catch (error) {
        // Refused because reviewing closed (issue 34): the page learns it from the clock.
        if (isApiError(error, 409)) void refetchReviewClock(queryClient);
        throw error;
      }
    },
    succeeded: () => ({
      title: 'Conflict Declared',
      description: 'Scoring and commenting on this opportunity are now closed',
    }),
    invalidate: (queryClient) =>
      Promise.all([
        refetchAfterSave(queryClient, id),
        queryClient.invalidateQueries({ queryKey: reviewerWorkspaceKeys.comments(id) }),
      ]),
    failureTitle: 'Failed to Declare Conflict',
  });
}

/** While a deadline is set or reviewing is closed, the clock is asked again this often. */
export const REVIEW_CLOCK_POLL_MS = 60_000;

const isClockWatched = (clock: ReviewClock | undefined) =>
  clock !== undefined && (clock.deadline !== null || clock.phase === 'closed');

/** The clock, with the server's time of the answer (its Date header) for the countdown. */
export const reviewClockQueryOptions = queryOptions<WithServerTime<ReviewClock>>({
  queryKey: reviewerWorkspaceKeys.reviewClock(),
  queryFn: getQueryFnWithServerTime<ReviewClock>(),
});

export type ReviewClockState = {
  /** The clock, or null while it loads or when it cannot be read (then nothing is shown). */
  clock: WithServerTime<ReviewClock> | null;
  /** What the countdown runs from: the server's time and when it arrived here. */
  anchor: ServerTimeAnchor | null;
};

/**
 * The review clock (issue 34). An admin can close or reopen reviewing at any moment, so unlike
 * the spec's data, while a deadline is set or reviewing is closed it is asked again when the
 * window regains focus, every minute, and just after the deadline passes (one timer). With no
 * deadline and reviewing open it is read once, as the spec's data is; a save refused because
 * reviewing closed asks again (useReviewWorkspace).
 */
export function useReviewClock(): ReviewClockState {
  const query = useQuery({
    ...reviewClockQueryOptions,
    // Only while the clock is in use: with no deadline and reviewing open the page keeps the
    // spec's defaults (no refetch on focus, no polling), and a save refused because an admin
    // closed reviewing asks again itself. 'always': the cache's data is never stale (SPEC.md
    // section 7), which true would respect.
    refetchOnWindowFocus: (current) => (isClockWatched(current.state.data) ? 'always' : false),
    refetchInterval: (current) =>
      isClockWatched(current.state.data) ? REVIEW_CLOCK_POLL_MS : false,
  });
  const clock = query.isError ? null : (query.data ?? null);
  const anchor = clock ? { now: clock.now, receivedAt: query.dataUpdatedAt } : null;
  const deadline = clock?.phase === 'open' && clock.deadline ? Date.parse(clock.deadline) : null;
  useRefetchAt({ instants: [deadline], anchor, refetch: query.refetch });
  return { clock, anchor };
}

/** Asks for the clock again (a save was refused because reviewing closed). */
export function refetchReviewClock(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: reviewerWorkspaceKeys.reviewClock() });
}
