import type {
  HeatmapRow,
  OpportunityAnalyticsRow,
  ReviewerAnalyticsRow,
} from '@shared/analytics-schemas';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { opportunities, reviews, users } from '../../db/schema/index';
import { isActiveReviewer, isPublished, reviewerName } from './selection';

type Db = Pick<Database, 'select'>;

// Analytics cover published opportunities only and the reviewer views active reviewer accounts
// only (./selection.ts, shared with the results). Each function is one statement whatever the
// number of rows.

/**
 * An aggregate as a JSON number rounded to 4 decimals in SQL: `avg()` and numeric arrive as text
 * from the driver, float8 as a number; null stays null when nothing was aggregated.
 */
function rounded(aggregate: SQL): SQL<number | null> {
  return sql<number | null>`round((${aggregate})::numeric, 4)::float8`;
}
const averageOf = (column: AnyPgColumn) => rounded(sql`avg(${column})`);

/**
 * One row per published opportunity, reviewed or not, in number order. Reviews by deactivated
 * reviewers still count here: their scores were submitted and stay part of the evaluation until
 * the account is deleted (which deletes the reviews).
 */
export function listOpportunityAnalytics(db: Db): Promise<OpportunityAnalyticsRow[]> {
  return (
    db
      .select({
        id: opportunities.id,
        number: opportunities.number,
        title: opportunities.title,
        avgStrategicAlignment: averageOf(reviews.strategicAlignment),
        avgSustainability: averageOf(reviews.sustainability),
        avgTechnologyReadiness: averageOf(reviews.technologyReadiness),
        avgMarketPotential: averageOf(reviews.marketPotential),
        avgBusinessPotential: averageOf(reviews.businessPotential),
        avgComposite: averageOf(reviews.composite),
        reviewCount: sql<number>`count(${reviews.id})::int`,
        stdDevComposite: rounded(sql`stddev_pop(${reviews.composite})`),
        minComposite: rounded(sql`min(${reviews.composite})`),
        maxComposite: rounded(sql`max(${reviews.composite})`),
      })
      .from(opportunities)
      .leftJoin(reviews, eq(reviews.opportunityId, opportunities.id))
      .where(isPublished)
      .groupBy(opportunities.id)
      .orderBy(asc(opportunities.number))
      // A named (server-side prepared) statement: PostgreSQL plans it once per connection.
      .prepare('assay_analytics_opportunities')
      .execute()
  );
}

/** One row per active reviewer, by name, over their reviews of published opportunities. */
export function listReviewerAnalytics(db: Db): Promise<ReviewerAnalyticsRow[]> {
  return db
    .select({
      id: users.id,
      name: reviewerName,
      reviewCount: sql<number>`count(${opportunities.id})::int`,
      avgComposite: rounded(
        sql`avg(${reviews.composite}) filter (where ${opportunities.id} is not null)`,
      ),
    })
    .from(users)
    .leftJoin(reviews, eq(reviews.reviewerId, users.id))
    .leftJoin(opportunities, and(eq(opportunities.id, reviews.opportunityId), isPublished))
    .where(isActiveReviewer)
    .groupBy(users.id)
    .orderBy(asc(reviewerName), asc(users.id));
}

/**
 * Active reviewers x published opportunities: the join on the status alone pairs every reviewer
 * with every published opportunity (and keeps a reviewer when there is none), the reviews join
 * fills the cells, and json_agg builds each reviewer's cells in number order.
 */
function heatmapRows(db: Db) {
  // Records rather than json_build_object: no spaces around the separators (6% of the response
  // at 200 x 50, 1,067,210 -> 1,005,608 bytes) and less work for PostgreSQL.
  const cells = sql<HeatmapRow['opportunities']>`coalesce(
    json_agg(
      (select cell from (select
        ${opportunities.id} as "opportunityId",
        ${opportunities.number} as "opportunityNumber",
        ${reviews.composite}::float8 as "composite"
      ) as cell) order by ${opportunities.number}
    ) filter (where ${opportunities.id} is not null),
    '[]'::json
  )`;
  return db
    .select({
      reviewerId: users.id,
      reviewerName: reviewerName.as('reviewer_name'),
      opportunities: cells.as('cells'),
    })
    .from(users)
    .leftJoin(opportunities, isPublished)
    .leftJoin(
      reviews,
      and(eq(reviews.reviewerId, users.id), eq(reviews.opportunityId, opportunities.id)),
    )
    .where(isActiveReviewer)
    .groupBy(users.id);
}

/**
 * The heatmap (a row per active reviewer, by name) as the JSON text of the whole response,
 * built by PostgreSQL in one statement: at 200 reviewers x 50 opportunities that is 10,000
 * cells the server would otherwise parse, check and serialise again.
 */
export async function heatmapJson(db: Db): Promise<string> {
  const h = heatmapRows(db).as('h');
  const [row] = await db
    .select({
      body: sql<string>`coalesce(
        json_agg(
          (select heatmap_row from (select
            ${h.reviewerId} as "reviewerId",
            ${h.reviewerName} as "reviewerName",
            ${h.opportunities} as "opportunities"
          ) as heatmap_row) order by ${h.reviewerName}, ${h.reviewerId}
        ),
        '[]'::json
      )::text`,
    })
    .from(h)
    .prepare('assay_heatmap_json')
    .execute();
  return row!.body;
}
