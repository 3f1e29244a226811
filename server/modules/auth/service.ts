import type { LoginInput } from '@shared/auth-schemas';
import type { Database } from '../../db/client';
import { forbidden, tooManyRequests, unauthorized } from '../../http/errors';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { DEACTIVATED_MESSAGE } from '../users/account-messages';
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
  actor: AuditActor,
): Promise<UserRow> {
  const ipAddress = actor.ipAddress ?? '';
  const key = { email: input.email.trim(), ipAddress };
  const failed = (user: UserRow | undefined, reason: string) =>
    recordAudit(
      db,
      { ...actor, userId: user?.id ?? null },
      {
        action: 'auth.login_failed',
        entityType: 'user',
        entityId: user?.id ?? null,
        changes: { email: key.email.toLowerCase(), reason },
      },
    );
  if (await isLoginThrottled(db, key)) {
    await failed(undefined, 'throttled');
    throw tooManyRequests(THROTTLED_MESSAGE);
  }
  const user = await findUserByEmail(db, key.email);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) {
    await db.transaction(async (tx) => {
      await recordLoginFailure(tx, key);
      await failed(user, user ? 'wrong_password' : 'unknown_email');
    });
    throw unauthorized(INVALID_CREDENTIALS);
  }
  if (!user.isActive) {
    await failed(user, 'deactivated');
    throw forbidden(DEACTIVATED_MESSAGE);
  }
  await db.transaction(async (tx) => {
    await clearLoginFailures(tx, key);
    await recordLogin(tx, user.id);
    await recordAudit(
      tx,
      { ...actor, userId: user.id },
      { action: 'auth.login', entityType: 'user', entityId: user.id },
    );
  });
  return user;
}
