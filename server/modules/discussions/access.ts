import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { opportunities, reviews, users } from '../../db/schema/index';
import { hasConflictSql, isInReviewerScopeSql } from '../review-cycle/scope';
import { REVIEWER_VISIBLE_STATUS } from '../reviewer-workspace/policy';
import { commentsAfterOwnReviewSql } from '../settings/queries';

/**
 * Who may read and post on an opportunity's discussion thread (issue 36, decision 0030), as one
 * predicate every discussion statement embeds (the thread, a post, a mention, the unread counts,
 * the digest at send time), so that the rule has one source of truth and is read by the
 * database in the statement that depends on it:
 *
 * - an active admin: every thread of an opportunity that exists;
 * - an active reviewer: the opportunity is published, in their scope ('assigned' mode: assigned
 *   to them), they have no conflict with it, and while `reviewer_comments_after_own_review` is
 *   'true' their own review of it is complete (a review row exists only with all five scores).
 *
 * Everyone else is answered as for an unpublished opportunity (404).
 */
export function mayReadThreadSql(userId: SQLWrapper, opportunityId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from ${users} as thread_reader
      join ${opportunities} as thread_opportunity on thread_opportunity.id = ${opportunityId}
     where thread_reader.id = ${userId}
       and thread_reader.is_active
       and (thread_reader.role = 'admin' or (
         thread_reader.role = 'reviewer'
         and thread_opportunity.status = ${REVIEWER_VISIBLE_STATUS}
         and ${isInReviewerScopeSql(userId, opportunityId)}
         and not ${hasConflictSql(userId, opportunityId)}
         and (not ${commentsAfterOwnReviewSql} or exists (
           select 1 from ${reviews} as thread_own_review
            where thread_own_review.reviewer_id = ${userId}
              and thread_own_review.opportunity_id = ${opportunityId})))))`;
}
