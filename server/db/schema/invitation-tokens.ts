import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const invitationTokens = pgTable(
  'invitation_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Only a hash of the token is stored; the token itself travels in the email link.
    token: text('token').notNull().unique('invitation_tokens_token_unique'),
    email: text('email').notNull(),
    name: text('name').notNull(),
    displayName: text('display_name'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitation_tokens_email_idx').on(t.email)],
);
