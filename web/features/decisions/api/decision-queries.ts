import type {
  DecisionEntry,
  DecisionPanel,
  DecisionsList,
  FeedbackLetter,
  LetterEditor,
  PutDecisionInput,
  PutLetterInput,
  ReleaseDecisionsInput,
  ReleaseResult,
} from '@shared/decision-schemas';
import { OUTCOME_LABELS } from '@shared/decisions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { failureToast } from '@web/components/ui/failure-toast';
import { apiJson, apiRequest } from '@web/lib/api-client';
import { countOf } from '@web/lib/count-of';
import { invalidateDecisions } from '@web/lib/decision-changes';
import { useToastingMutation } from '@web/lib/use-toasting-mutation';
import { decisionKeys } from './decision-keys';

export const decisionsQuery = queryOptions<DecisionsList>({ queryKey: decisionKeys.list() });

export function useDecisions() {
  return useQuery(decisionsQuery);
}

export function useDecisionPanel(id: string) {
  return useQuery(queryOptions<DecisionPanel>({ queryKey: decisionKeys.panel(id) }));
}

export function useLetter(id: string) {
  return useQuery(queryOptions<LetterEditor>({ queryKey: decisionKeys.letter(id) }));
}

/** The letter as the owner would get it; 409 while the opportunity has no decision. */
export function useFeedback(id: string, enabled: boolean) {
  return useQuery(
    queryOptions<FeedbackLetter>({ queryKey: decisionKeys.feedback(id), enabled, retry: false }),
  );
}

const decisionPath = (id: string) => `/api/admin/opportunities/${id}/decision`;

/** PUT the draft; its failure (a draft opportunity's 409) is shown inside the form. */
export function useSaveDraft(id: string) {
  return useToastingMutation({
    mutationFn: (input: PutDecisionInput) => apiJson<DecisionEntry>('PUT', decisionPath(id), input),
    succeeded: (entry) => ({
      title: 'Draft Saved',
      description: `#${entry.number}: ${OUTCOME_LABELS[entry.outcome]} (draft)`,
    }),
    invalidate: invalidateDecisions,
  });
}

export function useRemoveDraft(id: string) {
  return useToastingMutation({
    mutationFn: () => apiRequest('DELETE', decisionPath(id)),
    succeeded: () => ({ title: 'Draft Removed' }),
    invalidate: invalidateDecisions,
    failureTitle: 'Failed to Remove Draft',
  });
}

/**
 * POST /api/admin/decisions/release. A dry run only says what a release would do (the
 * confirmation) and changes nothing, so it neither toasts nor refetches.
 */
export function useReleaseDecisions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReleaseDecisionsInput) =>
      apiJson<ReleaseResult>('POST', '/api/admin/decisions/release', input),
    onSuccess: (result) => (result.dryRun ? undefined : invalidateDecisions(queryClient)),
  });
}

/** PATCH the waitlist's new order (exactly its ids); the list is refetched either way. */
export function useReorderWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiJson<{ waitlist: string[] }>('PATCH', '/api/admin/decisions/waitlist', { ids }),
    onError: (error) => failureToast('Failed to Reorder the Waitlist', error),
    onSettled: () => invalidateDecisions(queryClient),
  });
}

export function useSaveLetter(id: string) {
  const queryClient = useQueryClient();
  return useToastingMutation({
    mutationFn: (input: PutLetterInput) =>
      apiJson<LetterEditor>('PUT', `/api/admin/opportunities/${id}/letter`, input),
    succeeded: (letter) => ({
      title: 'Letter Saved',
      description: `${countOf(letter.items.length, 'comment')} included`,
    }),
    invalidate: async () => {
      await queryClient.invalidateQueries({ queryKey: decisionKeys.letter(id), exact: true });
      await queryClient.invalidateQueries({ queryKey: decisionKeys.feedback(id), exact: true });
    },
    failureTitle: 'Failed to Save Letter',
  });
}
