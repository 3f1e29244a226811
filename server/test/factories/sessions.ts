import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { SESSION_COOKIE } from '../../plugins/sessions';
import { TEST_SESSION_SECRET } from '../build-test-app';

/** The cookie value @fastify/cookie would set for a session id (HMAC-SHA256, base64, no `=`). */
export function signedSessionCookie(sid: string, secret = TEST_SESSION_SECRET) {
  const signature = createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
  return `${SESSION_COOKIE}=${encodeURIComponent(`${sid}.${signature}`)}`;
}

/** The session id inside a `assay.sid=...` cookie header. */
export function sessionIdOf(cookie: string) {
  return decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)).split('.')[0]!;
}

/**
 * A new session row for `userId` shaped like one written at sign-in, and its cookie. Cheaper than
 * signing in (no password hashing), so a test can spend one per request; the user need not exist.
 */
export async function mintSession(db: Database, userId: string, template: { cookie: string }) {
  const rows = await db.execute<{ sess: Record<string, unknown>; expire: Date }>(
    sql`select sess, expire from session where sid = ${sessionIdOf(template.cookie)}`,
  );
  const row = rows.rows[0];
  if (!row) throw new Error('the template session does not exist');
  const sid = randomBytes(24).toString('base64url');
  await db.execute(sql`insert into session (sid, sess, expire)
    values (${sid}, ${JSON.stringify({ ...row.sess, userId })}::jsonb, ${new Date(row.expire).toISOString()})`);
  return signedSessionCookie(sid);
}
