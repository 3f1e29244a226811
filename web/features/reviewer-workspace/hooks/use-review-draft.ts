import type { CriterionKey } from '@shared/criteria';
import type { ReviewerOpportunity } from '@shared/reviewer-schemas';
import { useCallback, useEffect, useRef, useState } from 'react';
import { clearDraft, type DraftKey, readDraft, writeDraft } from '../lib/draft-storage';
import {
  type CommentKey,
  payloadOf,
  type ReviewPayload,
  type ReviewValues,
  sameValues,
  valuesFromServer,
} from '../lib/review-values';
import type { SaveQueueState } from '../lib/save-queue';

/**
 * The reviewer's input on one opportunity and what it is measured against: it starts from the
 * local draft (a reload, a crash) or the server's copy, is kept in localStorage while it differs
 * from the last save, and every successful save (`saves`, this page's or one still running from
 * an earlier visit) becomes the new baseline.
 */
export function useReviewDraft({
  draftKey,
  opportunity,
  saves,
}: {
  draftKey: DraftKey;
  opportunity: ReviewerOpportunity;
  saves: SaveQueueState<ReviewPayload>;
}) {
  const [start] = useState(() => {
    const server = valuesFromServer(opportunity.userReview, opportunity.userComment);
    const draft = readDraft(draftKey);
    return { server, draft, isRestored: draft !== null && !sameValues(draft, server) };
  });
  const [values, setValues] = useState<ReviewValues>(start.draft ?? start.server);
  const [baseline, setBaseline] = useState<ReviewValues>(start.server);

  const seenSaves = useRef(saves.savedCount);
  useEffect(() => {
    if (saves.savedCount === seenSaves.current || !saves.lastSaved) return;
    seenSaves.current = saves.savedCount;
    setBaseline(saves.lastSaved);
  }, [saves.savedCount, saves.lastSaved]);

  const isDirty = !sameValues(values, baseline);

  useEffect(() => {
    if (isDirty) writeDraft(draftKey, values);
    else clearDraft(draftKey);
  }, [draftKey, values, isDirty]);

  const setScore = useCallback((key: CriterionKey, score: number) => {
    setValues((current) => ({ ...current, scores: { ...current.scores, [key]: score } }));
  }, []);

  const setComment = useCallback((key: CommentKey, text: string) => {
    setValues((current) => ({ ...current, comments: { ...current.comments, [key]: text } }));
  }, []);

  return {
    values,
    baseline,
    isDirty,
    /** The payload of a save, or null while a score is missing. */
    payload: payloadOf(values),
    isRestored: start.isRestored,
    setScore,
    setComment,
  };
}
