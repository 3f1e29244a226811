import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailNotifications, users } from '../../db/schema/index';
import type { UserRow } from '../users/queries';

type Db = Pick<Database, 'select' | 'selectDistinctOn' | 'update' | 'delete'>;

// Every query here is limited to role 'reviewer': these endpoints must never reach an admin.
const isReviewer = eq(users.role, 'reviewer');

export async function listReviewers(db: Db): Promise<UserRow[]> {
  return db.select().from(users).where(isReviewer).orderBy(asc(users.name), asc(users.email));
}

type EmailRow = typeof emailNotifications.$inferSelect;
/** A reviewer's email: never a decision letter, which goes to an owner without an account. */
export type LastEmailRow = Pick<
  EmailRow,
  'recipientId' | 'status' | 'createdAt' | 'sentAt' | 'errorMessage'
> & { type: Exclude<EmailRow['type'], 'decision_letter'> };

/** The latest email of each of these users, in one statement (DISTINCT ON). */
export async function findLastEmails(
  db: Db,
  userIds: string[],
): Promise<Map<string, LastEmailRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([emailNotifications.recipientId], {
      recipientId: emailNotifications.recipientId,
      type: emailNotifications.type,
      status: emailNotifications.status,
      createdAt: emailNotifications.createdAt,
      sentAt: emailNotifications.sentAt,
      errorMessage: emailNotifications.errorMessage,
    })
    .from(emailNotifications)
    .where(inArray(emailNotifications.recipientId, userIds))
    .orderBy(
      emailNotifications.recipientId,
      desc(emailNotifications.createdAt),
      desc(emailNotifications.id),
    );
  return new Map(rows.map((row) => [row.recipientId!, row as LastEmailRow]));
}

export async function findReviewerById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isReviewer))
    .limit(1);
  return row;
}

export async function findReviewerForUpdate(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isReviewer))
    .limit(1)
    .for('update');
  return row;
}

/** Locks the reviewer rows of these ids (admins never), in id order so bulk changes queue. */
export async function findReviewersForUpdate(db: Db, ids: string[]): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(inArray(users.id, ids), isReviewer))
    .orderBy(asc(users.id))
    .for('update');
}

export async function updateReviewer(
  db: Db,
  id: string,
  values: Partial<Pick<UserRow, 'isActive' | 'passwordHash'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set(values)
    .where(and(eq(users.id, id), isReviewer))
    .returning();
  return row;
}

/** Reviews, comments and viewer state go with the account through ON DELETE CASCADE. */
export async function deleteReviewer(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.id, id), isReviewer))
    .returning({ id: users.id });
  return rows.length > 0;
}
