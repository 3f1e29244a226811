import { randomBytes } from 'node:crypto';
import type { Role } from '@shared/auth-schemas';
import type { App } from '../app';
import type { Database } from '../db/client';
import { hashPassword } from '../modules/auth/passwords';
import { insertUser, type UserRow } from '../modules/users/queries';

export const TEST_PASSWORD = 'correct horse battery';
// Hashing is deliberately slow; the common password is hashed once per test file.
const commonHash = hashPassword(TEST_PASSWORD);

export type TestUser = UserRow & { password: string };

/** Inserts a user; every call gets a unique email unless one is given. */
export async function createUser(
  db: Database,
  overrides: Partial<Omit<UserRow, 'passwordHash'>> & { password?: string; role?: Role } = {},
): Promise<TestUser> {
  const { password = TEST_PASSWORD, ...values } = overrides;
  const passwordHash = password === TEST_PASSWORD ? await commonHash : await hashPassword(password);
  const suffix = randomBytes(4).toString('hex');
  const user = await insertUser(db, {
    name: `Test User ${suffix}`,
    email: `user-${suffix}@example.test`,
    role: 'reviewer',
    ...values,
    passwordHash,
  });
  return { ...user, password };
}

/** Signs in through the API and returns the session cookie header for later requests. */
export async function signIn(app: App, user: { email: string; password: string }) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  }
  const cookie = response.cookies.filter((c) => c.name === 'assay.sid' && c.value).at(-1);
  if (!cookie) throw new Error('sign-in set no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

export async function createSignedInUser(app: App, db: Database, role: Role = 'reviewer') {
  const user = await createUser(db, { role });
  return { user, cookie: await signIn(app, user) };
}
