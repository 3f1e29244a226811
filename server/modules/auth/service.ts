import type { LoginInput } from '@shared/auth-schemas';
import type { Database } from '../../db/client';
import { forbidden, tooManyRequests, unauthorized } from '../../http-errors';
import { DEACTIVATED_MESSAGE } from '../../plugins/authentication';
import { findUserByEmail, recordLogin, type UserRow } from '../users/queries';
import { clearLoginFailures, isLoginThrottled, recordLoginFailure } from './login-throttle';
import { verifyPassword } from './passwords';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const THROTTLED_MESSAGE =
  'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

/** Checks credentials with throttling; the caller starts the session. */
export async function authenticate(
  db: Database,
  input: LoginInput,
  ipAddress: string,
): Promise<UserRow> {
  const key = { email: input.email.trim(), ipAddress };
  if (await isLoginThrottled(db, key)) throw tooManyRequests(THROTTLED_MESSAGE);
  const user = await findUserByEmail(db, key.email);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) {
    await recordLoginFailure(db, key);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  if (!user.isActive) throw forbidden(DEACTIVATED_MESSAGE);
  await clearLoginFailures(db, key);
  await recordLogin(db, user.id);
  return user;
}
