import { DASHBOARD_TOP } from '@shared/limits';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { opportunities, reviews } from '../../db/schema/index';
import { isPublished } from '../analytics/selection';
import { countsInFiguresSql } from '../review-cycle/scope';
import { signedInSessionKeysSql } from '../sessions/queries';
import { isAssignedModeSql } from '../settings/queries';

type Db = Pick<Database, 'execute'>;

export type DashboardCounts = {
  totalReviewers: number;
  activeReviewers: number;
  publishedOpportunities: number;
  totalOpportunities: number;
  /** Reviews that count (docs/review-cycle.md): every review but those kept out by issue 18. */
  totalReviews: number;
  /** Reviews by active reviewers of published opportunities that count: the rate's numerator. */
  completedReviews: number;
  /** The reviews expected of active reviewers on published opportunities: the rate's denominator. */
  expectedReviews: number;
};

// completedReviews is every review minus those outside the rule (a reviewer who is not an active
// reviewer, or an opportunity that is not published): counting the exceptions walks the review
// indexes of the few such accounts and opportunities, where joining every review to its reviewer
// and opportunity cost PostgreSQL four times as much at 200 x 50 (decision 0006).
//
// Issue 18 (docs/review-cycle.md): in 'open' mode a review with a conflict of interest is one
// more exception, and a conflicted pair is not expected; in 'assigned' mode the figures count
// assigned pairs only, from the assignments. With no conflicts, 'open' mode's subtrahends are 0.
const activeReviewerOf = (alias: string) =>
  sql.raw(`join users u on u.id = ${alias}.reviewer_id and u.role = 'reviewer' and u.is_active`);
const publishedOf = (alias: string) =>
  sql.raw(`join opportunities o on o.id = ${alias}.opportunity_id and o.status = 'published'`);
const conflictOf = (alias: string) =>
  sql.raw(`exists (select 1 from conflicts c
                    where c.reviewer_id = ${alias}.reviewer_id and c.opportunity_id = ${alias}.opportunity_id)`);
const hasReviewOf = (alias: string) =>
  sql.raw(`exists (select 1 from reviews r
                    where r.reviewer_id = ${alias}.reviewer_id and r.opportunity_id = ${alias}.opportunity_id)`);

const dashboardCounts = preparedStatement<DashboardCounts & { signedIn: string[] }>(
  'assay_dashboard_counts',
  sql`
    select
      ${signedInSessionKeysSql(sql.placeholder('sids'), 'admin')} as "signedIn",
      (select count(*)::int from users where role = 'reviewer') as "totalReviewers",
      (select count(*)::int from users where role = 'reviewer' and is_active) as "activeReviewers",
      (select count(*)::int from opportunities where status = 'published')
        as "publishedOpportunities",
      (select count(*)::int from opportunities) as "totalOpportunities",
      case when ${isAssignedModeSql}
        -- Reviews of assigned pairs without a conflict, counted from the (fewer) assignments.
        then (select count(*)::int from assignments a where ${hasReviewOf('a')} and not ${conflictOf('a')})
        else all_reviews.n
          - (select count(*)::int from conflicts cr join reviews r
               on r.reviewer_id = cr.reviewer_id and r.opportunity_id = cr.opportunity_id)
      end as "totalReviews",
      case when ${isAssignedModeSql}
        then (select count(*)::int from assignments a ${activeReviewerOf('a')} ${publishedOf('a')}
               where ${hasReviewOf('a')} and not ${conflictOf('a')})
        else all_reviews.n
          - (select count(*)::int
               from users u
               join reviews r on r.reviewer_id = u.id
              where not (u.role = 'reviewer' and u.is_active))
          - (select count(*)::int
               from opportunities o
               join reviews r on r.opportunity_id = o.id
               join users u on u.id = r.reviewer_id and u.role = 'reviewer' and u.is_active
              where o.status <> 'published')
          - (select count(*)::int from conflicts cr
               join reviews r on r.reviewer_id = cr.reviewer_id and r.opportunity_id = cr.opportunity_id
               ${activeReviewerOf('cr')} ${publishedOf('cr')})
      end as "completedReviews",
      case when ${isAssignedModeSql}
        then (select count(*)::int from assignments a ${activeReviewerOf('a')} ${publishedOf('a')}
               where not ${conflictOf('a')})
        else (select count(*)::int from users where role = 'reviewer' and is_active)
           * (select count(*)::int from opportunities where status = 'published')
          - (select count(*)::int from conflicts cr ${activeReviewerOf('cr')} ${publishedOf('cr')})
      end as "expectedReviews"
    from (select count(*)::int as n from reviews) as all_reviews
  `,
);

/**
 * Every dashboard count in one (prepared) statement, whatever the size of the data; and which of
 * the sessions `sids` are still signed in as an active admin (signedInSessionKeysSql), in the
 * same snapshot.
 */
export async function getDashboardCounts(
  db: Pick<Database, '$client'>,
  sids: string[] = [],
): Promise<{ counts: DashboardCounts; signedIn: string[] }> {
  const [row] = await dashboardCounts(db, { sids });
  const { signedIn, ...counts } = row!;
  return { counts, signedIn };
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
       and ${countsInFiguresSql(reviews.reviewerId, reviews.opportunityId, { over: 'rows' })}
     group by ${opportunities.id}
     order by ${average} desc, count(*) desc, ${opportunities.number} asc
     limit ${limit}
  `);
  return result.rows;
}
