import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { hashPassword } from '../../modules/auth/passwords';
import { nextSequence, uniqueEmail } from './sequence';

export const TEST_PASSWORD = 'correct horse battery';
// Hashing is deliberately slow; the common password is hashed once per test file.
const commonHash = hashPassword(TEST_PASSWORD);

type UserRow = typeof users.$inferSelect;
export type TestUser = UserRow & { password: string };

export type UserOptions = Partial<Omit<typeof users.$inferInsert, 'passwordHash'>> & {
  password?: string;
};

/** A user (a reviewer unless told), with a unique email and a password that signs in. */
export async function createUser(db: Database, options: UserOptions = {}): Promise<TestUser> {
  const { password = TEST_PASSWORD, ...values } = options;
  const passwordHash = password === TEST_PASSWORD ? await commonHash : await hashPassword(password);
  const n = nextSequence();
  const [row] = await db
    .insert(users)
    .values({
      name: `Test User ${n}`,
      email: uniqueEmail('user'),
      role: 'reviewer',
      ...values,
      passwordHash,
    })
    .returning();
  return { ...row!, password };
}
