import type { CommentsVisibility, ownConflictSchema } from '@shared/review-cycle-schemas';
import type { ReviewerOpportunity } from '@shared/reviewer-schemas';
import type { z } from 'zod';

export type OwnConflict = z.infer<typeof ownConflictSchema>;

/**
 * Issue 18's additive fields of the reviewer calls: a list item's `conflict` is a boolean, the
 * detail's the caller's own conflict or null, and the detail says why others' comments are shown
 * or hidden. A server without them answers as the spec does: no conflict, comments as the switch
 * says.
 */
type CycleFields = {
  conflict?: boolean | OwnConflict | null;
  commentsVisibility?: CommentsVisibility;
};

const fieldsOf = (opportunity: ReviewerOpportunity) => opportunity as CycleFields;

/** The caller declared a conflict of interest on this opportunity (list item or detail). */
export function isConflicted(opportunity: ReviewerOpportunity): boolean {
  const { conflict } = fieldsOf(opportunity);
  return conflict === true || (typeof conflict === 'object' && conflict !== null);
}

/** The caller's own conflict as the detail carries it, or null. */
export function ownConflictOf(opportunity: ReviewerOpportunity): OwnConflict | null {
  const { conflict } = fieldsOf(opportunity);
  return typeof conflict === 'object' && conflict !== null ? conflict : null;
}

/** Why others' comments are shown or hidden; undefined from a server without issue 18. */
export function commentsVisibilityOf(
  opportunity: ReviewerOpportunity,
): CommentsVisibility | undefined {
  return fieldsOf(opportunity).commentsVisibility;
}

/** Whether the comments call is worth making: not while the server hides them for a reason. */
export function mayFetchComments(visibility: CommentsVisibility | undefined): boolean {
  return visibility !== 'after_own_review' && visibility !== 'conflict';
}
