import fastifyCookie from '@fastify/cookie';
import fastifySession, { type SessionStore } from '@fastify/session';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, Session } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface Session {
    userId?: string;
  }
}

export const SESSION_COOKIE = 'assay.sid';
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 15 * 60 * 1000;

type Callback = (error?: unknown) => void;

/** @fastify/session store over the `session` table. */
export class PostgresSessionStore implements SessionStore {
  constructor(private readonly db: Database) {}

  get(sid: string, callback: (error: unknown, session?: Session | null) => void) {
    this.db
      .execute<{ sess: Session }>(
        sql`select sess from session where sid = ${sid} and expire > now()`,
      )
      .then(
        (result) => callback(null, result.rows[0]?.sess ?? null),
        // @fastify/session reads an error with code ENOENT as "no such session" (a 401), and
        // that is the code of a Unix socket with no server behind it: wrapped, the outage
        // reaches the error handler as one (a 503).
        (error) => callback(new Error('The session store is unavailable', { cause: error })),
      );
  }

  set(sid: string, session: Session, callback: Callback) {
    const expires = session.cookie?.expires
      ? new Date(session.cookie.expires)
      : new Date(Date.now() + SESSION_MAX_AGE_MS);
    this.db
      .execute(
        sql`insert into session (sid, sess, expire) values (${sid}, ${JSON.stringify(session)}::jsonb, ${expires.toISOString()})
            on conflict (sid) do update set sess = excluded.sess, expire = excluded.expire`,
      )
      .then(() => callback(), callback);
  }

  destroy(sid: string, callback: Callback) {
    this.db.execute(sql`delete from session where sid = ${sid}`).then(() => callback(), callback);
  }
}

/** Ends every session of one user (deactivation, deletion, password change). */
export async function destroySessionsOfUser(db: Pick<Database, 'execute'>, userId: string) {
  await db.execute(sql`delete from session where sess ->> 'userId' = ${userId}`);
}

export async function pruneExpiredSessions(db: Database) {
  await db.execute(sql`delete from session where expire <= now()`);
}

export type SessionOptions = { db: Database; secret: string; secure: boolean };

export const sessionsPlugin = fp(async (app: FastifyInstance, options: SessionOptions) => {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: options.secret,
    cookieName: SESSION_COOKIE,
    store: new PostgresSessionStore(options.db),
    // No write per request: a session row changes only at sign-in and sign-out.
    rolling: false,
    saveUninitialized: false,
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      maxAge: SESSION_MAX_AGE_MS,
    },
  });

  const timer = setInterval(() => {
    pruneExpiredSessions(options.db).catch((error) =>
      app.log.warn({ err: error }, 'could not prune expired sessions'),
    );
  }, PRUNE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
