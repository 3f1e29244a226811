import { sql } from 'drizzle-orm';
import type { Session } from 'fastify';
import type { Database } from '../../db/client';

type Db = Pick<Database, 'execute'>;

/**
 * The live session `sid` (not past its absolute or idle end), whose idle end moves to
 * `idleSeconds` from now in the same statement, but only once it has moved by more than
 * `touchSeconds`: a read writes at most once per touch interval.
 */
export async function readAndTouchSession(
  db: Db,
  sid: string,
  expiry: { idleSeconds: number; touchSeconds: number },
): Promise<{ sess: Session; next_expire: Date | string } | undefined> {
  const idle = sql.raw(`interval '${Math.floor(expiry.idleSeconds)} seconds'`);
  const touch = sql.raw(`interval '${expiry.touchSeconds} seconds'`);
  const result = await db.execute<{ sess: Session; next_expire: Date | string }>(
    sql`with live as (
          select sid, sess, least(coalesce((sess ->> 'absoluteExpiresAt')::timestamptz, expire), now() + ${idle}) as next_expire
          from session
          where sid = ${sid} and expire > now()
            and coalesce((sess ->> 'absoluteExpiresAt')::timestamptz, expire) > now()
        ), touched as (
          update session set expire = live.next_expire from live
          where session.sid = live.sid and session.expire < live.next_expire - ${touch}
        )
        select sess, next_expire from live`,
  );
  return result.rows[0];
}

export async function saveSession(db: Db, sid: string, session: Session, expires: Date) {
  await db.execute(
    sql`insert into session (sid, sess, expire) values (${sid}, ${JSON.stringify(session)}::jsonb, ${expires.toISOString()})
        on conflict (sid) do update set sess = excluded.sess, expire = excluded.expire`,
  );
}

export async function deleteSession(db: Db, sid: string) {
  await db.execute(sql`delete from session where sid = ${sid}`);
}

/** Ends every session of one user (deletion, password change). */
export async function destroySessionsOfUser(db: Db, userId: string) {
  await db.execute(sql`delete from session where sess ->> 'userId' = ${userId}`);
}

export async function pruneExpiredSessions(db: Db) {
  await db.execute(sql`delete from session where expire <= now()`);
}
