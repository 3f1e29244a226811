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
//
// Each count is read once: `base` (one row, kept a subquery by `offset 0` so that its columns are
// not copied into each case) holds the plain counts and the mode; the assignments' three counts
// come from one scan that runs only in 'assigned' mode (its condition is evaluated once), the
// conflicts' three from another. A subquery per count, with the mode read in each case, cost
// PostgreSQL 0.54 ms against 0.50 for this form and 0.46 for the spec's counts alone (decision
// 0035).

/** A pair `u`, `o` of an active reviewer and a published opportunity: it counts in the rate. */
const countsForRate = sql.raw(`u.role = 'reviewer' and u.is_active and o.status = 'published'`);

const dashboardCounts = preparedStatement<DashboardCounts & { signedIn: string[] }>(
  'assay_dashboard_counts',
  sql`
    select
      ${signedInSessionKeysSql(sql.placeholder('sids'), 'admin')} as "signedIn",
      base.total_reviewers as "totalReviewers",
      base.active_reviewers as "activeReviewers",
      base.published_opportunities as "publishedOpportunities",
      base.total_opportunities as "totalOpportunities",
      case when base.assigned then assigned_pairs.reviews
        else base.reviews - conflicted_pairs.reviews
      end as "totalReviews",
      case when base.assigned then assigned_pairs.completed
        else base.reviews
          - (select count(*)::int
               from users u
               join reviews r on r.reviewer_id = u.id
              where not (u.role = 'reviewer' and u.is_active))
          - (select count(*)::int
               from opportunities o
               join reviews r on r.opportunity_id = o.id
               join users u on u.id = r.reviewer_id and u.role = 'reviewer' and u.is_active
              where o.status <> 'published')
          - conflicted_pairs.completed
      end as "completedReviews",
      case when base.assigned then assigned_pairs.expected
        else base.active_reviewers * base.published_opportunities - conflicted_pairs.expected
      end as "expectedReviews"
    from (
      select count(*)::int as reviews,
             (select count(*)::int from users where role = 'reviewer') as total_reviewers,
             (select count(*)::int from users where role = 'reviewer' and is_active)
               as active_reviewers,
             (select count(*)::int from opportunities where status = 'published')
               as published_opportunities,
             (select count(*)::int from opportunities) as total_opportunities,
             ${isAssignedModeSql} as assigned
        from reviews
      offset 0
    ) as base,
    (
      -- Assigned pairs without a conflict: with a review; and of an active reviewer and a
      -- published opportunity, with a review and in all.
      select count(r.id) filter (where cf.id is null)::int as reviews,
             count(r.id) filter (where cf.id is null and ${countsForRate})::int as completed,
             count(*) filter (where cf.id is null and ${countsForRate})::int as expected
        from assignments pair
        join users u on u.id = pair.reviewer_id
        join opportunities o on o.id = pair.opportunity_id
        left join reviews r
          on r.reviewer_id = pair.reviewer_id and r.opportunity_id = pair.opportunity_id
        left join conflicts cf
          on cf.reviewer_id = pair.reviewer_id and cf.opportunity_id = pair.opportunity_id
       where ${isAssignedModeSql}
    ) as assigned_pairs,
    (
      -- Conflicted pairs: with a review; and of an active reviewer and a published opportunity,
      -- with a review and in all.
      select count(r.id)::int as reviews,
             count(r.id) filter (where ${countsForRate})::int as completed,
             count(*) filter (where ${countsForRate})::int as expected
        from conflicts pair
        join users u on u.id = pair.reviewer_id
        join opportunities o on o.id = pair.opportunity_id
        left join reviews r
          on r.reviewer_id = pair.reviewer_id and r.opportunity_id = pair.opportunity_id
    ) as conflicted_pairs
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
