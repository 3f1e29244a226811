import type { Scores } from '@shared/criteria';
import type { CommentFields } from '@shared/reviewer-schemas';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { comments, opportunities, reviews } from '../../db/schema/index';
import { isoTextSql } from '../review-clock/queries';
import { hasConflictSql, isInReviewerScopeSql } from '../review-cycle/scope';
import { isReviewClosedSql, reviewClosedAtSql } from '../settings/queries';
import { REVIEWER_VISIBLE_STATUS } from './policy';
import {
  type CommentRow,
  type Db,
  type OpportunityRow,
  type ReviewRow,
  reviewerIdParam,
} from './queries';

/** The reviewer's saves (issue 8's one-statement upserts) and the checks around them. */

/**
 * Reads the opportunity's status and holds a share lock on it until the transaction ends, so it
 * cannot be unpublished or deleted between the policy check and the write that depends on it.
 */
export async function lockOpportunityStatus(
  db: Db,
  params: { opportunityId: string; reviewerId: string },
): Promise<{ id: string; status: OpportunityRow['status']; isInScope: boolean } | undefined> {
  const [row] = await db
    .select({
      id: opportunities.id,
      status: opportunities.status,
      isInScope: isInReviewerScopeSql(sql`${params.reviewerId}::uuid`, opportunities.id),
    })
    .from(opportunities)
    .where(eq(opportunities.id, params.opportunityId))
    .for('share', { of: opportunities });
  return row;
}

/**
 * The rows an insert-if-visible takes from the opportunity: none unless it exists and is visible
 * to reviewers, and that row stays share-locked until the statement's transaction ends, so it
 * cannot be unpublished or deleted under the write (as lockOpportunityStatus does, in one
 * statement instead of four: no BEGIN, no separate lock, no COMMIT round trip).
 */
const visibleOpportunityForSave = (() => {
  const reviewerId = sql`${reviewerIdParam}::uuid`;
  // Issue 18: in the caller's scope ('assigned' mode: assigned to them) and not conflicted; issue
  // 34: reviewing not closed, read in this statement by the database's clock (no round trip, and
  // every instance refuses from the same instant). When nothing is written, explainRefusedSave
  // tells a closed clock or a conflict (409) from the rest (404).
  return sql`
  from ${opportunities}
  where ${opportunities.id} = ${sql.placeholder('opportunityId')}::uuid
    and ${opportunities.status} = ${REVIEWER_VISIBLE_STATUS}
    and ${isInReviewerScopeSql(reviewerId, opportunities.id)}
    and not ${hasConflictSql(reviewerId, opportunities.id)}
    and not ${isReviewClosedSql}
  for share of ${opportunities}`;
})();

/** The key and saved-at columns of a review or comment row, as its drizzle row names them. */
const savedWorkColumns =
  sql.raw(`id, opportunity_id as "opportunityId", reviewer_id as "reviewerId",
  submitted_at as "submittedAt", updated_at as "updatedAt"`);

/**
 * Why a save wrote nothing: whether reviewing is closed (and since when), whether the opportunity
 * is one the caller may see (published, in scope) and whether the caller declared a conflict with
 * it. Only read on that rare path.
 */
export async function explainRefusedSave(
  db: Pick<Database, 'execute'>,
  params: { opportunityId: string; reviewerId: string },
): Promise<{ isVisible: boolean; hasConflict: boolean; closedAt: Date | null }> {
  const reviewerId = sql`${params.reviewerId}::uuid`;
  const result = await db.execute<{
    isVisible: boolean;
    hasConflict: boolean;
    closedAt: string | null;
  }>(sql`
    select
      coalesce(bool_or(${opportunities.status} = ${REVIEWER_VISIBLE_STATUS}
        and ${isInReviewerScopeSql(reviewerId, opportunities.id)}), false) as "isVisible",
      coalesce(bool_or(${hasConflictSql(reviewerId, opportunities.id)}), false) as "hasConflict",
      ${isoTextSql(reviewClosedAtSql)} as "closedAt"
    from ${opportunities}
    where ${opportunities.id} = ${params.opportunityId}`);
  const row = result.rows[0];
  return {
    isVisible: row?.isVisible ?? false,
    hasConflict: row?.hasConflict ?? false,
    closedAt: row?.closedAt ? new Date(row.closedAt) : null,
  };
}

