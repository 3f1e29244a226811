import type { Database } from '../../db/client';
import { emailNotifications } from '../../db/schema/index';
import { nextSequence, uniqueEmail } from './sequence';

export type EmailOptions = Partial<typeof emailNotifications.$inferInsert>;

/** An outbox row: a pending review reminder to a unique address, due now, unless told. */
export async function createEmail(db: Database, options: EmailOptions = {}) {
  const n = nextSequence();
  const [row] = await db
    .insert(emailNotifications)
    .values({
      recipientId: null,
      recipientEmail: uniqueEmail('recipient'),
      type: 'review_reminder',
      subject: `Email ${n}`,
      body: `Plain text ${n}\n`,
      html: `<p>HTML ${n}</p>`,
      ...options,
    })
    .returning();
  return row!;
}
