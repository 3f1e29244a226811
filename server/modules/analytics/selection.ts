import { and, eq, sql } from 'drizzle-orm';
import { opportunities, users } from '../../db/schema/index';

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
