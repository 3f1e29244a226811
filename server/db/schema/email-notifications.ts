import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const emailType = pgEnum('email_type', ['new_opportunity', 'review_reminder', 'invitation']);
export const emailStatus = pgEnum('email_status', ['pending', 'sent', 'failed']);

export const emailNotifications = pgTable(
  'email_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'set null' }),
    recipientEmail: text('recipient_email').notNull(),
    type: emailType('type').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: emailStatus('status').notNull().default('pending'),
    errorMessage: text('error_message'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_notifications_status_idx').on(t.status, t.createdAt),
    index('email_notifications_recipient_idx').on(t.recipientId, t.createdAt),
  ],
);
