import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from '@shared/limits';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

type Db = Pick<Database, 'execute'>;
type Key = { email: string; ipAddress: string };

const windowInterval = sql.raw(`interval '${LOGIN_FAILURE_WINDOW_MS / 1000} seconds'`);

/** True when this email from this address has failed too often within the window. */
export async function isLoginThrottled(db: Database, key: Key): Promise<boolean> {
  const result = await db.execute<{ failures: number }>(sql`
    select count(*)::int as failures from login_attempts
    where email = lower(${key.email}) and ip_address = ${key.ipAddress}
      and attempted_at > now() - ${windowInterval}`);
  return (result.rows[0]?.failures ?? 0) >= LOGIN_FAILURE_LIMIT;
}

export async function recordLoginFailure(db: Db, key: Key) {
  await db.execute(sql`
    insert into login_attempts (email, ip_address) values (lower(${key.email}), ${key.ipAddress})`);
}

export async function clearLoginFailures(db: Db, key: Key) {
  await db.execute(sql`
    delete from login_attempts where email = lower(${key.email}) and ip_address = ${key.ipAddress}`);
}

export async function pruneLoginFailures(db: Database) {
  await db.execute(sql`delete from login_attempts where attempted_at <= now() - ${windowInterval}`);
}
