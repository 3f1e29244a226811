import type { Scores } from '@shared/criteria';
import { CONFLICT_CLOSED_MESSAGE } from '@shared/review-cycle-schemas';
import type { CommentSubmission, ReviewSubmission } from '@shared/reviewer-schemas';
import { compositeOf, toNumericText } from '@shared/scoring';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { reviewingClosedError } from '../review-clock/service';
import {
  listOtherReviewersComments,
  type OtherReviewerCommentRow,
  upsertViewerState,
} from './comment-queries';
import { commentsVisibilityOf } from './comments-visibility';
import { assertReviewerCanSeeOpportunity, isInScope, OPPORTUNITY_NOT_FOUND } from './policy';
import {
  type CommentRow,
  findOpportunityWithCallerWork,
  type OpportunityWithCallerCycle,
  type ReviewRow,
} from './queries';
import {
  explainRefusedSave,
  lockOpportunityStatus,
  upsertCommentIfVisible,
  upsertReviewIfVisible,
} from './save-queries';

type Caller = { reviewerId: string };

/**
 * One published opportunity in the caller's scope with the caller's own review and comment and
 * what the review cycle says about them, in one statement.
 */
export async function getVisibleOpportunity(
  db: Database,
  params: Caller & { opportunityId: string },
): Promise<OpportunityWithCallerCycle> {
  const row = await findOpportunityWithCallerWork(db, params);
  assertReviewerCanSeeOpportunity(
    row && { status: row.opportunity.status, isInScope: isInScope(row.cycle) },
  );
  return row!;
}

export type OtherReviewersComments = {
  comments: OtherReviewerCommentRow[];
  /** Names hidden: each comment carries its 'Reviewer A' label instead (issue 18). */
  showReviewerNames: boolean;
};

/**
 * Other reviewers' comments, only while they may reach the caller: the spec's switch is on, the
 * caller has no conflict with the opportunity and, with "only after the reviewer's own review",
 * has saved all five scores (commentsVisibilityOf).
 */
export async function getOtherReviewersComments(
  db: Database,
  params: Caller & { opportunityId: string },
): Promise<OtherReviewersComments> {
  const { cycle, review } = await getVisibleOpportunity(db, params);
  const showReviewerNames = cycle.showReviewerNames;
  const visibility = commentsVisibilityOf({
    hasConflict: cycle.conflict !== null,
    showReviewerComments: cycle.showReviewerComments,
    commentsAfterOwnReview: cycle.commentsAfterOwnReview,
    hasOwnReview: review !== null,
  });
  if (visibility !== 'visible') return { comments: [], showReviewerNames };
  return { comments: await listOtherReviewersComments(db, params), showReviewerNames };
}

/**
 * Runs `write` in a transaction that first checks, and keeps locked, that the opportunity is
 * visible to the caller, so a save never lands on an opportunity unpublished meanwhile.
 */
function writeForVisibleOpportunity<T>(
  db: Database,
  params: Caller & { opportunityId: string },
  write: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    assertReviewerCanSeeOpportunity(await lockOpportunityStatus(tx, params));
    return write(tx);
  });
}

/**
 * A save wrote nothing: reviewing closed is a 409 that says since when (whatever the
 * opportunity); a conflict of the caller with an opportunity they may see is a 409 that says so;
 * anything else (unknown, unpublished, not assigned) the one 404.
 */
async function refusedSave(db: Database, params: Caller & { opportunityId: string }) {
  const { isVisible, hasConflict, closedAt } = await explainRefusedSave(db, params);
  if (closedAt) return reviewingClosedError(closedAt);
  return isVisible && hasConflict
    ? conflict(CONFLICT_CLOSED_MESSAGE)
    : notFound(OPPORTUNITY_NOT_FOUND);
}

/** Creates or replaces the caller's one review; the composite is the plain mean, 4 decimals. */
export async function saveReview(
  db: Database,
  params: Caller & { submission: ReviewSubmission },
): Promise<ReviewRow> {
  const { opportunityId, ...scores } = params.submission;
  const row = await upsertReviewIfVisible(db, {
    reviewerId: params.reviewerId,
    opportunityId,
    scores: scores satisfies Scores,
    composite: toNumericText(compositeOf(scores)),
  });
  if (!row) throw await refusedSave(db, { reviewerId: params.reviewerId, opportunityId });
  return row;
}

/** Creates or replaces the caller's one comment; text is stored exactly as sent. */
export async function saveComment(
  db: Database,
  params: Caller & { submission: CommentSubmission },
): Promise<CommentRow> {
  const { opportunityId, ...fields } = params.submission;
  const row = await upsertCommentIfVisible(db, {
    reviewerId: params.reviewerId,
    opportunityId,
    fields,
  });
  if (!row) throw await refusedSave(db, { reviewerId: params.reviewerId, opportunityId });
  return row;
}

/** Remembers the last opened opportunity (null clears it); only a visible one can be remembered. */
export async function saveViewerState(
  db: Database,
  params: Caller & { lastOpportunityId: string | null },
): Promise<string | null> {
  const { reviewerId, lastOpportunityId } = params;
  if (lastOpportunityId === null) return upsertViewerState(db, { reviewerId, lastOpportunityId });
  return writeForVisibleOpportunity(db, { reviewerId, opportunityId: lastOpportunityId }, (tx) =>
    upsertViewerState(tx, { reviewerId, lastOpportunityId }),
  );
}
