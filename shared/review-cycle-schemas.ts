import { optionalTextSchema, wholeNumberSchema } from './field-schemas';
import { z } from './zod';

/**
 * Contracts of review-cycle control (issue 18): assignments, conflicts of interest and the
 * comment-visibility settings beside the spec's switch. Everything here is additive: with
 * `review_assignment` = 'open', no conflicts and the two new settings at their defaults, every
 * spec'd call answers exactly as before.
 */

// --- Settings (read and written through GET /api/admin/settings/{key}, POST /api/admin/settings)

/** 'open' (default): the spec's model; 'assigned': reviewers see only what is assigned to them. */
export const reviewAssignmentModeSchema = z.enum(['open', 'assigned'], {
  error: "Value must be 'open' or 'assigned'",
});
export type ReviewAssignmentMode = z.infer<typeof reviewAssignmentModeSchema>;

// --- Admin: the assignment board (GET /api/admin/assignments?batch=&reviewerId=) -------------

export const assignmentBoardQuerySchema = z.object({
  /** Only opportunities of this batch (exact match); absent = all. */
  batch: z.string().trim().min(1).max(100).optional(),
  /** Only this reviewer's row; absent = all active reviewers. */
  reviewerId: z.uuid('Invalid reviewer id').optional(),
});

export const assignmentPairSchema = z.object({
  reviewerId: z.uuid('Invalid reviewer id'),
  opportunityId: z.uuid('Invalid opportunity id'),
});
export type AssignmentPair = z.infer<typeof assignmentPairSchema>;

export const conflictSourceSchema = z.enum(['reviewer', 'admin']);

export const conflictSchema = z.object({
  id: z.uuid(),
  reviewerId: z.uuid(),
  opportunityId: z.uuid(),
  reason: z.string().nullable(),
  declaredBy: conflictSourceSchema,
  createdAt: z.iso.datetime(),
});
export type Conflict = z.infer<typeof conflictSchema>;

/** One reviewer row of the board: load = assigned opportunities, reviewed = complete reviews of them. */
export const boardReviewerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  displayName: z.string().nullable(),
  email: z.string(),
  assigned: z.int().nonnegative(),
  reviewed: z.int().nonnegative(),
});

/** One opportunity column: coverage = assigned reviewers, reviewed = their complete reviews. */
export const boardOpportunitySchema = z.object({
  id: z.uuid(),
  number: z.int(),
  title: z.string(),
  status: z.enum(['draft', 'published', 'archived']),
  batch: z.string().nullable(),
  assigned: z.int().nonnegative(),
  reviewed: z.int().nonnegative(),
});

export const boardAssignmentSchema = assignmentPairSchema.extend({
  /** The reviewer saved all five scores for this opportunity. */
  hasReview: z.boolean(),
});

/**
 * GET /api/reviewer/scope: the mode that decides which published opportunities a reviewer sees,
 * so that an empty list can say why it is empty (nothing assigned yet, or nothing published).
 */
export const reviewerScopeSchema = z.object({ mode: reviewAssignmentModeSchema });
export type ReviewerScope = z.infer<typeof reviewerScopeSchema>;

/**
 * The board: active reviewers (role reviewer) in name order, opportunities (every status) in
 * number order, the assignments and conflicts among them. Reviews made while unassigned (open
 * mode) are not listed as assignments.
 */
export const assignmentBoardSchema = z.object({
  mode: reviewAssignmentModeSchema,
  batches: z.array(z.string()),
  reviewers: z.array(boardReviewerSchema),
  opportunities: z.array(boardOpportunitySchema),
  assignments: z.array(boardAssignmentSchema),
  conflicts: z.array(conflictSchema),
});
export type AssignmentBoard = z.infer<typeof assignmentBoardSchema>;

// --- Admin: add and remove (POST /api/admin/assignments, POST /api/admin/assignments/remove) --

/** Adding is idempotent; a conflicted pair is refused (409) and nothing of the request is added. */
export const addAssignmentsSchema = z.object({
  pairs: z.array(assignmentPairSchema).min(1, 'Choose at least one assignment').max(20_000),
});
export const addAssignmentsResultSchema = z.object({
  added: z.int().nonnegative(),
  alreadyAssigned: z.int().nonnegative(),
});

/**
 * Removing a pair whose reviewer already saved a review or comment needs `confirmReviewed: true`
 * (otherwise 409 with `reviewed`, the count); the review is kept but leaves the aggregates while
 * the mode is 'assigned'.
 */
export const removeAssignmentsSchema = z.object({
  pairs: z.array(assignmentPairSchema).min(1, 'Choose at least one assignment').max(20_000),
  confirmReviewed: z.boolean().optional(),
});
export const removeAssignmentsResultSchema = z.object({
  removed: z.int().nonnegative(),
  /** Of the removed, how many had a saved review now kept out of the aggregates. */
  reviewsExcluded: z.int().nonnegative(),
});

// --- Admin: auto-assign (POST /api/admin/assignments/auto) ------------------------------------

export const autoAssignSchema = z.object({
  /** k reviewers per opportunity (counting existing assignments). */
  perOpportunity: wholeNumberSchema('Reviewers per opportunity', 1, 1000),
  /** Only opportunities of this batch; absent = every published opportunity. */
  batch: z.string().trim().min(1).max(100).optional(),
  /** Most opportunities per reviewer (counting existing assignments); absent = no cap. */
  maxPerReviewer: wholeNumberSchema('Opportunities per reviewer', 1, 1000).optional(),
  /** false = preview only; true = apply in one transaction. */
  apply: z.boolean(),
  /** The preview's fingerprint; when given and the input changed since, apply answers 409. */
  fingerprint: z.string().optional(),
});
export type AutoAssignRequest = z.infer<typeof autoAssignSchema>;

