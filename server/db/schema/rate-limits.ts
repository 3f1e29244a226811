import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters per scope (e.g. 'invitation'), key (e.g. an address) and fixed time window,
 * kept in PostgreSQL so that a limit holds across app instances. One row per key and window.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key, t.windowStart] }),
    index('rate_limits_window_idx').on(t.windowStart),
  ],
);
