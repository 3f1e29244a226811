import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A reviewer's finalist ballot (issue 37, decision 0031): at most one per reviewer, gone with
 * them; withdrawing deletes the row. The ranking is kept as written (groups of opportunity ids,
 * best first) and read against today's candidates and conflicts each time, so a candidate that
 * left the shortlist or became conflicted stops counting and the rest of the ballot stands.
 */
export const ballots = pgTable(
  'ballots',
  {
    reviewerId: uuid('reviewer_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    ranking: jsonb('ranking').$type<string[][]>().notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ballots_ranking_is_array', sql`jsonb_typeof(${t.ranking}) = 'array'`)],
);
