import type { CriterionKey } from './criteria';
import { DECISION_OUTCOMES } from './decisions';
import { COMMENT_FIELD_MAX, SCORE_MAX, SCORE_MIN } from './limits';
import { opportunityContentSchema } from './opportunity-schemas';
import { reviewerCycleFieldsSchema } from './review-cycle-schemas';
import { isStorableText } from './text';
import { z } from './zod';

/**
 * Contracts of the reviewer workspace (/api/reviewer/*), shared by the server routes and the web
 * client so that both validate with the same rules (SPEC.md sections 3, 5 and 7).
 */

const SCORE_MESSAGE = `Each score must be a whole number from ${SCORE_MIN} to ${SCORE_MAX}`;

export const scoreSchema = z
  .int({ error: SCORE_MESSAGE })
  .min(SCORE_MIN, SCORE_MESSAGE)
  .max(SCORE_MAX, SCORE_MESSAGE);

/** The five criteria of shared/criteria.ts, each a whole number 1..5. */
export const scoresSchema = z.object({
  strategicAlignment: scoreSchema,
  sustainability: scoreSchema,
  technologyReadiness: scoreSchema,
  marketPotential: scoreSchema,
  businessPotential: scoreSchema,
} satisfies Record<CriterionKey, typeof scoreSchema>);

export const reviewSubmissionSchema = z.object({
  opportunityId: z.uuid(),
  ...scoresSchema.shape,
});
export type ReviewSubmission = z.infer<typeof reviewSubmissionSchema>;

const commentFieldSchema = z
  .string()
  .max(COMMENT_FIELD_MAX, `Comments can be at most ${COMMENT_FIELD_MAX} characters`)
  .refine(isStorableText, 'Comments cannot contain NUL or lone surrogates')
  .nullable()
  .optional();

/**
 * The four comment fields. Text is stored exactly as sent (an empty string stays an empty
 * string); a missing field is stored as null, because a submission replaces the whole comment.
 */
export const commentFieldsSchema = z.object({
  howToBiggerBetter: commentFieldSchema,
  challenges: commentFieldSchema,
  howToGetGoing: commentFieldSchema,
  otherComments: commentFieldSchema,
});
export type CommentFields = z.infer<typeof commentFieldsSchema>;

export const commentSubmissionSchema = z.object({
  opportunityId: z.uuid(),
  ...commentFieldsSchema.shape,
});
export type CommentSubmission = z.infer<typeof commentSubmissionSchema>;

/** The reviewer's last opened opportunity; null when none or no longer published. */
export const viewerStateSchema = z.object({ lastOpportunityId: z.uuid().nullable() });
export type ViewerState = z.infer<typeof viewerStateSchema>;

export const opportunityIdParamsSchema = z.object({ id: z.uuid() });

// --- Responses ---------------------------------------------------------------------------------

export const reviewStatusSchema = z.enum(['not_started', 'in_progress', 'done']);
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

/** numeric(10,4) as text, e.g. "3.4000": exact, unlike a JSON number. */
const compositeSchema = z.string().regex(/^\d+\.\d{4}$/);

/** A saved review or comment on its own: which it is, where, and when it was saved and changed. */
const savedWorkSchema = z.object({
  id: z.uuid(),
  opportunityId: z.uuid(),
  submittedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

/**
 * The caller's own review as embedded in an opportunity (`userReview`): the composite and the
 * five scores, as SPEC.md section 3 lists them.
 */
export const userReviewSchema = z.object({
  composite: compositeSchema,
  ...scoresSchema.shape,
});
export type UserReview = z.infer<typeof userReviewSchema>;

/** The caller's own review on its own (POST /reviews, GET /opportunities/{id}/reviews). */
export const reviewSchema = userReviewSchema.extend(savedWorkSchema.shape);
export type Review = z.infer<typeof reviewSchema>;

const storedCommentFieldsSchema = z.object({
  howToBiggerBetter: z.string().nullable(),
  challenges: z.string().nullable(),
  howToGetGoing: z.string().nullable(),
  otherComments: z.string().nullable(),
});

/** The caller's own comment as embedded in an opportunity (`userComment`): the four fields. */
export const userCommentSchema = storedCommentFieldsSchema;
export type UserComment = z.infer<typeof userCommentSchema>;

/** The caller's own comment on its own (POST /comments). */
export const commentSchema = userCommentSchema.extend(savedWorkSchema.shape);
export type Comment = z.infer<typeof commentSchema>;

/** Another reviewer's comment (SPEC.md section 3 "Comments shown to others"). */
export const reviewerCommentSchema = storedCommentFieldsSchema.extend({
  id: z.uuid(),
  submittedAt: z.iso.datetime(),
  reviewer: z.object({ name: z.string(), displayName: z.string().nullable() }),
});
export type ReviewerComment = z.infer<typeof reviewerCommentSchema>;

/** A published opportunity with the caller's own work (SPEC.md section 3). */
export const reviewerOpportunitySchema = opportunityContentSchema.extend({
  reviewStatus: reviewStatusSchema,
  userReview: userReviewSchema.nullable(),
  userComment: userCommentSchema.nullable(),
});
export type ReviewerOpportunity = z.infer<typeof reviewerOpportunitySchema>;

/**
 * A list item (GET /api/reviewer/opportunities): the spec's shape plus `conflict` while
 * review-cycle control is in use or the caller has declared any conflict (issue 18,
 * ./review-cycle-schemas.ts); absent means false.
 */
export const reviewerOpportunityListItemSchema = reviewerOpportunitySchema.extend({
  conflict: z.boolean().optional(),
  /**
   * The released decision's outcome (null when none is released), present only while
   * `show_decisions_to_reviewers` is 'true' (issue 35); never a draft, never the rationale.
   */
  outcome: z.enum(DECISION_OUTCOMES).nullable().optional(),
});
export type ReviewerOpportunityListItem = z.infer<typeof reviewerOpportunityListItemSchema>;

/**
 * The detail (GET /api/reviewer/opportunities/{id}): the spec's shape plus `conflict` and
 * `commentsVisibility` while review-cycle control is in use (issue 18); absent otherwise.
 */
export const reviewerOpportunityDetailSchema = reviewerOpportunitySchema.extend({
  ...reviewerCycleFieldsSchema.partial().shape,
  /** As on the list item (issue 35). */
  outcome: z.enum(DECISION_OUTCOMES).nullable().optional(),
});
export type ReviewerOpportunityDetail = z.infer<typeof reviewerOpportunityDetailSchema>;
