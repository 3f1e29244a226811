import type { ReviewerBallot } from '@shared/ballot-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { ballotKeys } from './ballot-keys';

export const reviewerBallotQuery = queryOptions<ReviewerBallot>({
  queryKey: ballotKeys.reviewer(),
});

export function useReviewerBallot() {
  return useQuery(reviewerBallotQuery);
}

/**
 * PUT the whole ranking ([] withdraws the ballot); the answer replaces the cached ballot. Saves
 * run one at a time in the order given (one scope), so the last answer is the last ranking sent.
 * No toast: the page shows the save state, and a refusal, itself.
 */
export function useSaveBallot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ranking: string[][]) =>
      apiJson<ReviewerBallot>('PUT', '/api/reviewer/ballot', { ranking }),
    scope: { id: 'ballot' },
    onSuccess: (ballot) => queryClient.setQueryData(ballotKeys.reviewer(), ballot),
  });
}
