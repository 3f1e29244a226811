import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { opportunities } from './opportunities';
import { users } from './users';

/**
 * Who reviews what in 'assigned' mode (issue 18): one row per (reviewer, opportunity), gone with
 * either. The key leads with the reviewer, whose list and saves look their pairs up; the
 * opportunity index serves coverage and the cascade.
 */
export const assignments = pgTable(
  'assignments',
  {
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    opportunityId: uuid('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The admin who assigned it (cleared if that account is deleted; the audit row keeps it). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ name: 'assignments_pkey', columns: [t.reviewerId, t.opportunityId] }),
    index('assignments_opportunity_idx').on(t.opportunityId),
  ],
);
