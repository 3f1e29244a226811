import type {
  Review,
  ReviewerComment,
  ReviewerOpportunity,
  ViewerState,
} from '@shared/reviewer-schemas';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { reviewerWorkspaceKeys } from './reviewer-workspace-keys';

export const opportunityListQueryOptions = queryOptions<ReviewerOpportunity[]>({
  queryKey: reviewerWorkspaceKeys.list(),
});

export function useReviewerOpportunities() {
  return useQuery(opportunityListQueryOptions);
}

export function useReviewerOpportunity(id: string) {
  return useQuery(
    queryOptions<ReviewerOpportunity>({ queryKey: reviewerWorkspaceKeys.detail(id) }),
  );
}

/** Other reviewers' comments (empty while the admin hides them). */
export function useOtherReviewersComments(id: string) {
  return useQuery(
    queryOptions<ReviewerComment[]>({ queryKey: reviewerWorkspaceKeys.comments(id) }),
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
