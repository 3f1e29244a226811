import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
type Db = Pick<Database, 'select' | 'insert' | 'update'>;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return row;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.trim() })
    .returning();
  return row!;
}

/**
 * Inserts the user unless the email (in any case) is taken, whoever took it: undefined then.
 * Two instances bootstrapping the same administrator at once end with one row.
 */
export async function insertUserUnlessEmailTaken(
  db: Db,
  values: typeof users.$inferInsert,
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.trim() })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function recordLogin(db: Db, id: string) {
  await db.update(users).set({ lastLogin: sql`now()` }).where(eq(users.id, id));
}

export async function hasAdmin(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .limit(1);
  return rows.length > 0;
}
