import type { CommentsVisibility, ownConflictSchema } from '@shared/review-cycle-schemas';
import type {
  ReviewerOpportunityDetail,
  ReviewerOpportunityListItem,
} from '@shared/reviewer-schemas';
import type { z } from 'zod';

export type OwnConflict = z.infer<typeof ownConflictSchema>;

/**
 * Issue 18's additive fields of the reviewer calls, sent only while review-cycle control is in
 * use: a list item's `conflict` is a boolean, the detail's the caller's own conflict or null, and
 * the detail says why others' comments are shown or hidden. Absent, they read as the spec: no
 * conflict, comments as the switch says.
 */
type WithCycleFields = ReviewerOpportunityListItem | ReviewerOpportunityDetail;

/** The caller declared a conflict of interest on this opportunity (list item or detail). */
export function isConflicted(opportunity: WithCycleFields): boolean {
  const { conflict } = opportunity;
  return conflict === true || (typeof conflict === 'object' && conflict !== null);
}

/** The caller's own conflict as the detail carries it, or null. */
export function ownConflictOf(opportunity: ReviewerOpportunityDetail): OwnConflict | null {
  return opportunity.conflict ?? null;
}

/** Why others' comments are shown or hidden; undefined means the spec's switch decides. */
export function commentsVisibilityOf(
  opportunity: ReviewerOpportunityDetail,
): CommentsVisibility | undefined {
  return opportunity.commentsVisibility;
}

/** Whether the comments call is worth making: not while the server hides them for a reason. */
export function mayFetchComments(visibility: CommentsVisibility | undefined): boolean {
  return visibility !== 'after_own_review' && visibility !== 'conflict';
}
