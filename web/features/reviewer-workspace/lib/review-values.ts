import { CRITERION_KEYS, type CriterionKey, type Scores } from '@shared/criteria';
import type { UserComment, UserReview } from '@shared/reviewer-schemas';

export const COMMENT_FIELDS = [
  { key: 'howToBiggerBetter', label: 'How to make this bigger and better?' },
  { key: 'challenges', label: 'What are the challenges you see?' },
  { key: 'howToGetGoing', label: 'How can we get this going?' },
  { key: 'otherComments', label: 'Any other comments or general view?' },
] as const;

export type CommentKey = (typeof COMMENT_FIELDS)[number]['key'];
export type CommentTexts = Record<CommentKey, string>;
export type PartialScores = Partial<Record<CriterionKey, number>>;

/** What the reviewer has entered for one opportunity, complete or not. */
export type ReviewValues = { scores: PartialScores; comments: CommentTexts };

/** A complete review, ready to be saved. */
export type ReviewPayload = { scores: Scores; comments: CommentTexts };

export const emptyComments: CommentTexts = {
  howToBiggerBetter: '',
  challenges: '',
  howToGetGoing: '',
  otherComments: '',
};

/** The reviewer's saved work as the server holds it. */
export function valuesFromServer(
  review: UserReview | null,
  comment: UserComment | null,
): ReviewValues {
  const scores: PartialScores = {};
  if (review) for (const key of CRITERION_KEYS) scores[key] = review[key];
  const comments = { ...emptyComments };
  if (comment) for (const { key } of COMMENT_FIELDS) comments[key] = comment[key] ?? '';
  return { scores, comments };
}

export function isComplete(scores: PartialScores): scores is Scores {
  return CRITERION_KEYS.every((key) => scores[key] != null);
}

export function sameValues(a: ReviewValues, b: ReviewValues): boolean {
  return (
    CRITERION_KEYS.every((key) => (a.scores[key] ?? null) === (b.scores[key] ?? null)) &&
    COMMENT_FIELDS.every(({ key }) => a.comments[key] === b.comments[key])
  );
}

/** The payload of a save, or null while a score is missing. */
export function payloadOf(values: ReviewValues): ReviewPayload | null {
  return isComplete(values.scores)
    ? { scores: { ...values.scores }, comments: { ...values.comments } }
    : null;
}
