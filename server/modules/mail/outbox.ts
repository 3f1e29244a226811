import { and, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailNotifications } from '../../db/schema/index';
import type { EmailContent } from './templates';

type Db = Pick<Database, 'insert' | 'execute'>;

export type EmailType = (typeof emailNotifications.$inferInsert)['type'];

export type OutgoingEmail = {
  recipientId: string | null;
  recipientEmail: string;
  type: EmailType;
  content: EmailContent;
};

/**
 * Queues emails in the outbox. Call it with the transaction of the change that causes them, so
 * that a rolled-back change sends nothing; the worker picks them up once committed.
 */
export async function queueEmails(db: Db, emails: OutgoingEmail[]): Promise<number> {
  if (emails.length === 0) return 0;
  await db.insert(emailNotifications).values(
    emails.map((email) => ({
      recipientId: email.recipientId,
      recipientEmail: email.recipientEmail,
      type: email.type,
      subject: email.content.subject,
      body: email.content.text,
      html: email.content.html,
      nextAttemptAt: sql`now()`,
    })),
  );
  return emails.length;
}

/** Links in emails are absolute, under PUBLIC_URL. */
export function absoluteLink(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * Emails sent before the recipient had an account (invitations) belong to the account created
 * for that address, so that the reviewers list shows them as the reviewer's last email.
 */
export async function linkEmailsToRecipient(
  db: Pick<Database, 'update'>,
  recipient: { id: string; email: string },
): Promise<void> {
  await db
    .update(emailNotifications)
    .set({ recipientId: recipient.id })
    .where(
      and(
        isNull(emailNotifications.recipientId),
        // A decision letter went to an owner, who never gets an account (issue 35).
        ne(emailNotifications.type, 'decision_letter'),
        sql`lower(${emailNotifications.recipientEmail}) = lower(${recipient.email})`,
      ),
    );
}