// The two saves are named (server-side prepared) statements, planned once per connection: the
// checks they embed (scope, conflict, the review clock) are uncorrelated subqueries whose planning
// cost each unnamed execution more than running them (decision 0028).

const upsertReviewStatement = preparedStatement<ReviewRow>(
  'assay_save_review',
  sql`
    insert into ${reviews} (id, opportunity_id, reviewer_id, strategic_alignment, sustainability,
      technology_readiness, market_potential, business_potential, composite, submitted_at, updated_at)
    select gen_random_uuid(), ${opportunities.id}, ${reviewerIdParam}::uuid,
           ${sql.placeholder('strategicAlignment')}::smallint, ${sql.placeholder('sustainability')}::smallint,
           ${sql.placeholder('technologyReadiness')}::smallint, ${sql.placeholder('marketPotential')}::smallint,
           ${sql.placeholder('businessPotential')}::smallint, ${sql.placeholder('composite')}::numeric,
           now(), now()
    ${visibleOpportunityForSave}
    on conflict (opportunity_id, reviewer_id) do update set
      strategic_alignment = excluded.strategic_alignment, sustainability = excluded.sustainability,
      technology_readiness = excluded.technology_readiness,
      market_potential = excluded.market_potential, business_potential = excluded.business_potential,
      composite = excluded.composite, updated_at = now()
    returning ${savedWorkColumns}, strategic_alignment as "strategicAlignment",
      sustainability, technology_readiness as "technologyReadiness",
      market_potential as "marketPotential", business_potential as "businessPotential", composite`,
);

/**
 * One review per reviewer and opportunity, written only while the opportunity is visible (else
 * undefined): a concurrent insert of the same key waits for the other and then updates, so
 * parallel saves never fail and never duplicate. `submitted_at` keeps the first save.
 */
export async function upsertReviewIfVisible(
  db: Pick<Database, '$client'>,
  params: { reviewerId: string; opportunityId: string; scores: Scores; composite: string },
): Promise<ReviewRow | undefined> {
  const [row] = await upsertReviewStatement(db, {
    reviewerId: params.reviewerId,
    opportunityId: params.opportunityId,
    ...params.scores,
    composite: params.composite,
  });
  return row;
}

const upsertCommentStatement = preparedStatement<CommentRow>(
  'assay_save_comment',
  sql`
    insert into ${comments} (id, opportunity_id, reviewer_id, how_to_bigger_better, challenges,
      how_to_get_going, other_comments, submitted_at, updated_at)
    select gen_random_uuid(), ${opportunities.id}, ${reviewerIdParam}::uuid,
           ${sql.placeholder('howToBiggerBetter')}::text, ${sql.placeholder('challenges')}::text,
           ${sql.placeholder('howToGetGoing')}::text, ${sql.placeholder('otherComments')}::text,
           now(), now()
    ${visibleOpportunityForSave}
    on conflict (opportunity_id, reviewer_id) do update set
      how_to_bigger_better = excluded.how_to_bigger_better, challenges = excluded.challenges,
      how_to_get_going = excluded.how_to_get_going, other_comments = excluded.other_comments,
      updated_at = now()
    returning ${savedWorkColumns}, how_to_bigger_better as "howToBiggerBetter", challenges,
      how_to_get_going as "howToGetGoing", other_comments as "otherComments"`,
);

/**
 * Same rules as upsertReviewIfVisible; a missing field becomes null because a save replaces the
 * whole comment.
 */
export async function upsertCommentIfVisible(
  db: Pick<Database, '$client'>,
  params: { reviewerId: string; opportunityId: string; fields: CommentFields },
): Promise<CommentRow | undefined> {
  const [row] = await upsertCommentStatement(db, {
    reviewerId: params.reviewerId,
    opportunityId: params.opportunityId,
    howToBiggerBetter: params.fields.howToBiggerBetter ?? null,
    challenges: params.fields.challenges ?? null,
    howToGetGoing: params.fields.howToGetGoing ?? null,
    otherComments: params.fields.otherComments ?? null,
  });
  return row;
}
