import type {
  HeatmapRow,
  OpportunityAnalyticsRow,
  ReviewerAnalyticsRow,
} from '@shared/analytics-schemas';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { preparedOnce, preparedStatement } from '../../db/prepared';
import { assignments, conflicts, opportunities, reviews, users } from '../../db/schema/index';
import { isAssignedModeSql } from '../settings/queries';
import { countedReviews, isActiveReviewer, isPublished, reviewerName } from './selection';

type Db = Pick<Database, 'select'>;

const queryBuilder = new QueryBuilder();

// Analytics cover published opportunities only and the reviewer views active reviewer accounts
// only (./selection.ts, shared with the results), over the reviews that count (countedReviews:
// issue 18 leaves out conflicts and, in 'assigned' mode, unassigned pairs). Each function is one
// statement whatever the number of rows.

/**
 * An aggregate as a JSON number rounded to 4 decimals in SQL: `avg()` and numeric arrive as text
 * from the driver, float8 as a number; null stays null when nothing was aggregated.
 */
function rounded(aggregate: SQL): SQL<number | null> {
  return sql<number | null>`round((${aggregate})::numeric, 4)::float8`;
}

/**
 * The counted reviews' aggregates per opportunity, computed before the join: 50 groups joined to
 * 50 opportunities instead of 10,000 reviews joined to their opportunity and then grouped, 3.3
 * against 4.2 ms of PostgreSQL at 200 x 50 (pgbench, one client; decision 0035). Reviews of an
 * opportunity that is not published form a group the join then drops.
 */
function reviewAggregatesPerOpportunity(db: Db) {
  return db
    .select({
      opportunityId: reviews.opportunityId,
      strategicAlignment: sql`avg(${reviews.strategicAlignment})`.as('avg_strategic_alignment'),
      sustainability: sql`avg(${reviews.sustainability})`.as('avg_sustainability'),
      technologyReadiness: sql`avg(${reviews.technologyReadiness})`.as('avg_technology_readiness'),
      marketPotential: sql`avg(${reviews.marketPotential})`.as('avg_market_potential'),
      businessPotential: sql`avg(${reviews.businessPotential})`.as('avg_business_potential'),
      composite: sql`avg(${reviews.composite})`.as('avg_composite'),
      count: sql<number>`count(*)::int`.as('review_count'),
      stdDevComposite: sql`stddev_pop(${reviews.composite})`.as('std_dev_composite'),
      minComposite: sql`min(${reviews.composite})`.as('min_composite'),
      maxComposite: sql`max(${reviews.composite})`.as('max_composite'),
    })
    .from(countedReviews(db))
    .groupBy(reviews.opportunityId)
    .as('per_opportunity');
}

const opportunityAnalytics = preparedOnce((db: Db) => {
  const per = reviewAggregatesPerOpportunity(db);
  return (
    db
      .select({
        id: opportunities.id,
        number: opportunities.number,
        title: opportunities.title,
        avgStrategicAlignment: rounded(sql`${per.strategicAlignment}`),
        avgSustainability: rounded(sql`${per.sustainability}`),
        avgTechnologyReadiness: rounded(sql`${per.technologyReadiness}`),
        avgMarketPotential: rounded(sql`${per.marketPotential}`),
        avgBusinessPotential: rounded(sql`${per.businessPotential}`),
        avgComposite: rounded(sql`${per.composite}`),
        reviewCount: sql<number>`coalesce(${per.count}, 0)`,
        stdDevComposite: rounded(sql`${per.stdDevComposite}`),
        minComposite: rounded(sql`${per.minComposite}`),
        maxComposite: rounded(sql`${per.maxComposite}`),
      })
      .from(opportunities)
      .leftJoin(per, eq(per.opportunityId, opportunities.id))
      .where(isPublished)
      .orderBy(asc(opportunities.number))
      // A named (server-side prepared) statement: PostgreSQL plans it once per connection; its
      // text is rendered once per database handle.
      .prepare('assay_analytics_opportunities')
  );
});

