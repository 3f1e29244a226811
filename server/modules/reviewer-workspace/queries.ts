import type { DecisionOutcome } from '@shared/decisions';
import { and, eq, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedOnce, preparedStatement } from '../../db/prepared';
import { comments, conflicts, decisions, opportunities, reviews } from '../../db/schema/index';
import {
  isAssignedSql,
  isCycleControlInUseSql,
  isInReviewerScopeSql,
  sqlTextWithLiterals,
} from '../review-cycle/scope';
import { sessionStillSignedInSql } from '../sessions/queries';
import {
  commentsAfterOwnReviewSql,
  isAssignedModeSql,
  showDecisionsToReviewersSql,
  showReviewerCommentsSql,
  showReviewerNamesSql,
} from '../settings/queries';
import { REVIEWER_VISIBLE_STATUS } from './policy';

export type Db = Pick<Database, 'select' | 'insert'>;

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

export const reviewerIdParam = sql.placeholder('reviewerId');

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
const listCarriesCycleFields = (reviewer: SQLWrapper) => sql`(${isCycleControlInUseSql} or exists (
  select 1 from ${conflicts} where ${conflicts.reviewerId} = ${reviewer}))`;

/** The list's items as records, by number: every column of `item` is a key of the JSON. */
const listJsonOf = (from: SQL, where: SQL, extraColumn: SQL = sql``) => sql`(
      select json_agg(item order by item.number)
      from (
        select${listItemColumns(extraColumn)}
        ${from}
        where ${opportunities.status} = ${REVIEWER_VISIBLE_STATUS} and ${where}
      ) as item
    )`;

const callerWorkJoins = (reviewer: SQLWrapper) => sql`from ${opportunities}
        left join ${reviews}
          on ${reviews.opportunityId} = ${opportunities.id} and ${reviews.reviewerId} = ${reviewer}
        left join ${comments}
          on ${comments.opportunityId} = ${opportunities.id} and ${comments.reviewerId} = ${reviewer}`;

const callerWorkJoinsWithConflicts = (reviewer: SQLWrapper) => sql`${callerWorkJoins(reviewer)}
        left join ${conflicts}
          on ${conflicts.opportunityId} = ${opportunities.id} and ${conflicts.reviewerId} = ${reviewer}`;

/** The review-cycle field of a list item (issue 18). */
const conflictColumn = sql`,
          ${conflicts.id} is not null as "conflict"`;

/** Issue 35: the released outcome (null when none) while reviewers may see outcomes. */
const outcomeColumn = sql`,
          (select ${decisions.outcome} from ${decisions}
            where ${decisions.opportunityId} = ${opportunities.id} and ${decisions.state} = 'released') as "outcome"`;

/**
 * The spec's list, the same text as before issue 18, while no review-cycle control is in use for
 * the reviewer and reviewers see no outcomes; null otherwise (its condition is evaluated once).
 */
const plainListJson = (reviewer: SQLWrapper) =>
  listJsonOf(
    callerWorkJoins(reviewer),
    sql`not ${listCarriesCycleFields(reviewer)} and not ${showDecisionsToReviewersSql}`,
  );

/**
 * The list in every other case, in three forms of which one answers (each gated by a condition
 * evaluated once, coalesce stopping at the first that answers): the published opportunities in
 * the reviewer's scope ('assigned' mode: theirs only), each with `conflict`; with `outcome`
 * (issue 35) while reviewers see released outcomes; and both.
 */
const listWithCycleJson = (reviewer: SQLWrapper) => sql`coalesce(
      ${listJsonOf(
        callerWorkJoinsWithConflicts(reviewer),
        sql`${listCarriesCycleFields(reviewer)} and not ${showDecisionsToReviewersSql} and ${isInReviewerScopeSql(reviewer, opportunities.id)}`,
        conflictColumn,
      )},
      ${listJsonOf(
        callerWorkJoins(reviewer),
        sql`not ${listCarriesCycleFields(reviewer)} and ${showDecisionsToReviewersSql}`,
        outcomeColumn,
      )},
      ${listJsonOf(
        callerWorkJoinsWithConflicts(reviewer),
        sql`${listCarriesCycleFields(reviewer)} and ${showDecisionsToReviewersSql} and ${isInReviewerScopeSql(reviewer, opportunities.id)}`,
        sql`${conflictColumn}${outcomeColumn}`,
      )}
    )`;

