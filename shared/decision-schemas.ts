import {
  DECISION_FLAGS,
  DECISION_OUTCOMES,
  DECISION_REVISION_STATES,
  DECISION_STATES,
  LETTER_COMMENT_FIELDS,
  LETTER_MESSAGE_MAX,
  RATIONALE_MAX,
} from './decisions';
import { BULK_IDS_MAX, COMMENT_FIELD_MAX } from './limits';
import { discussionReasonSchema, rankIntervalSchema } from './results-schemas';
import { z } from './zod';

/**
 * Contracts of the decision step (issue 35, docs/decisions/0029-decisions-and-letters.md):
 * outcomes drafted then released with the evidence kept, the waitlist, and the letters to the
 * owners. Everything is additive: while no decision exists every spec'd call answers as before.
 */

export const decisionOutcomeSchema = z.enum(DECISION_OUTCOMES, {
  error: `Outcome must be one of ${DECISION_OUTCOMES.join(', ')}`,
});
export const decisionStateSchema = z.enum(DECISION_STATES);
export const decisionRevisionStateSchema = z.enum(DECISION_REVISION_STATES);
export const decisionFlagSchema = z.enum(DECISION_FLAGS);
export const letterCommentFieldSchema = z.enum(LETTER_COMMENT_FIELDS, {
  error: `Field must be one of ${LETTER_COMMENT_FIELDS.join(', ')}`,
});

// --- PUT /api/admin/opportunities/{id}/decision -------------------------------------------------

export const putDecisionSchema = z.object({
  outcome: decisionOutcomeSchema,
  rationale: z
    .string('Rationale must be text')
    .trim()
    .max(RATIONALE_MAX, `Rationale must be at most ${RATIONALE_MAX} characters`)
    .nullish()
    .transform((value) => value ?? ''),
});
export type PutDecisionInput = z.input<typeof putDecisionSchema>;

