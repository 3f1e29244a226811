import { index, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { opportunities } from './opportunities';
import { users } from './users';

export const conflictSource = pgEnum('conflict_source', ['reviewer', 'admin']);

/**
 * A reviewer's conflict of interest with an opportunity (issue 18): at most one per pair, gone
 * with either. Withdrawing deletes the row; the audit log keeps its history.
 */
export const conflicts = pgTable(
  'conflicts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    opportunityId: uuid('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    declaredBy: conflictSource('declared_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('conflicts_reviewer_opportunity_unique').on(t.reviewerId, t.opportunityId),
    index('conflicts_opportunity_idx').on(t.opportunityId),
  ],
);
