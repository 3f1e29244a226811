import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Failed sign-ins, kept in PostgreSQL so throttling holds across app instances. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ipAddress: text('ip_address').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_lookup_idx').on(t.email, t.ipAddress, t.attemptedAt)],
);