/** POST /api/admin/decisions/bulk: the same draft on several opportunities, all or nothing. */
export const bulkDecisionSchema = putDecisionSchema.extend({
  ids: z
    .array(z.uuid('Each id must be a UUID'), 'ids must be a list of ids')
    .min(1, 'Select at least one row')
    .max(BULK_IDS_MAX, `At most ${BULK_IDS_MAX} rows at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear only once'),
});
export type BulkDecisionInput = z.input<typeof bulkDecisionSchema>;

/**
 * What the panel knew when a decision was set: the opportunity's row of GET /api/admin/results
 * (null figures when it had none, e.g. archived or unreviewed) and the panel's alpha.
 */
export const decisionEvidenceSchema = z.object({
  reviewCount: z.int().nonnegative(),
  rawComposite: z.number().nullable(),
  calibratedComposite: z.number().nullable(),
  calibratedRank: z.int().positive().nullable(),
  calibratedRankInterval: rankIntervalSchema.nullable(),
  /** The discussion reasons of Results. */
  flags: z.array(discussionReasonSchema),
  /** Krippendorff's alpha of the composite, for the whole panel. */
  alpha: z.number().nullable(),
  /** How many opportunities the ranking held (for the percentile band). */
  ranked: z.int().nonnegative(),
});
export type DecisionEvidence = z.infer<typeof decisionEvidenceSchema>;

/** Keys of the evidence that differ between the snapshot and today's figures. */
export const EVIDENCE_KEYS = [
  'reviewCount',
  'rawComposite',
  'calibratedComposite',
  'calibratedRank',
  'calibratedRankInterval',
  'flags',
  'alpha',
] as const;
export const evidenceKeySchema = z.enum(EVIDENCE_KEYS);
export type EvidenceKey = z.infer<typeof evidenceKeySchema>;

const actorSchema = z.object({ id: z.uuid(), name: z.string() }).nullable();

/** One revision of an opportunity's decision. */
export const decisionRevisionSchema = z.object({
  id: z.uuid(),
  opportunityId: z.uuid(),
  revision: z.int().positive(),
  outcome: decisionOutcomeSchema,
  rationale: z.string(),
  state: decisionRevisionStateSchema,
  /** Who set it (null once that account is deleted) and when. */
  decidedBy: actorSchema,
  decidedAt: z.iso.datetime(),
  releasedBy: actorSchema,
  releasedAt: z.iso.datetime().nullable(),
  evidence: decisionEvidenceSchema,
  /** The letter queued when it was released, if any: to whom. */
  letterTo: z.string().nullable(),
  /** Set on a draft proposed by a withdrawal: the number of the opportunity that withdrew. */
  proposedFor: z.int().nullable(),
});
export type DecisionRevision = z.infer<typeof decisionRevisionSchema>;

// --- GET /api/admin/decisions ---------------------------------------------------------------

/** A decision in force or proposed: one entry per (opportunity, state). */
export const decisionEntrySchema = decisionRevisionSchema.extend({
  state: decisionStateSchema,
  number: z.int(),
  title: z.string(),
  /** The owner's email when set (letters go there). */
  ownerEmail: z.string().nullable(),
  /** 1..n among the waitlist (outcome waitlisted, draft else released); null otherwise. */
  waitlistPosition: z.int().positive().nullable(),
  /** Flags from today's ranking against the outcomes in view (draft else released). */
  flags: z.array(decisionFlagSchema),
  /** Evidence keys that moved since the snapshot (today's Results differ). */
  changedSince: z.array(evidenceKeySchema),
});
export type DecisionEntry = z.infer<typeof decisionEntrySchema>;

export const decisionsListSchema = z.object({
  decisions: z.array(decisionEntrySchema),
  /** Opportunity ids in waitlist order. */
  waitlist: z.array(z.uuid()),
  /** Accepted opportunities (draft else released): the A of the flags. */
  acceptedCount: z.int().nonnegative(),
});
export type DecisionsList = z.infer<typeof decisionsListSchema>;

// --- GET /api/admin/opportunities/{id}/decision: the decision panel ----------------------------

export const decisionPanelSchema = z.object({
  opportunity: z.object({
    id: z.uuid(),
    number: z.int(),
    title: z.string(),
    status: z.enum(['draft', 'published', 'archived']),
    ownerName: z.string().nullable(),
    ownerEmail: z.string().nullable(),
  }),
  draft: decisionEntrySchema.nullable(),
  released: decisionEntrySchema.nullable(),
  /** Every revision, newest first. */
  history: z.array(decisionRevisionSchema),
  /** Today's figures, in the shape of the snapshot. */
  evidenceNow: decisionEvidenceSchema,
});
export type DecisionPanel = z.infer<typeof decisionPanelSchema>;

// --- POST /api/admin/decisions/release --------------------------------------------------------

export const releaseDecisionsSchema = z.object({
  /** Opportunity ids whose drafts to release; absent = every draft. */
  ids: z
    .array(z.uuid('Each id must be a UUID'), 'ids must be a list of ids')
    .min(1, 'Select at least one decision')
    .max(BULK_IDS_MAX, `At most ${BULK_IDS_MAX} decisions at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear only once')
    .optional(),
  sendLetters: z.boolean('sendLetters must be true or false').optional().default(false),
  /** Only say what a release would do (the confirmation), changing nothing. */
  dryRun: z.boolean('dryRun must be true or false').optional().default(false),
});
export type ReleaseDecisionsInput = z.input<typeof releaseDecisionsSchema>;

export const releaseResultSchema = z.object({
  dryRun: z.boolean(),
  released: z.array(
    z.object({
      opportunityId: z.uuid(),
      number: z.int(),
      title: z.string(),
      outcome: decisionOutcomeSchema,
    }),
  ),
  /** The letters queued (or, in a dry run, that would be), one per owner address. */
  letters: z.array(z.object({ opportunityId: z.uuid(), number: z.int(), to: z.string() })),
  /** Released decisions without an owner email: no letter. */
  withoutOwnerEmail: z.array(z.int()),
  /** Drafts proposed from the waitlist because an accepted one withdrew. */
  proposed: z.array(
    z.object({
      opportunityId: z.uuid(),
      number: z.int(),
      title: z.string(),
      forNumber: z.int(),
    }),
  ),
});
export type ReleaseResult = z.infer<typeof releaseResultSchema>;

// --- PATCH /api/admin/decisions/waitlist --------------------------------------------------------

export const waitlistOrderSchema = z.object({
  ids: z
    .array(z.uuid('Each id must be a UUID'), 'ids must be a list of ids')
    .max(BULK_IDS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear only once'),
});

// --- The letter: GET/PUT /api/admin/opportunities/{id}/letter, GET .../feedback -----------------

const letterTextSchema = z
  .string('Text must be text')
  .trim()
  .min(1, 'An included comment cannot be empty: leave it out instead')
  .max(COMMENT_FIELD_MAX, `A comment must be at most ${COMMENT_FIELD_MAX} characters`);

export const letterItemInputSchema = z.object({
  reviewerId: z.uuid('Invalid reviewer id'),
  field: letterCommentFieldSchema,
  /** The text as it goes in the letter; differs from the comment when redacted. */
  text: letterTextSchema,
});

export const putLetterSchema = z.object({
  message: z
    .string('Message must be text')
    .max(LETTER_MESSAGE_MAX, `Message must be at most ${LETTER_MESSAGE_MAX} characters`)
    .default(''),
  includeBand: z.boolean('includeBand must be true or false').default(false),
  items: z
    .array(letterItemInputSchema)
    .max(4000)
    .refine(
      (items) => new Set(items.map((i) => `${i.reviewerId}/${i.field}`)).size === items.length,
      'Each comment may be included only once',
    )
    .default([]),
});
export type PutLetterInput = z.input<typeof putLetterSchema>;

/** One reviewer's comment as the editor offers it (admins only: the letter never names them). */
export const letterSourceSchema = z.object({
  reviewerId: z.uuid(),
  /** 'Reviewer A', ... in order of the comments' first save, as on the reviewer's page. */
  label: z.string(),
  /** The reviewer's name, for the admin's eyes only. */
  name: z.string(),
  fields: z.object({
    howToBiggerBetter: z.string().nullable(),
    challenges: z.string().nullable(),
    howToGetGoing: z.string().nullable(),
    otherComments: z.string().nullable(),
  }),
});

export const letterItemSchema = letterItemInputSchema.extend({
  /** The text differs from the reviewer's current comment. */
  redacted: z.boolean(),
});

export const letterEditorSchema = z.object({
  message: z.string(),
  includeBand: z.boolean(),
  items: z.array(letterItemSchema),
  sources: z.array(letterSourceSchema),
  updatedAt: z.iso.datetime().nullable(),
});
export type LetterEditor = z.infer<typeof letterEditorSchema>;

/** Exactly what the owner would receive; 409 while the opportunity has no decision. */
export const feedbackLetterSchema = z.object({
  to: z.object({ name: z.string().nullable(), email: z.string() }).nullable(),
  outcome: decisionOutcomeSchema,
  /** Which decision it states: the draft when there is one, otherwise the released one. */
  state: decisionStateSchema,
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type FeedbackLetter = z.infer<typeof feedbackLetterSchema>;
