import type { Scores } from '@shared/criteria';
import type { CommentSubmission, ReviewSubmission } from '@shared/reviewer-schemas';
import { compositeOf, toNumericText } from '@shared/scoring';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { getShowReviewerComments } from '../settings/queries';
import { assertReviewerCanSeeOpportunity, OPPORTUNITY_NOT_FOUND } from './policy';
import {
  type CommentRow,
  findOpportunityWithCallerWork,
  listOtherReviewersComments,
  lockOpportunityStatus,
  type OpportunityWithCallerWork,
  type OtherReviewerCommentRow,
  type ReviewRow,
  upsertCommentIfVisible,
  upsertReviewIfVisible,
  upsertViewerState,
} from './queries';

type Caller = { reviewerId: string };

/** One published opportunity with the caller's own review and comment, in one statement. */
export async function getVisibleOpportunity(
  db: Database,
  params: Caller & { opportunityId: string },
): Promise<OpportunityWithCallerWork> {
  const row = await findOpportunityWithCallerWork(db, params);
  assertReviewerCanSeeOpportunity(row?.opportunity);
  return row!;
}

/** Other reviewers' comments, only while the admin lets reviewers see them. */
export async function getOtherReviewersComments(
  db: Database,
  params: Caller & { opportunityId: string },
): Promise<OtherReviewerCommentRow[]> {
  await getVisibleOpportunity(db, params);
  if (!(await getShowReviewerComments(db))) return [];
  return listOtherReviewersComments(db, params);
}

/**
 * Runs `write` in a transaction that first checks, and keeps locked, that the opportunity is
 * visible to reviewers, so a save never lands on an opportunity unpublished meanwhile.
 */
function writeForVisibleOpportunity<T>(
  db: Database,
  opportunityId: string,
  write: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    assertReviewerCanSeeOpportunity(await lockOpportunityStatus(tx, { opportunityId }));
    return write(tx);
  });
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
  // Nothing written: the opportunity does not exist or is not published (one 404 for both).
  if (!row) throw notFound(OPPORTUNITY_NOT_FOUND);
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
  if (!row) throw notFound(OPPORTUNITY_NOT_FOUND);
  return row;
}

/** Remembers the last opened opportunity (null clears it); only a visible one can be remembered. */
export async function saveViewerState(
  db: Database,
  params: Caller & { lastOpportunityId: string | null },
): Promise<string | null> {
  const { reviewerId, lastOpportunityId } = params;
  if (lastOpportunityId === null) return upsertViewerState(db, { reviewerId, lastOpportunityId });
  return writeForVisibleOpportunity(db, lastOpportunityId, (tx) =>
    upsertViewerState(tx, { reviewerId, lastOpportunityId }),
  );
}
