import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { comments, opportunities, users, viewerStates } from '../../db/schema/index';
import { countsInFiguresSql, isInReviewerScopeSql } from '../review-cycle/scope';
import { REVIEWER_VISIBLE_STATUS } from './policy';
import type { CommentRow, Db } from './queries';

/** Other reviewers' comments as a reviewer may read them, and the last opportunity viewed. */

export type OtherReviewerCommentRow = CommentRow & {
  reviewerName: string;
  reviewerDisplayName: string | null;
  /**
   * The comment's place among every comment on the opportunity (0 = first saved), the caller's
   * and blank ones included: the stable "Reviewer A, B, ..." label when names are hidden.
   */
  labelIndex: number;
};

// A field "has text" when it holds anything but whitespace; blank comments say nothing to others.
const hasText = (column: PgColumn) => sql`coalesce(${column}, '') ~ ${'\\S'}`;

/**
 * Comments on one opportunity by everyone but the caller, oldest first: only those that count
 * (issue 18: not by a reviewer with a conflict; in 'assigned' mode, by an assigned reviewer).
 */
export async function listOtherReviewersComments(
  db: Db,
  params: { opportunityId: string; reviewerId: string },
): Promise<OtherReviewerCommentRow[]> {
  const ranked = db
    .select({
      id: comments.id,
      labelIndex:
        sql<number>`(row_number() over (order by ${comments.submittedAt}, ${comments.id}) - 1)::int`.as(
          'label_index',
        ),
    })
    .from(comments)
    .where(eq(comments.opportunityId, params.opportunityId))
    .as('ranked');
  const rows = await db
    .select({
      comment: comments,
      reviewerName: users.name,
      reviewerDisplayName: users.displayName,
      labelIndex: ranked.labelIndex,
    })
    .from(comments)
    .innerJoin(ranked, eq(ranked.id, comments.id))
    .innerJoin(users, eq(users.id, comments.reviewerId))
    .where(
      and(
        eq(comments.opportunityId, params.opportunityId),
        ne(comments.reviewerId, params.reviewerId),
        or(
          hasText(comments.howToBiggerBetter),
          hasText(comments.challenges),
          hasText(comments.howToGetGoing),
          hasText(comments.otherComments),
        ),
        countsInFiguresSql(comments.reviewerId, comments.opportunityId, { over: 'pair' }),
      ),
    )
    .orderBy(asc(comments.submittedAt), asc(comments.id));
  return rows.map((row) => ({
    ...row.comment,
    reviewerName: row.reviewerName,
    reviewerDisplayName: row.reviewerDisplayName,
    labelIndex: row.labelIndex,
  }));
}

/** The last opportunity the reviewer opened, only while it is still visible to them (and in scope). */
export async function findVisibleLastOpportunityId(
  db: Db,
  params: { reviewerId: string },
): Promise<string | null> {
  const [row] = await db
    .select({ id: opportunities.id })
    .from(viewerStates)
    .innerJoin(
      opportunities,
      and(
        eq(opportunities.id, viewerStates.lastOpportunityId),
        eq(opportunities.status, REVIEWER_VISIBLE_STATUS),
        isInReviewerScopeSql(viewerStates.reviewerId, opportunities.id),
      ),
    )
    .where(eq(viewerStates.reviewerId, params.reviewerId));
  return row?.id ?? null;
}

export async function upsertViewerState(
  db: Db,
  params: { reviewerId: string; lastOpportunityId: string | null },
): Promise<string | null> {
  const [row] = await db
    .insert(viewerStates)
    .values({ reviewerId: params.reviewerId, lastOpportunityId: params.lastOpportunityId })
    .onConflictDoUpdate({
      target: viewerStates.reviewerId,
      set: { lastOpportunityId: params.lastOpportunityId, updatedAt: sql`now()` },
    })
    .returning({ lastOpportunityId: viewerStates.lastOpportunityId });
  return row!.lastOpportunityId;
}
