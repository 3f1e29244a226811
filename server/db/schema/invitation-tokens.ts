import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const invitationTokens = pgTable(
  'invitation_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Only a sha256 hash of the token is stored; the token itself travels in the email link.
    token: text('token').notNull().unique('invitation_tokens_token_unique'),
    email: text('email').notNull(),
    name: text('name').notNull(),
    displayName: text('display_name'),
    customMessage: text('custom_message'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invitation_tokens_email_idx').on(t.email),
    // One open (neither accepted nor revoked) invitation per email, compared without case.
    uniqueIndex('invitation_tokens_open_email_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);
