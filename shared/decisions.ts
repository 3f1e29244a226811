/**
 * Decisions (issue 35): the outcomes, their labels and the texts the screens and letters share,
 * without zod, so that pages which only show an outcome load no schema (decision 0026).
 * decision-schemas.ts holds the contracts of the calls.
 */

/** The fixed set of outcomes, in the order the screens list them. */
export const DECISION_OUTCOMES = [
  'shortlisted',
  'accepted',
  'waitlisted',
  'declined',
  'withdrawn',
] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];

export function isDecisionOutcome(value: string): value is DecisionOutcome {
  return (DECISION_OUTCOMES as readonly string[]).includes(value);
}

export const OUTCOME_LABELS: Record<DecisionOutcome, string> = {
  shortlisted: 'Shortlisted',
  accepted: 'Accepted',
  waitlisted: 'Waitlisted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

/** A decision in force ('released') or proposed ('draft'). */
export const DECISION_STATES = ['draft', 'released'] as const;
export type DecisionState = (typeof DECISION_STATES)[number];

/**
 * A revision's place in an opportunity's history: the draft, the released one in force, a
 * released one a later release replaced ('superseded'), a draft a later PUT replaced or a DELETE
 * removed ('discarded').
 */
export const DECISION_REVISION_STATES = ['draft', 'released', 'superseded', 'discarded'] as const;
export type DecisionRevisionState = (typeof DECISION_REVISION_STATES)[number];

export const RATIONALE_MAX = 2000;
export const LETTER_MESSAGE_MAX = 10_000;

/** Flags that contradict the evidence (they inform, never block). */
export const DECISION_FLAGS = ['ranked-above-accepted', 'ranked-below-declined'] as const;
export type DecisionFlag = (typeof DECISION_FLAGS)[number];
export const DECISION_FLAG_LABELS: Record<DecisionFlag, string> = {
  'ranked-above-accepted': 'ranked above accepted ones',
  'ranked-below-declined': 'ranked below declined ones',
};

/** Reviewers see released outcomes on their list and detail when this is 'true' (default 'false'). */
export const SHOW_DECISIONS_TO_REVIEWERS = 'show_decisions_to_reviewers';

/** The comment fields a letter may quote, in the order of the reviewer's form. */
export const LETTER_COMMENT_FIELDS = [
  'howToBiggerBetter',
  'challenges',
  'howToGetGoing',
  'otherComments',
] as const;
export type LetterCommentField = (typeof LETTER_COMMENT_FIELDS)[number];

/** The fields the letter editor offers by default; the other two are offered on request. */
export const LETTER_DEFAULT_FIELDS: readonly LetterCommentField[] = [
  'howToBiggerBetter',
  'howToGetGoing',
];

/** The headings the letter gives each field (the questions of SPEC.md's comment form). */
export const LETTER_FIELD_HEADINGS: Record<LetterCommentField, string> = {
  howToBiggerBetter: 'How to make this bigger and better',
  challenges: 'The challenges the panel sees',
  howToGetGoing: 'How to get this going',
  otherComments: 'Other comments',
};

/** The bands a letter may name; the smallest that holds the calibrated rank is used. */
export const PERCENTILE_BANDS = [10, 20, 25, 50] as const;

/**
 * The band of a calibrated rank among `ranked` opportunities: 'top 10%' ... 'top 50%', or
 * 'the lower half' below that; null without a rank.
 */
export function percentileBand(rank: number | null, ranked: number): string | null {
  if (rank === null || ranked <= 0) return null;
  for (const band of PERCENTILE_BANDS) {
    if (rank <= Math.floor((ranked * band) / 100)) return `top ${band}%`;
  }
  return 'the lower half';
}
