import type { AssignmentPair } from '@shared/review-cycle-schemas';
import { failureToast } from '@web/components/ui/failure-toast';
import { useCallback, useRef, useState } from 'react';
import { useAddAssignments, useRemoveAssignments } from '../api/assignment-queries';
import { type BoardIndex, pairKey, reviewedAmong } from '../lib/board-view';
import { errorBodyOf } from '../lib/error-body';

/** A removal waiting for the admin's word: some of its pairs hold saved work. */
export type PendingRemoval = {
  pairs: AssignmentPair[];
  /** How many of them hold a saved review (or comment, as the server counts it). */
  reviewed: number;
  /** What is being removed, in words: 'Amara Okafor from #3', 'every shown opportunity'. */
  what: string;
};

/**
 * Adding and removing assignments from the grid: each change marks its cells pending until the
 * server has answered and the board is fresh (several may run at once: each call is followed by
 * its own promise, not the mutation's latest state). A removal that touches saved work is held
 * for confirmation: known from the board, or learnt from the server's 409 when the board was
 * older than a review.
 */
export function useAssignmentChanges(index: BoardIndex | null) {
  const add = useAddAssignments();
  const remove = useRemoveAssignments();
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const [confirming, setConfirming] = useState<PendingRemoval | null>(null);
  const indexRef = useRef(index);
  indexRef.current = index;

  const mark = useCallback((pairs: AssignmentPair[], isPending: boolean) => {
    setPending((current) => {
      const next = new Set(current);
      for (const pair of pairs) {
        const key = pairKey(pair.reviewerId, pair.opportunityId);
        if (isPending) next.add(key);
        else next.delete(key);
      }
      return next;
    });
  }, []);

  const addPairs = useCallback(
    (pairs: AssignmentPair[]) => {
      if (pairs.length === 0) return;
      mark(pairs, true);
      // The failure toast comes from the mutation itself.
      add
        .mutateAsync(pairs)
        .catch(() => {})
        .finally(() => mark(pairs, false));
    },
    [add.mutateAsync, mark],
  );

  const removePairs = useCallback(
    (pairs: AssignmentPair[], what: string) => {
      if (pairs.length === 0) return;
      const reviewed = indexRef.current ? reviewedAmong(indexRef.current, pairs) : 0;
      if (reviewed > 0) {
        setConfirming({ pairs, reviewed, what });
        return;
      }
      mark(pairs, true);
      remove
        .mutateAsync({ pairs })
        .catch((error: unknown) => {
          const body = errorBodyOf(error, 409);
          if (body && typeof body.reviewed === 'number') {
            setConfirming({ pairs, reviewed: body.reviewed, what });
          } else {
            failureToast('Nothing Removed', error);
          }
        })
        .finally(() => mark(pairs, false));
    },
    [remove.mutateAsync, mark],
  );

  const confirmRemoval = useCallback(() => {
    if (!confirming) return;
    const { pairs } = confirming;
    mark(pairs, true);
    remove
      .mutateAsync({ pairs, confirmReviewed: true })
      .then(() => setConfirming(null))
      .catch((error: unknown) => failureToast('Nothing Removed', error))
      .finally(() => mark(pairs, false));
  }, [confirming, remove.mutateAsync, mark]);

  return {
    pending,
    addPairs,
    removePairs,
    confirming,
    isConfirmPending: remove.isPending && confirming !== null,
    confirmRemoval,
    cancelRemoval: () => setConfirming(null),
  };
}
