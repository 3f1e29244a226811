import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const sessions = pgTable(
  'session',
  {
    sid: text('sid').primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('session_expire_idx').on(t.expire),
    // Lets a deactivation or deletion end all of one user's sessions at once.
    index('session_user_idx').on(sql`(${t.sess} ->> 'userId')`),
  ],
);