export const autoAssignPlanSchema = z.object({
  fingerprint: z.string(),
  applied: z.boolean(),
  added: z.array(assignmentPairSchema),
  loads: z.array(z.object({ reviewerId: z.uuid(), before: z.int(), after: z.int() })),
  coverage: z.array(z.object({ opportunityId: z.uuid(), before: z.int(), after: z.int() })),
  /** Opportunities left short of k: how many places are missing and why, in words. */
  unplaced: z.array(
    z.object({ opportunityId: z.uuid(), missing: z.int().positive(), reason: z.string() }),
  ),
});
export type AutoAssignPlan = z.infer<typeof autoAssignPlanSchema>;

// --- Admin: CSV import (POST /api/admin/assignments/import) ------------------------------------

/** The CSV text: a header line `email,number` (case-insensitive) then one pair per line. */
export const importAssignmentsSchema = z.object({
  csv: z.string().min(1, 'The file is empty').max(2_000_000, 'The file is too large'),
});
export const importRowErrorSchema = z.object({
  line: z.int().positive(),
  email: z.string(),
  number: z.string(),
  error: z.enum(['unknown_email', 'unknown_number', 'conflict', 'duplicate', 'malformed']),
  message: z.string(),
});
/** 200 on success; any bad row answers 400 `{message, rows: ImportRowError[]}` and adds nothing. */
export const importAssignmentsResultSchema = z.object({
  added: z.int().nonnegative(),
  alreadyAssigned: z.int().nonnegative(),
});

// --- Conflicts of interest ----------------------------------------------------------------------

/**
 * Reviewer: POST /api/reviewer/opportunities/{id}/conflict answers 200 with the caller's
 * OwnConflict; declaring again is idempotent (the first declaration and its reason are kept, no
 * second audit row). Admin: POST /api/admin/conflicts answers 201 with the Conflict, or 409 when
 * the pair already has one.
 */
export const declareConflictSchema = z.object({
  reason: optionalTextSchema(1000, 'Reason must be at most 1000 characters'),
});
export const recordConflictSchema = z.object({
  reviewerId: z.uuid('Invalid reviewer id'),
  opportunityId: z.uuid('Invalid opportunity id'),
  reason: optionalTextSchema(1000, 'Reason must be at most 1000 characters'),
});

/**
 * GET /api/admin/conflicts: every conflict with names, newest first; DELETE
 * /api/admin/conflicts/{id} withdraws one (200 with the withdrawn Conflict; 404 if unknown).
 */
export const adminConflictSchema = conflictSchema.extend({
  reviewer: z.object({ name: z.string(), email: z.string() }),
  opportunity: z.object({ number: z.int(), title: z.string() }),
});
export const adminConflictListSchema = z.array(adminConflictSchema);
export const conflictIdParamsSchema = z.object({ id: z.uuid('Invalid conflict id') });

/** The caller's own conflict on an opportunity (reviewer detail `conflict`). */
export const ownConflictSchema = z.object({
  reason: z.string().nullable(),
  declaredAt: z.iso.datetime(),
});

/**
 * Why the reviewer detail shows or hides others' comments (reviewer detail `commentsVisibility`):
 * 'visible', 'disabled' (the spec's switch is off), 'after_own_review' (the reviewer has not yet
 * saved all five scores), 'conflict' (the reviewer declared a conflict).
 */
export const commentsVisibilitySchema = z.enum([
  'visible',
  'disabled',
  'after_own_review',
  'conflict',
]);
export type CommentsVisibility = z.infer<typeof commentsVisibilitySchema>;

/**
 * Additive fields of the reviewer calls (issue 18), beside the spec's shapes:
 * - list items (GET /api/reviewer/opportunities) gain `conflict: boolean`;
 * - the detail (GET /api/reviewer/opportunities/{id}) gains `conflict: OwnConflict | null` and
 *   `commentsVisibility`;
 * - with `show_reviewer_names` = 'false', others' comments carry
 *   `reviewer: {name: 'Reviewer A', displayName: null}`, a label stable per opportunity;
 * - saves on a conflicted opportunity answer 409 with CONFLICT_CLOSED_MESSAGE.
 *
 * The fields are sent only while review-cycle control is in use for the answer: the mode is
 * 'assigned', `reviewer_comments_after_own_review` is 'true' or `show_reviewer_names` is 'false';
 * or, for the list, the caller has declared any conflict (then every item carries `conflict`),
 * and for the detail, a conflict on that opportunity. Otherwise they are absent, so the spec's
 * calls answer exactly as before; read an absent `conflict` as false/null and an absent
 * `commentsVisibility` as "the spec's switch decides" (GET .../comments answers [] when it is off).
 * The shapes with these fields optional are `reviewerOpportunityListItemSchema` and
 * `reviewerOpportunityDetailSchema` in ./reviewer-schemas.ts.
 */
export const reviewerCycleFieldsSchema = z.object({
  conflict: ownConflictSchema.nullable(),
  commentsVisibility: commentsVisibilitySchema,
});

export const CONFLICT_CLOSED_MESSAGE =
  'You declared a conflict of interest for this opportunity: scoring and commenting are closed';
