import { failureToast } from '@web/components/ui/failure-toast';
import { toast } from '@web/components/ui/use-toast';
import { isApiError } from '@web/lib/api-client';
import { useCallback, useRef } from 'react';
import { postReviewAndComments } from '../api/save-review';
import { clearDraftIfSaved, type DraftKey } from '../lib/draft-storage';
import type { ReviewPayload } from '../lib/review-values';
import type { SaveQueue } from '../lib/save-queue';

/**
 * Saves through the opportunity's queue (one at a time, latest input wins): posts, drops the
 * local draft it covers and refetches (`onSaved`). A failure always toasts; success toasts only
 * for a save the reviewer asked for (Submit, Retry, Previous/Next, leaving): auto-saves show in
 * the save status alone, so scoring 50 opportunities does not raise 50 toasts. Remembers the
 * last payload asked for and the last the server acknowledged, which leaving the page checks.
 */
export function useReviewSave({
  queue,
  opportunityId,
  draftKey,
  onSaved,
  onRefused,
}: {
  queue: SaveQueue<ReviewPayload>;
  opportunityId: string;
  draftKey: DraftKey;
  onSaved: () => Promise<void>;
  /**
   * The server refused the save as no longer allowed (409: a conflict of interest declared
   * elsewhere): the page fetches the opportunity again to learn why. The draft stays.
   */
  onRefused?: () => Promise<void>;
}) {
  // The last input the server acknowledged, as soon as it answers (the queue still runs the
  // refetches after that): leaving then has nothing left to warn about.
  const reachedServer = useRef<ReviewPayload | null>(null);
  const lastRequested = useRef<ReviewPayload | null>(null);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const onRefusedRef = useRef(onRefused);
  onRefusedRef.current = onRefused;
  // Set by an asked-for save, taken by the next save to start: the queue merges waiting input,
  // so the save that carries the asked-for input (or newer) is the one that starts next.
  const isAnnounceOwed = useRef(false);

  const run = useCallback(
    async (saved: ReviewPayload) => {
      const isAnnounced = isAnnounceOwed.current;
      isAnnounceOwed.current = false;
      try {
        await postReviewAndComments(opportunityId, saved);
      } catch (error) {
        failureToast('Failed to Save', error, 'Save failed');
        if (isApiError(error, 409)) void onRefusedRef.current?.();
        throw error;
      }
      reachedServer.current = saved;
      clearDraftIfSaved(draftKey, saved);
      if (isAnnounced) {
        toast({
          title: 'Review Saved',
          description: 'Your review and comments have been saved successfully',
        });
      }
      await onSavedRef.current();
    },
    [opportunityId, draftKey],
  );

  /**
   * Resolves true once `next` (or newer input) is saved, false when that save failed.
   * `isAskedFor`: the reviewer asked for it, so its success toasts.
   */
  const request = useCallback(
    (next: ReviewPayload, isAskedFor: boolean): Promise<boolean> => {
      lastRequested.current = next;
      if (isAskedFor) isAnnounceOwed.current = true;
      return queue.enqueue(next, run);
    },
    [queue, run],
  );

  return { request, lastRequested, reachedServer };
}
