import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { type ReviewPayload, type ReviewValues, sameValues } from '../lib/review-values';
import type { SaveQueue } from '../lib/save-queue';

type LeavingOptions = {
  queue: SaveQueue<ReviewPayload>;
  values: ReviewValues;
  baseline: ReviewValues;
  payload: ReviewPayload | null;
  isDirty: boolean;
  /** The last payload a save was asked for, and the last the server acknowledged. */
  lastRequested: RefObject<ReviewPayload | null>;
  reachedServer: RefObject<ReviewPayload | null>;
  requestSave: (payload: ReviewPayload) => Promise<boolean>;
  /** Nothing can be saved (a declared conflict): leaving neither saves nor warns. */
  isReadOnly?: boolean;
};

/**
 * Leaving: in-app navigation saves complete unsaved work (the queue outlives the page); closing
 * or reloading the tab warns while anything has not reached the server. Returns the save to run
 * before Previous/Next.
 */
export function useSaveBeforeLeaving({
  queue,
  values,
  baseline,
  payload,
  isDirty,
  lastRequested,
  reachedServer,
  requestSave,
  isReadOnly = false,
}: LeavingOptions): () => Promise<boolean> {
  const latest = useRef({ payload, isDirty, values, baseline, isReadOnly });
  latest.current = { payload, isDirty, values, baseline, isReadOnly };
  const needsSave = useCallback(() => {
    const { payload: current, isDirty: dirty, isReadOnly: readOnly } = latest.current;
    if (readOnly || !current || !dirty) return null;
    const requested = lastRequested.current;
    const isRequested =
      requested !== null && sameValues(requested, current) && queue.getState().status !== 'failed';
    return isRequested ? null : current;
  }, [queue, lastRequested]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      const pending = needsSave();
      if (pending) void requestSave(pending);
      const { values: current, baseline: base, isReadOnly: readOnly } = latest.current;
      // A read-only page's draft stays on this device: there is nothing to warn about.
      if (readOnly) return;
      const saved = reachedServer.current;
      const isUnsaved = !sameValues(current, base) && !(saved && sameValues(current, saved));
      if (!isUnsaved) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [needsSave, requestSave, reachedServer]);

  useEffect(
    () => () => {
      const pending = needsSave();
      if (pending) void requestSave(pending);
    },
    [needsSave, requestSave],
  );

  /**
   * Before Previous/Next: saves complete unsaved input unless a save is already running; true
   * when the page may be left (false when that save failed, so the reviewer sees Retry).
   */
  return useCallback(async () => {
    if (queue.isSaving) return true;
    const current = latest.current;
    if (current.isReadOnly || !current.payload) return true;
    if (!current.isDirty && queue.getState().status !== 'failed') return true;
    return requestSave(current.payload);
  }, [queue, requestSave]);
}
