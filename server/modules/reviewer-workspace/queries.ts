import type { Scores } from '@shared/criteria';
import type { DecisionOutcome } from '@shared/decisions';
import type { CommentFields } from '@shared/reviewer-schemas';
import { and, asc, eq, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import {
  comments,
  conflicts,
  decisions,
  opportunities,
  reviews,
  users,
  viewerStates,
} from '../../db/schema/index';
import { isoTextSql } from '../review-clock/queries';
import {
  countsInFiguresSql,
  hasConflictSql,
  isAssignedSql,
  isCycleControlInUseSql,
  isInReviewerScopeSql,
} from '../review-cycle/scope';
import {
  commentsAfterOwnReviewSql,
  isAssignedModeSql,
  isReviewClosedSql,
  reviewClosedAtSql,
  showDecisionsToReviewersSql,
  showReviewerCommentsSql,
  showReviewerNamesSql,
} from '../settings/queries';
import { REVIEWER_VISIBLE_STATUS } from './policy';

type Db = Pick<Database, 'select' | 'insert'>;

export type OpportunityRow = typeof opportunities.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;

export type OpportunityWithCallerWork = {
  opportunity: OpportunityRow;
  review: ReviewRow | null;
  comment: CommentRow | null;
};

/**
 * What the review cycle (issue 18) says about the caller and one opportunity, read in the same
 * statement as the opportunity: the settings in force, the assignment and the caller's conflict.
 */
export type CallerCycle = {
  assignedMode: boolean;
  isAssigned: boolean;
  showReviewerComments: boolean;
  commentsAfterOwnReview: boolean;
  showReviewerNames: boolean;
  controlInUse: boolean;
  /** Reviewers see released outcomes (issue 35), and the released one (null when none). */
  decisionsShown: boolean;
  releasedOutcome: DecisionOutcome | null;
  conflict: { reason: string | null; createdAt: Date } | null;
};

export type OpportunityWithCallerCycle = OpportunityWithCallerWork & { cycle: CallerCycle };

/**
 * The opportunity's released outcome while reviewers may see it (issue 35): never a draft, never
 * the rationale. The setting is read first, so with it off no decision is looked up.
 */
const releasedOutcomeSql = sql<DecisionOutcome | null>`case when ${showDecisionsToReviewersSql}
  then (select ${decisions.outcome} from ${decisions}
         where ${decisions.opportunityId} = ${opportunities.id} and ${decisions.state} = 'released')
  end`;

/**
 * Opportunities joined with the caller's own review and comment only. The unique
 * (opportunity, reviewer) keys make each join add at most one row, so this stays one statement
 * and one row per opportunity however many reviews other reviewers wrote.
 */
function selectWithCallerWork(db: Db, reviewerId: Placeholder, where: SQL) {
  return db
    .select({
      opportunity: opportunities,
      review: reviews,
      comment: comments,
      conflictId: conflicts.id,
      conflictReason: conflicts.reason,
      conflictCreatedAt: conflicts.createdAt,
      assignedMode: isAssignedModeSql,
      isAssigned: isAssignedSql(reviewerId, opportunities.id),
      showReviewerComments: showReviewerCommentsSql,
      commentsAfterOwnReview: commentsAfterOwnReviewSql,
      showReviewerNames: showReviewerNamesSql,
      controlInUse: isCycleControlInUseSql,
      decisionsShown: showDecisionsToReviewersSql,
      releasedOutcome: releasedOutcomeSql,
    })
    .from(opportunities)
    .leftJoin(
      reviews,
      and(eq(reviews.opportunityId, opportunities.id), eq(reviews.reviewerId, reviewerId)),
    )
    .leftJoin(
      comments,
      and(eq(comments.opportunityId, opportunities.id), eq(comments.reviewerId, reviewerId)),
    )
    .leftJoin(
      conflicts,
      and(eq(conflicts.opportunityId, opportunities.id), eq(conflicts.reviewerId, reviewerId)),
    )
    .where(where);
}

const reviewerIdParam = sql.placeholder('reviewerId');

/**
 * One list item's columns, as presentReviewerOpportunity shapes a row of selectWithCallerWork;
 * `extra` adds the review-cycle field. `number` is a column (and key) of the item, as before.
 */
const listItemColumns = (extra: SQL = sql``) => sql`
          ${opportunities.id} as "id",
          ${opportunities.number} as "number",
          ${opportunities.title} as "title",
          ${opportunities.description} as "description",
          ${opportunities.imageUrl} as "imageUrl",
          ${opportunities.tags} as "tags",
          case
            when ${reviews.id} is not null then 'done'
            when ${comments.id} is not null then 'in_progress'
            else 'not_started'
          end as "reviewStatus",
          case when ${reviews.id} is null then null else (
            select review from (select
              ${reviews.composite}::text as "composite",
              ${reviews.strategicAlignment} as "strategicAlignment",
              ${reviews.sustainability} as "sustainability",
              ${reviews.technologyReadiness} as "technologyReadiness",
              ${reviews.marketPotential} as "marketPotential",
              ${reviews.businessPotential} as "businessPotential"
            ) as review
          ) end as "userReview",
          case when ${comments.id} is null then null else (
            select comment from (select
              ${comments.howToBiggerBetter} as "howToBiggerBetter",
              ${comments.challenges} as "challenges",
              ${comments.howToGetGoing} as "howToGetGoing",
              ${comments.otherComments} as "otherComments"
            ) as comment
          ) end as "userComment"${extra}`;

/**
 * The list's cycle fields are sent (on every item) while review-cycle control is in use or the
 * caller has declared any conflict (shared/review-cycle-schemas.ts); otherwise the list is the
 * spec's.
 */
const listCarriesCycleFields = sql`(${isCycleControlInUseSql} or exists (
  select 1 from ${conflicts} where ${conflicts.reviewerId} = ${reviewerIdParam}))`;

/** The list's items as records, by number: every column of `item` is a key of the JSON. */
const listJsonOf = (from: SQL, where: SQL, extraColumn: SQL = sql``) => sql`(
      select json_agg(item order by item.number)
      from (
        select${listItemColumns(extraColumn)}
        ${from}
        where ${opportunities.status} = ${REVIEWER_VISIBLE_STATUS} and ${where}
      ) as item
    )`;

const callerWorkJoins = sql`from ${opportunities}
        left join ${reviews}
          on ${reviews.opportunityId} = ${opportunities.id} and ${reviews.reviewerId} = ${reviewerIdParam}
        left join ${comments}
          on ${comments.opportunityId} = ${opportunities.id} and ${comments.reviewerId} = ${reviewerIdParam}`;

const callerWorkJoinsWithConflicts = sql`${callerWorkJoins}
        left join ${conflicts}
          on ${conflicts.opportunityId} = ${opportunities.id} and ${conflicts.reviewerId} = ${reviewerIdParam}`;

/** The review-cycle field of a list item (issue 18). */
const conflictColumn = sql`,
          ${conflicts.id} is not null as "conflict"`;

/** Issue 35: the released outcome (null when none) while reviewers may see outcomes. */
const outcomeColumn = sql`,
          (select ${decisions.outcome} from ${decisions}
            where ${decisions.opportunityId} = ${opportunities.id} and ${decisions.state} = 'released') as "outcome"`;

/**
 * The reviewer list as the JSON text of the whole response (`reviewerOpportunityListItemSchema[]`,
 * as presentReviewerOpportunity shapes a row of selectWithCallerWork), built by PostgreSQL in one
 * statement: the server sends it without mapping 50 rows of three tables, checking and
 * serialising them again. Four forms, of which the statement runs one (each is gated by a
 * condition PostgreSQL evaluates once, and coalesce stops at the first that answers): the spec's
 * list, the same text as before issue 18, while no review-cycle control is in use for the caller;
 * otherwise the published opportunities in the caller's scope ('assigned' mode: theirs only),
 * each with `conflict`; and each of the two with `outcome` (issue 35) while reviewers see
 * released outcomes.
 */
const callerListJson = preparedStatement<{ body: string }>(
  'assay_reviewer_list_json',
  // json_agg of records (keys from the column aliases, nested objects from one-row subselects)
  // costs PostgreSQL a fifth less than json_build_object for the same document.
  sql`
    select coalesce(
      ${listJsonOf(callerWorkJoins, sql`not ${listCarriesCycleFields} and not ${showDecisionsToReviewersSql}`)},
      ${listJsonOf(
        callerWorkJoinsWithConflicts,
        sql`${listCarriesCycleFields} and not ${showDecisionsToReviewersSql} and ${isInReviewerScopeSql(reviewerIdParam, opportunities.id)}`,
        conflictColumn,
      )},
      ${listJsonOf(
        callerWorkJoins,
        sql`not ${listCarriesCycleFields} and ${showDecisionsToReviewersSql}`,
        outcomeColumn,
      )},
      ${listJsonOf(
        callerWorkJoinsWithConflicts,
        sql`${listCarriesCycleFields} and ${showDecisionsToReviewersSql} and ${isInReviewerScopeSql(reviewerIdParam, opportunities.id)}`,
        sql`${conflictColumn}${outcomeColumn}`,
      )},
      '[]'::json
    )::text as body
  `,
);

export async function visibleOpportunitiesWithCallerWorkJson(
  db: Pick<Database, '$client'>,
  params: { reviewerId: string },
): Promise<string> {
  const [row] = await callerListJson(db, { reviewerId: params.reviewerId });
  return row!.body;
}

/**
 * Any status, any assignment: the caller applies the policy, so that 404 has one source of truth.
 * The review cycle's facts come in the same statement.
 */
export async function findOpportunityWithCallerWork(
  db: Db,
  params: { reviewerId: string; opportunityId: string },
): Promise<OpportunityWithCallerCycle | undefined> {
  const [row] = await selectWithCallerWork(
    db,
    reviewerIdParam,
    eq(opportunities.id, sql.placeholder('opportunityId')),
  )
    .limit(1)
    // A named (server-side prepared) statement: the detail page's only query, planned once per
    // connection (decision 0006).
    .prepare('assay_reviewer_opportunity')
    .execute(params);
  if (!row) return undefined;
  return {
    opportunity: row.opportunity,
    review: row.review,
    comment: row.comment,
    cycle: {
      assignedMode: row.assignedMode,
      isAssigned: row.isAssigned,
      showReviewerComments: row.showReviewerComments,
      commentsAfterOwnReview: row.commentsAfterOwnReview,
      showReviewerNames: row.showReviewerNames,
      controlInUse: row.controlInUse,
      decisionsShown: row.decisionsShown,
      releasedOutcome: row.releasedOutcome,
      conflict:
        row.conflictId === null
          ? null
          : { reason: row.conflictReason, createdAt: row.conflictCreatedAt! },
    },
  };
}

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