/**
 * One row per published opportunity, reviewed or not, in number order. Reviews by deactivated
 * reviewers still count here: their scores were submitted and stay part of the evaluation until
 * the account is deleted (which deletes the reviews).
 */
export function listOpportunityAnalytics(db: Db): Promise<OpportunityAnalyticsRow[]> {
  return opportunityAnalytics(db).execute();
}

/**
 * Each reviewer's counted reviews of published opportunities, counted and averaged before the
 * join to the accounts (as for the opportunities: 2.5 against 3.1 ms at 200 x 50).
 */
function reviewAggregatesPerReviewer(db: Db) {
  return db
    .select({
      reviewerId: reviews.reviewerId,
      count: sql<number>`count(*)::int`.as('review_count'),
      composite: sql`avg(${reviews.composite})`.as('avg_composite'),
    })
    .from(countedReviews(db))
    .innerJoin(opportunities, and(eq(opportunities.id, reviews.opportunityId), isPublished))
    .groupBy(reviews.reviewerId)
    .as('per_reviewer');
}

/** One row per active reviewer, by name, over their reviews of published opportunities. */
export function listReviewerAnalytics(db: Db): Promise<ReviewerAnalyticsRow[]> {
  const per = reviewAggregatesPerReviewer(db);
  return db
    .select({
      id: users.id,
      name: reviewerName,
      reviewCount: sql<number>`coalesce(${per.count}, 0)`,
      avgComposite: rounded(sql`${per.composite}`),
    })
    .from(users)
    .leftJoin(per, eq(per.reviewerId, users.id))
    .where(isActiveReviewer)
    .orderBy(asc(reviewerName), asc(users.id));
}

/** A heatmap cell's record: its keys from the column aliases, with the flags it carries. */
function cellJson(composite: SQL, flags: { unassigned?: true; conflict?: true } = {}) {
  return sql`(select to_json(cell) from (select
        ${opportunities.id} as "opportunityId",
        ${opportunities.number} as "opportunityNumber",
        ${composite} as "composite"${flags.unassigned ? sql`, true as "unassigned"` : sql``}${
          flags.conflict ? sql`, true as "conflict"` : sql``
        }
      ) as cell)`;
}

/**
 * json_agg's separator between two records (a comma and a space, then a line feed and a space
 * before every record but the first): the spec's heatmap joins its records' text with it, so its
 * bytes are those json_agg of the same records gives.
 */
const RECORD_SEPARATOR = sql.raw(`E', \\n '`);

/**
 * Active reviewers x published opportunities: the join on the status alone pairs every reviewer
 * with every published opportunity (and keeps a reviewer when there is none), the reviews join
 * fills the cells, in number order.
 *
 * Two forms (issue 18). 'plain' is the spec's heatmap, each reviewer's cells as JSON text (their
 * records' text without the brackets, joined): the bytes of json_agg of records, which it
 * replaced, for a quarter less of PostgreSQL's time (14-15 against 19-20 ms at 200 x 50; decision
 * 0035). 'flagged' is used while review-cycle control can flag a cell ('assigned' mode, or any
 * conflict recorded): a cell of a pair with a conflict carries `conflict: true`, in 'assigned'
 * mode a cell of a pair not assigned carries `unassigned: true`, and either has no composite
 * (its review, if any, does not count).
 */
