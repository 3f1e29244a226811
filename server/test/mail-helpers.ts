import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailNotifications } from '../db/schema/index';

export type EmailRow = typeof emailNotifications.$inferSelect;

/** The outbox rows addressed to this email, newest first. */
export async function emailsTo(db: Database, address: string, type?: EmailRow['type']) {
  return db
    .select()
    .from(emailNotifications)
    .where(
      and(
        eq(emailNotifications.recipientEmail, address),
        type ? eq(emailNotifications.type, type) : undefined,
      ),
    )
    .orderBy(desc(emailNotifications.createdAt), desc(emailNotifications.id));
}

/** The invitation token from the link in an email's text. */
export function tokenFromEmail(text: string): string {
  const match = /\/invite\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no invitation link in: ${text}`);
  return match[1]!;
}
