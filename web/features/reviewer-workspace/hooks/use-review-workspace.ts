import type { ReviewerOpportunity } from '@shared/reviewer-schemas';
import { compositeOfPartial } from '@shared/scoring';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { refetchReviewClock } from '../api/reviewer-workspace-queries';
import type { DraftKey } from '../lib/draft-storage';
import type { ReviewPayload } from '../lib/review-values';
import { type SaveStatus, saveQueueFor } from '../lib/save-queue';
import { useAutoSave } from './use-auto-save';
import { useReviewDraft } from './use-review-draft';
import { useReviewSave } from './use-review-save';
import { useSaveBeforeLeaving } from './use-save-before-leaving';

export type ReviewWorkspaceOptions = {
  userId: string;
  opportunity: ReviewerOpportunity;
  /** Refetches what a save changes (the list and this opportunity). */
  onSaved: () => Promise<void>;
  /**
   * Nothing may be saved (the reviewer declared a conflict of interest, or reviewing closed): no
   * auto-save, no save on leaving, Submit unavailable; the input and its local draft are kept as
   * they are. Becoming false again (reviewing reopened) lets auto-save send the kept input.
   */
  isReadOnly?: boolean;
};

export type ReviewWorkspace = ReturnType<typeof useReviewWorkspace>;

/**
 * The reviewer's work on one opportunity: the input and its local draft, saves through the
 * opportunity's save queue, auto-save, and a save (or a warning) before the page is left.
 */
export function useReviewWorkspace({
  userId,
  opportunity,
  onSaved,
  isReadOnly = false,
}: ReviewWorkspaceOptions) {
  const queryClient = useQueryClient();
  const opportunityId = opportunity.id;
  const draftKey = useMemo<DraftKey>(() => ({ userId, opportunityId }), [userId, opportunityId]);
  const queue = saveQueueFor<ReviewPayload>(queryClient, `${userId}:${opportunityId}`);
  const queueState = useSyncExternalStore(queue.subscribe, queue.getState, queue.getState);

  const draft = useReviewDraft({ draftKey, opportunity, saves: queueState });
  // A refused save (409) learns why from the opportunity fetched again, like a successful one (a
  // conflict), and from the review clock (reviewing closed).
  const onRefused = useCallback(async () => {
    await Promise.all([onSaved(), refetchReviewClock(queryClient)]);
  }, [onSaved, queryClient]);
  const save = useReviewSave({ queue, opportunityId, draftKey, onSaved, onRefused });
  const autoSave = useCallback((next: ReviewPayload) => save.request(next, false), [save.request]);
  const cancelAutoSave = useAutoSave({
    values: draft.values,
    baseline: draft.baseline,
    save: autoSave,
    isEnabled: !isReadOnly,
  });
  /** Every save but the auto-save: Submit, Retry, and the saves on leaving the page. */
  const requestSave = useCallback(
    (next: ReviewPayload) => {
      cancelAutoSave();
      return save.request(next, true);
    },
    [cancelAutoSave, save.request],
  );
  const saveBeforeLeaving = useSaveBeforeLeaving({
    queue,
    values: draft.values,
    baseline: draft.baseline,
    payload: draft.payload,
    isDirty: draft.isDirty,
    lastRequested: save.lastRequested,
    reachedServer: save.reachedServer,
    requestSave,
    isReadOnly,
  });

  /** Submit and Retry: saves the current input now (all five scores must be set). */
  const latestPayload = useRef(draft.payload);
  latestPayload.current = draft.payload;
  const saveNow = useCallback(() => {
    const current = latestPayload.current;
    return current && !isReadOnly ? requestSave(current) : Promise.resolve(false);
  }, [requestSave, isReadOnly]);

  const status: SaveStatus = queueState.status;
  return {
    values: draft.values,
    setScore: draft.setScore,
    setComment: draft.setComment,
    composite: compositeOfPartial(draft.values.scores),
    isComplete: draft.payload !== null,
    isDirty: draft.isDirty,
    isRestored: draft.isRestored,
    isSaving: status === 'saving',
    hasReview: opportunity.userReview !== null || queueState.lastSaved !== null,
    saveStatus: status,
    saveError: queueState.error,
    saveNow,
    saveBeforeLeaving,
    isReadOnly,
  };
}