/**
 * The function that answers listWithCycleJson for its argument (migration 0009, which must hold
 * exactly `listWithCycleFunctionBody()`: list-with-cycle-function.test.ts compares them).
 * PostgreSQL initialises every part of a statement's plan on each execution, the parts that will
 * not run too: the three forms cost the spec's list a fifth of its time with one client and a
 * third of its throughput at 32 (decision 0035). Called by name, their plan is initialised only
 * when they are called. STABLE, so it reads the calling statement's snapshot.
 */
export const LIST_WITH_CYCLE_FUNCTION = 'assay_reviewer_list_with_cycle_json';
const LIST_WITH_CYCLE_ARGUMENT = 'list_reviewer_id';

export function listWithCycleFunctionBody(): string {
  return `
begin
  return ${sqlTextWithLiterals(listWithCycleJson(sql.raw(LIST_WITH_CYCLE_ARGUMENT)))};
end
`;
}

/**
 * Issue 38: the caller's session is still signed in (an active reviewer), read in the statement's
 * own snapshot, for a request answered without the auth cache's barrier (`revocationCheck:
 * 'statement'`). Null `sid` (the barrier was passed, or there is no cache) is true.
 */
const sessionStillValidSql = sessionStillSignedInSql(
  sql.placeholder('sid'),
  reviewerIdParam,
  'reviewer',
);

/**
 * The reviewer list as the JSON text of the whole response (`reviewerOpportunityListItemSchema[]`,
 * as presentReviewerOpportunity shapes a row of selectWithCallerWork), built by PostgreSQL in one
 * statement: the server sends it without mapping 50 rows of three tables, checking and
 * serialising them again. The spec's list (plainListJson) while it applies, else the function
 * that holds the other forms (listWithCycleJson). Beside the list, `sessionValid`
 * (sessionStillValidSql).
 */
const callerListJson = preparedStatement<{ body: string; sessionValid: boolean }>(
  'assay_reviewer_list_json',
  // json_agg of records (keys from the column aliases, nested objects from one-row subselects)
  // costs PostgreSQL a fifth less than json_build_object for the same document.
  sql`
    select coalesce(
      ${plainListJson(reviewerIdParam)},
      ${sql.raw(LIST_WITH_CYCLE_FUNCTION)}(${reviewerIdParam}::uuid),
      '[]'::json
    )::text as body,
    ${sessionStillValidSql} as "sessionValid"
  `,
);

/**
 * The list's JSON text, and whether the caller's session was still signed in when it was read
 * (always true without `sid`).
 */
export async function visibleOpportunitiesWithCallerWorkJson(
  db: Pick<Database, '$client'>,
  params: { reviewerId: string; sid?: string | null },
): Promise<{ body: string; sessionValid: boolean }> {
  const [row] = await callerListJson(db, {
    reviewerId: params.reviewerId,
    sid: params.sid ?? null,
  });
  return row!;
}

// A named (server-side prepared) statement: the detail page's only query, planned once per
// connection (decision 0006) and rendered once per database handle.
const opportunityWithCallerWork = preparedOnce((db: Db) =>
  selectWithCallerWork(db, reviewerIdParam, eq(opportunities.id, sql.placeholder('opportunityId')))
    .limit(1)
    .prepare('assay_reviewer_opportunity'),
);

/**
 * Any status, any assignment: the caller applies the policy, so that 404 has one source of truth.
 * The review cycle's facts come in the same statement.
 */
export async function findOpportunityWithCallerWork(
  db: Db,
  params: { reviewerId: string; opportunityId: string },
): Promise<OpportunityWithCallerCycle | undefined> {
  const [row] = await opportunityWithCallerWork(db).execute(params);
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
