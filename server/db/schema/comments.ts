import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { opportunities } from './opportunities';
import { users } from './users';

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    opportunityId: uuid('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    howToBiggerBetter: text('how_to_bigger_better'),
    challenges: text('challenges'),
    howToGetGoing: text('how_to_get_going'),
    otherComments: text('other_comments'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('comments_opportunity_reviewer_unique').on(t.opportunityId, t.reviewerId),
    index('comments_reviewer_idx').on(t.reviewerId),
  ],
);
