import type { Role } from '@shared/auth-schemas';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Session } from 'fastify';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema/index';

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

/**
 * Session rows still signed in as an active `role` user that also meet `where`, read in the
 * statement's snapshot: the row exists and has not expired, and its user is active with that
 * role. The FROM and WHERE of the check a statement makes for callers that skipped the auth
 * cache's barrier (`revocationCheck: 'statement'`, issue 38): its snapshot is taken after they
 * arrived.
 */
function signedInSessionsSql(where: SQL, role: Role): SQL {
  return sql`from ${sessions} join ${users} on ${users.id} = (${sessions.sess} ->> 'userId')::uuid
     where ${where} and ${sessions.expire} > now() and ${users.isActive} and ${users.role} = ${role}`;
}

/** Of the sessions `sids` (a text[] value), those still signed in, as sessionKeyOf keys. */
export function signedInSessionKeysSql(sids: SQLWrapper, role: Role): SQL<string[]> {
  return sql<string[]>`(select coalesce(array_agg(${sessions.sid} || ' ' || ${users.id}), '{}')
      ${signedInSessionsSql(sql`${sessions.sid} = any(${sids}::text[])`, role)})`;
}

/** Session `sid` is still signed in as the active `role` user `userId`; true for a null `sid`. */
export function sessionStillSignedInSql(
  sid: SQLWrapper,
  userId: SQLWrapper,
  role: Role,
): SQL<boolean> {
  return sql<boolean>`(${sid}::text is null or exists (select 1
      ${signedInSessionsSql(sql`${sessions.sid} = ${sid} and ${users.id} = ${userId}`, role)}))`;
}

/** A session's key among those signedInSessionKeysSql answers. */
export const sessionKeyOf = (sid: string, userId: string) => `${sid} ${userId}`;

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

/** The row of `settings` that holds the generated session secret (never a setting of the UI). */
const SESSION_SECRET_KEY = 'session_secret';

/**
 * The secret that signs session cookies, shared by every instance on this database: the one
 * stored, or `candidate` (this instance's generated secret) if none is yet. Decision 0015.
 */
export async function sharedSessionSecret(db: Db, candidate: string): Promise<string> {
  const stored = await db.execute<{ value: string }>(
    sql`with inserted as (
          insert into settings (key, value) values (${SESSION_SECRET_KEY}, ${candidate})
          on conflict (key) do nothing
          returning value
        )
        select value from inserted
        union all
        select value from settings where key = ${SESSION_SECRET_KEY}
        limit 1`,
  );
  if (stored.rows[0]) return stored.rows[0].value;
  // Another instance stored it after this statement's snapshot was taken: it is there now.
  const again = await db.execute<{ value: string }>(
    sql`select value from settings where key = ${SESSION_SECRET_KEY}`,
  );
  if (!again.rows[0]) throw new Error('the session secret could not be stored');
  return again.rows[0].value;
}
