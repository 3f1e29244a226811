import type { CriterionKey } from '@shared/criteria';
import { AUTO_SAVE_MS } from '@shared/limits';
import type { ReviewerOpportunity } from '@shared/reviewer-schemas';
import { compositeOfPartial } from '@shared/scoring';
import { useQueryClient } from '@tanstack/react-query';
import { failureToast } from '@web/components/ui/failure-toast';
import { toast } from '@web/components/ui/use-toast';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { postReviewAndComments } from '../api/save-review';
import {
  clearDraft,
  clearDraftIfSaved,
  type DraftKey,
  readDraft,
  writeDraft,
} from '../lib/draft-storage';
import {
  type CommentKey,
  payloadOf,
  type ReviewPayload,
  type ReviewValues,
  sameValues,
  valuesFromServer,
} from '../lib/review-values';
import { type SaveStatus, saveQueueFor } from '../lib/save-queue';

export type ReviewWorkspaceOptions = {
  userId: string;
  opportunity: ReviewerOpportunity;
  /** Refetches what a save changes (the list and this opportunity). */
  onSaved: () => Promise<void>;
};

export type ReviewWorkspace = ReturnType<typeof useReviewWorkspace>;

/**
 * The reviewer's work on one opportunity: scores and comments, a local draft that survives a
 * reload, auto-save AUTO_SAVE_MS after the last change once all five scores are set, saves
 * through the opportunity's save queue, and a save (or a warning) before the page is left.
 */
export function useReviewWorkspace({ userId, opportunity, onSaved }: ReviewWorkspaceOptions) {
  const queryClient = useQueryClient();
  const opportunityId = opportunity.id;
  const draftKey = useMemo<DraftKey>(() => ({ userId, opportunityId }), [userId, opportunityId]);
  const queue = saveQueueFor<ReviewPayload>(queryClient, `${userId}:${opportunityId}`);

  const [start] = useState(() => {
    const server = valuesFromServer(opportunity.userReview, opportunity.userComment);
    const draft = readDraft(draftKey);
    return { server, draft, isRestored: draft !== null && !sameValues(draft, server) };
  });
  const [values, setValues] = useState<ReviewValues>(start.draft ?? start.server);
  const [baseline, setBaseline] = useState<ReviewValues>(start.server);
  const queueState = useSyncExternalStore(queue.subscribe, queue.getState, queue.getState);

  // A successful save (this page's or one still running from an earlier visit) is the new
  // baseline that "unsaved changes" are measured against.
  const seenSaves = useRef(queueState.savedCount);
  useEffect(() => {
    if (queueState.savedCount === seenSaves.current || !queueState.lastSaved) return;
    seenSaves.current = queueState.savedCount;
    setBaseline(queueState.lastSaved);
  }, [queueState.savedCount, queueState.lastSaved]);

  const isDirty = !sameValues(values, baseline);
  const payload = payloadOf(values);
  const composite = compositeOfPartial(values.scores);

  useEffect(() => {
    if (isDirty) writeDraft(draftKey, values);
    else clearDraft(draftKey);
  }, [draftKey, values, isDirty]);

  // The last input the server acknowledged, as soon as it answers (the queue still runs the
  // refetches after that): leaving then has nothing left to warn about.
  const reachedServer = useRef<ReviewPayload | null>(null);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const run = useCallback(
    async (saved: ReviewPayload) => {
      try {
        await postReviewAndComments(opportunityId, saved);
      } catch (error) {
        failureToast('Failed to Save', error, 'Save failed');
        throw error;
      }
      reachedServer.current = saved;
      clearDraftIfSaved(draftKey, saved);
      toast({
        title: 'Review Saved',
        description: 'Your review and comments have been saved successfully',
      });
      await onSavedRef.current();
    },
    [opportunityId, draftKey],
  );

  const lastRequested = useRef<ReviewPayload | null>(null);
  const autoSaveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelAutoSave = useCallback(() => {
    if (autoSaveTimer.current) clearTimeout(autoSaveTimer.current);
    autoSaveTimer.current = null;
  }, []);

  const requestSave = useCallback(
    (next: ReviewPayload): Promise<boolean> => {
      cancelAutoSave();
      lastRequested.current = next;
      return queue.enqueue(next, run);
    },
    [queue, run, cancelAutoSave],
  );

  // Auto-save: AUTO_SAVE_MS after the last change, once all five scores are set.
  useEffect(() => {
    const next = payloadOf(values);
    if (!next || sameValues(values, baseline)) return;
    autoSaveTimer.current = setTimeout(() => {
      autoSaveTimer.current = null;
      void requestSave(next);
    }, AUTO_SAVE_MS);
    return cancelAutoSave;
  }, [values, baseline, requestSave, cancelAutoSave]);

  // Leaving: in-app navigation saves complete unsaved work (the queue outlives the page); closing
  // or reloading the tab warns while anything has not reached the server.
  const latest = useRef({ payload, isDirty, values, baseline });
  latest.current = { payload, isDirty, values, baseline };
  const needsSave = useCallback(() => {
    const { payload: current, isDirty: dirty } = latest.current;
    if (!current || !dirty) return null;
    const requested = lastRequested.current;
    const isRequested =
      requested !== null && sameValues(requested, current) && queue.getState().status !== 'failed';
    return isRequested ? null : current;
  }, [queue]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      const pending = needsSave();
      if (pending) void requestSave(pending);
      const { values: current, baseline: base } = latest.current;
      const saved = reachedServer.current;
      const isUnsaved = !sameValues(current, base) && !(saved && sameValues(current, saved));
      if (!isUnsaved) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [needsSave, requestSave]);

  useEffect(
    () => () => {
      const pending = needsSave();
      if (pending) void requestSave(pending);
    },
    [needsSave, requestSave],
  );

  const setScore = useCallback((key: CriterionKey, score: number) => {
    setValues((current) => ({ ...current, scores: { ...current.scores, [key]: score } }));
  }, []);

  const setComment = useCallback((key: CommentKey, text: string) => {
    setValues((current) => ({ ...current, comments: { ...current.comments, [key]: text } }));
  }, []);

  /** Submit and Retry: saves the current input now (all five scores must be set). */
  const saveNow = useCallback(() => {
    const current = latest.current.payload;
    return current ? requestSave(current) : Promise.resolve(false);
  }, [requestSave]);

  /**
   * Before Previous/Next: saves complete unsaved input unless a save is already running; true
   * when the page may be left (false when that save failed, so the reviewer sees Retry).
   */
  const saveBeforeLeaving = useCallback(async () => {
    if (queue.isSaving) return true;
    const current = latest.current;
    if (!current.payload) return true;
    if (!current.isDirty && queue.getState().status !== 'failed') return true;
    return requestSave(current.payload);
  }, [queue, requestSave]);

  const status: SaveStatus = queueState.status;
  return {
    values,
    setScore,
    setComment,
    composite,
    isComplete: payload !== null,
    isDirty,
    isRestored: start.isRestored,
    isSaving: status === 'saving',
    hasReview: opportunity.userReview !== null || queueState.lastSaved !== null,
    saveStatus: status,
    saveError: queueState.error,
    saveNow,
    saveBeforeLeaving,
  };
}
