import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { opportunities, reviews, users } from '../../db/schema/index';
import { countsInFiguresSql } from '../review-cycle/scope';

// What the admin figures are computed over (CONTRACT.md "Dashboard and analytics"): published
// opportunities (drafts and archived ones are not under review) and active reviewer accounts.
// Analytics and the results (decision support) both select with these, so the two screens cannot
// disagree about which rows count.

/** A published opportunity (an expression over `opportunities`). */
export const isPublished = eq(opportunities.status, 'published');

/** An active reviewer account (an expression over `users`). */
export const isActiveReviewer = and(eq(users.role, 'reviewer'), eq(users.isActive, true));

/** The name admin figures show for a reviewer: the display name when set, else the full name. */
export const reviewerName = sql<string>`coalesce(nullif(btrim(${users.displayName}), ''), ${users.name})`;

/**
 * The reviews that count in the admin figures (issue 18, docs/review-cycle.md): none with a
 * conflict of interest, and in 'assigned' mode only assigned pairs; the rest are kept but left
 * out. A subquery named `reviews`, so a statement joins it in place of the table and its
 * `reviews.*` columns read from it. With 'open' mode and no conflicts it is every review.
 */
export function countedReviews(db: Pick<Database, 'select'>) {
  return db
    .select()
    .from(reviews)
    .where(countsInFiguresSql(reviews.reviewerId, reviews.opportunityId, { over: 'rows' }))
    .as('reviews');
}
