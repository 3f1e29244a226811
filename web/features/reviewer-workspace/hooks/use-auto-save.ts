import { AUTO_SAVE_MS } from '@shared/limits';
import { useCallback, useEffect, useRef } from 'react';
import { payloadOf, type ReviewPayload, type ReviewValues, sameValues } from '../lib/review-values';

/**
 * Auto-save: AUTO_SAVE_MS after the last change, once all five scores are set and the input
 * differs from the baseline. Returns the cancel, for a save started another way meanwhile.
 * `isEnabled` false (a declared conflict: the server refuses saves) keeps the draft unsent.
 */
export function useAutoSave({
  values,
  baseline,
  save,
  isEnabled = true,
}: {
  values: ReviewValues;
  baseline: ReviewValues;
  save: (payload: ReviewPayload) => Promise<boolean>;
  isEnabled?: boolean;
}): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => {
    const next = payloadOf(values);
    if (!isEnabled || !next || sameValues(values, baseline)) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void save(next);
    }, AUTO_SAVE_MS);
    return cancel;
  }, [values, baseline, save, cancel, isEnabled]);

  return cancel;
}