function heatmapRows(form: 'plain' | 'flagged') {
  const plainCells = sql<string>`coalesce(string_agg(
      '{"opportunityId":"' || ${opportunities.id} || '","opportunityNumber":' || ${opportunities.number}
        || ',"composite":' || coalesce(${reviews.composite}::float8::text, 'null') || '}',
      ${RECORD_SEPARATOR} order by ${opportunities.number}
    ) filter (where ${opportunities.id} is not null), '')`;
  const hasConflict = sql`${conflicts.id} is not null`;
  const isUnassigned = sql`(${isAssignedModeSql} and ${assignments.reviewerId} is null)`;
  const none = sql`null::float8`;
  // A flagged cell has keys a plain one has not, so every cell of this form is JSON (a CASE
  // answers one type); records rather than json_build_object: no spaces around the separators.
  const flaggedCell = sql`case
        when not ${hasConflict} and not ${isUnassigned}
          then ${cellJson(sql`${reviews.composite}::float8`)}
        when ${hasConflict} and ${isUnassigned}
          then ${cellJson(none, { unassigned: true, conflict: true })}
        when ${hasConflict} then ${cellJson(none, { conflict: true })}
        else ${cellJson(none, { unassigned: true })}
      end`;
  const flaggedCells = sql<HeatmapRow['opportunities']>`coalesce(
    json_agg(${flaggedCell} order by ${opportunities.number})
      filter (where ${opportunities.id} is not null),
    '[]'::json
  )`;
  const rows = queryBuilder
    .select({
      reviewerId: users.id,
      reviewerName: reviewerName.as('reviewer_name'),
      opportunities: (form === 'plain' ? plainCells : flaggedCells).as('cells'),
    })
    .from(users)
    .leftJoin(opportunities, isPublished)
    .leftJoin(
      reviews,
      and(eq(reviews.reviewerId, users.id), eq(reviews.opportunityId, opportunities.id)),
    );
  const joined =
    form === 'plain'
      ? rows
      : rows
          .leftJoin(
            conflicts,
            and(eq(conflicts.reviewerId, users.id), eq(conflicts.opportunityId, opportunities.id)),
          )
          .leftJoin(
            assignments,
            and(
              eq(assignments.reviewerId, users.id),
              eq(assignments.opportunityId, opportunities.id),
            ),
          );
  return joined.where(isActiveReviewer).groupBy(users.id);
}

/** Whether a heatmap cell can carry a flag now: 'assigned' mode, or any conflict recorded. */
const cellsMayBeFlagged = sql`(${isAssignedModeSql} or exists (select 1 from ${conflicts}))`;

/**
 * The heatmap's rows, by reviewer name, as the text of one JSON array; null when gated off or
 * empty. The spec's form writes each row's record as json_agg would.
 */
function heatmapBody(form: 'plain' | 'flagged', gate: SQL) {
  const h = heatmapRows(form).as('h');
  const order = sql`order by ${h.reviewerName}, ${h.reviewerId}`;
  if (form === 'plain') {
    return sql`(
    select '[' || string_agg(
      '{"reviewerId":"' || ${h.reviewerId} || '","reviewerName":' || to_json(${h.reviewerName})::text
        || ',"opportunities":[' || ${h.opportunities} || ']}',
      ${RECORD_SEPARATOR} ${order}
    ) || ']'
    from ${h}
    where ${gate}
  )`;
  }
  return sql`(
    select json_agg(
      (select heatmap_row from (select
        ${h.reviewerId} as "reviewerId",
        ${h.reviewerName} as "reviewerName",
        ${h.opportunities} as "opportunities"
      ) as heatmap_row) ${order}
    )::text
    from ${h}
    where ${gate}
  )`;
}

/**
 * The heatmap (a row per active reviewer, by name) as the JSON text of the whole response,
 * built by PostgreSQL in one statement: at 200 reviewers x 50 opportunities that is 10,000
 * cells the server would otherwise parse, check and serialise again. The statement runs one of
 * its two forms: each is gated by a condition PostgreSQL evaluates once, and coalesce stops at
 * the first that answers.
 */
const heatmapStatement = preparedStatement<{ body: string }>(
  'assay_heatmap_json',
  sql`select coalesce(
    ${heatmapBody('plain', sql`not ${cellsMayBeFlagged}`)},
    ${heatmapBody('flagged', cellsMayBeFlagged)},
    '[]'
  ) as body`,
);

export async function heatmapJson(db: Pick<Database, '$client'>): Promise<string> {
  const [row] = await heatmapStatement(db);
  return row!.body;
}
