import { DASHBOARD_TOP } from '@shared/limits';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { opportunities, reviews } from '../../db/schema/index';
import { isPublished } from '../analytics/selection';

type Db = Pick<Database, 'execute'>;

export type DashboardCounts = {
  totalReviewers: number;
  activeReviewers: number;
  publishedOpportunities: number;
  totalOpportunities: number;
  totalReviews: number;
  /** Reviews by active reviewers of published opportunities: what the completion rate counts. */
  completedReviews: number;
};

// completedReviews is every review minus those outside the rule (a reviewer who is not an active
// reviewer, or an opportunity that is not published): counting the exceptions walks the review
// indexes of the few such accounts and opportunities, where joining every review to its reviewer
// and opportunity cost PostgreSQL four times as much at 200 x 50 (decision 0006).
const dashboardCounts = preparedStatement<DashboardCounts>(
  'assay_dashboard_counts',
  sql`
    select
      (select count(*)::int from users where role = 'reviewer') as "totalReviewers",
      (select count(*)::int from users where role = 'reviewer' and is_active) as "activeReviewers",
      (select count(*)::int from opportunities where status = 'published')
        as "publishedOpportunities",
      (select count(*)::int from opportunities) as "totalOpportunities",
      all_reviews.n as "totalReviews",
      all_reviews.n
        - (select count(*)::int
             from users u
             join reviews r on r.reviewer_id = u.id
            where not (u.role = 'reviewer' and u.is_active))
        - (select count(*)::int
             from opportunities o
             join reviews r on r.opportunity_id = o.id
             join users u on u.id = r.reviewer_id and u.role = 'reviewer' and u.is_active
            where o.status <> 'published')
        as "completedReviews"
    from (select count(*)::int as n from reviews) as all_reviews
  `,
);

/** Every dashboard count in one (prepared) statement, whatever the size of the data. */
export async function getDashboardCounts(db: Pick<Database, '$client'>): Promise<DashboardCounts> {
  const [row] = await dashboardCounts(db);
  return row!;
}

export type TopOpportunityRow = {
  id: string;
  number: number;
  title: string;
  reviewCount: number;
  avgComposite: number;
};

/**
 * The dashboard's top list, in one statement, over the same rows as the analytics
 * (docs/figures.md): published opportunities (../analytics/selection.ts) with at least one review,
 * every review of them counted; ranked like shared/ranking.ts (the 4-decimal average, then more
 * reviews, then the lower number).
 */
export async function listTopOpportunities(
  db: Db,
  limit: number = DASHBOARD_TOP,
): Promise<TopOpportunityRow[]> {
  const average = sql`round(avg(${reviews.composite}), 4)`;
  const result = await db.execute<TopOpportunityRow>(sql`
    select ${opportunities.id} as "id", ${opportunities.number} as "number",
           ${opportunities.title} as "title",
           count(*)::int as "reviewCount",
           ${average}::float8 as "avgComposite"
      from ${reviews}
      join ${opportunities} on ${opportunities.id} = ${reviews.opportunityId}
     where ${isPublished}
     group by ${opportunities.id}
     order by ${average} desc, count(*) desc, ${opportunities.number} asc
     limit ${limit}
  `);
  return result.rows;
}
