import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const emailType = pgEnum('email_type', [
  'new_opportunity',
  'review_reminder',
  'invitation',
  'decision_letter',
  'discussion_digest',
]);
export const emailStatus = pgEnum('email_status', ['pending', 'sent', 'failed']);

/** The outbox: every email is a row, sent by the worker in server/modules/mail. */
export const emailNotifications = pgTable(
  'email_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'set null' }),
    recipientEmail: text('recipient_email').notNull(),
    type: emailType('type').notNull(),
    subject: text('subject').notNull(),
    /** The plain-text part. */
    body: text('body').notNull(),
    html: text('html'),
    status: emailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    errorMessage: text('error_message'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_notifications_status_idx').on(t.status, t.createdAt),
    index('email_notifications_recipient_idx').on(t.recipientId, t.createdAt),
    index('email_notifications_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);
