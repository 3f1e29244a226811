import { DASHBOARD_TOP } from '@shared/limits';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';

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

/** Opportunities with at least one review, best average composite first, in one statement. */
export async function listTopOpportunities(
  db: Db,
  limit: number = DASHBOARD_TOP,
): Promise<TopOpportunityRow[]> {
  const result = await db.execute<TopOpportunityRow>(sql`
    select o.id, o.number, o.title,
           count(*)::int as "reviewCount",
           round(avg(r.composite), 4)::float8 as "avgComposite"
      from reviews r
      join opportunities o on o.id = r.opportunity_id
     group by o.id
     order by avg(r.composite) desc, o.number asc
     limit ${limit}
  `);
  return result.rows;
}
