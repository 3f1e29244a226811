import type {
  Review,
  ReviewerComment,
  ReviewerOpportunityDetail,
  ReviewerOpportunityListItem,
  ViewerState,
} from '@shared/reviewer-schemas';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson, apiRequest } from '@web/lib/api-client';
import { useToastingMutation } from '@web/lib/use-toasting-mutation';
import { reviewerWorkspaceKeys } from './reviewer-workspace-keys';

export const opportunityListQueryOptions = queryOptions<ReviewerOpportunityListItem[]>({
  queryKey: reviewerWorkspaceKeys.list(),
});

export function useReviewerOpportunities() {
  return useQuery(opportunityListQueryOptions);
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
  return useToastingMutation({
    mutationFn: (reason: string | null) =>
      apiRequest('POST', `/api/reviewer/opportunities/${id}/conflict`, { reason }),
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
