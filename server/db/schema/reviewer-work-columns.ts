import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { opportunities } from './opportunities';
import { users } from './users';

// A reviewer's work on one opportunity (a review, a comment): one row per (opportunity, reviewer),
// gone with either. Functions, since a column builder belongs to one table.

export function reviewerWorkKeyColumns() {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    opportunityId: uuid('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  };
}

/** When the work was first saved and last changed. */
export function savedAtColumns() {
  return {
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}
