import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { opportunities } from './opportunities';
import { users } from './users';

export const viewerStates = pgTable('viewer_states', {
  reviewerId: uuid('reviewer_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastOpportunityId: uuid('last_opportunity_id').references(() => opportunities.id, {
    onDelete: 'set null',
  }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
