import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import type { UserRow } from '../users/queries';

type Db = Pick<Database, 'select' | 'update' | 'delete'>;

// Every query here is limited to role 'reviewer': these endpoints must never reach an admin.
const isReviewer = eq(users.role, 'reviewer');

export async function listReviewers(db: Db): Promise<UserRow[]> {
  return db.select().from(users).where(isReviewer).orderBy(asc(users.name), asc(users.email));
}

export async function findReviewerById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isReviewer))
    .limit(1);
  return row;
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
