import type {
  Comment,
  Review,
  ReviewerComment,
  ReviewerOpportunity,
  ReviewerOpportunityDetail,
  ReviewStatus,
  UserComment,
  UserReview,
} from '@shared/reviewer-schemas';
import { presentOpportunityContent } from '../opportunities/presenter';
import type { OtherReviewerCommentRow } from './comment-queries';
import { commentsVisibilityOf, reviewerLabel } from './comments-visibility';
import type {
  CommentRow,
  OpportunityWithCallerCycle,
  OpportunityWithCallerWork,
  ReviewRow,
} from './queries';

/** CONTRACT.md: done with a review; in progress with a saved comment but no review. */
export function reviewStatusOf(work: { review: unknown; comment: unknown }): ReviewStatus {
  if (work.review) return 'done';
  if (work.comment) return 'in_progress';
  return 'not_started';
}

export function presentUserReview(review: ReviewRow): UserReview {
  return {
    // numeric(10,4) arrives as exact text such as "3.4000"; it is passed on as is.
    composite: review.composite,
    strategicAlignment: review.strategicAlignment,
    sustainability: review.sustainability,
    technologyReadiness: review.technologyReadiness,
    marketPotential: review.marketPotential,
    businessPotential: review.businessPotential,
  };
}

type SavedWorkRow = { id: string; opportunityId: string; submittedAt: Date; updatedAt: Date };

/** A saved review or comment on its own: its content between its keys and its saved-at times. */
function presentSavedWork<Content extends object>(row: SavedWorkRow, content: Content) {
  return {
    id: row.id,
    opportunityId: row.opportunityId,
    ...content,
    submittedAt: row.submittedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentReview(review: ReviewRow): Review {
  return presentSavedWork(review, presentUserReview(review));
}

export function presentUserComment(comment: CommentRow): UserComment {
  return {
    howToBiggerBetter: comment.howToBiggerBetter,
    challenges: comment.challenges,
    howToGetGoing: comment.howToGetGoing,
    otherComments: comment.otherComments,
  };
}

export function presentComment(comment: CommentRow): Comment {
  return presentSavedWork(comment, presentUserComment(comment));
}

export function presentReviewerOpportunity(work: OpportunityWithCallerWork): ReviewerOpportunity {
  const { opportunity, review, comment } = work;
  return {
    ...presentOpportunityContent(opportunity),
    reviewStatus: reviewStatusOf(work),
    userReview: review ? presentUserReview(review) : null,
    userComment: comment ? presentUserComment(comment) : null,
  };
}

/**
 * The detail: the spec's shape, plus the review-cycle fields (issue 18) while any control is in
 * use or the caller declared a conflict with it; without them the answer is the spec's exactly.
 */
export function presentReviewerOpportunityDetail(
  work: OpportunityWithCallerCycle,
): ReviewerOpportunityDetail {
  const { cycle } = work;
  // Issue 35: the released outcome, only while reviewers may see it.
  const presented: ReviewerOpportunityDetail = {
    ...presentReviewerOpportunity(work),
    ...(cycle.decisionsShown ? { outcome: cycle.releasedOutcome } : {}),
  };
  if (!cycle.controlInUse && cycle.conflict === null) return presented;
  return {
    ...presented,
    conflict: cycle.conflict && {
      reason: cycle.conflict.reason,
      declaredAt: cycle.conflict.createdAt.toISOString(),
    },
    commentsVisibility: commentsVisibilityOf({
      hasConflict: cycle.conflict !== null,
      showReviewerComments: cycle.showReviewerComments,
      commentsAfterOwnReview: cycle.commentsAfterOwnReview,
      hasOwnReview: work.review !== null,
    }),
  };
}

/**
 * Another reviewer's comment: their name and display name, never their email or id; with names
 * hidden (issue 18), the label of the comment's place on the opportunity and no display name.
 */
export function presentReviewerComment(
  comment: OtherReviewerCommentRow,
  options: { showReviewerNames: boolean },
): ReviewerComment {
  return {
    id: comment.id,
    submittedAt: comment.submittedAt.toISOString(),
    howToBiggerBetter: comment.howToBiggerBetter,
    challenges: comment.challenges,
    howToGetGoing: comment.howToGetGoing,
    otherComments: comment.otherComments,
    reviewer: options.showReviewerNames
      ? { name: comment.reviewerName, displayName: comment.reviewerDisplayName }
      : { name: reviewerLabel(comment.labelIndex), displayName: null },
  };
}
