import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Admin settings by key; also the row `session_secret`, the cookie secret the instances share
 * (modules/sessions/queries.ts, decision 0015), which no settings route reads.
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
