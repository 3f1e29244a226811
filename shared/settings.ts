/**
 * The platform settings' keys (GET /api/admin/settings/{key}, POST /api/admin/settings) and the
 * texts they set, without their schemas: the pages that only read or name a setting take these
 * from here, so that they load no zod (settings-schemas.ts and review-cycle-schemas.ts hold the
 * values each key takes; decision 0026).
 */

/** SPEC.md's switch: whether reviewers see each other's comments. */
export const SHOW_REVIEWER_COMMENTS = 'show_reviewer_comments';
/** Review-cycle control (issue 18): 'open' (default) or 'assigned'. */
export const REVIEW_ASSIGNMENT = 'review_assignment';
export const REVIEWER_COMMENTS_AFTER_OWN_REVIEW = 'reviewer_comments_after_own_review';
export const SHOW_REVIEWER_NAMES = 'show_reviewer_names';

/** The reviewer-facing message for 'after_own_review' (issue 18). */
export const COMMENTS_AFTER_OWN_REVIEW_MESSAGE =
  "Submit your review to see other reviewers' comments";
