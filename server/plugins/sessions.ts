import fastifyCookie from '@fastify/cookie';
import fastifySession, { type SessionStore } from '@fastify/session';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, Session } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import type { AuthCache } from './auth-cache';

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
  constructor(
    private readonly db: Database,
    private readonly cache?: AuthCache,
  ) {}

  get(sid: string, callback: (error: unknown, session?: Session | null) => void) {
    const cache = this.cache?.active ? this.cache : undefined;
    const cached = cache?.getSession(sid);
    if (cached !== undefined) {
      callback(null, JSON.parse(cached) as Session);
      return;
    }
    const token = cache?.token() ?? 0;
    this.db
      .execute<{ sess: Session; expire: Date | string }>(
        sql`select sess, expire from session where sid = ${sid} and expire > now()`,
      )
      .then((result) => {
        const row = result.rows[0];
        if (row && cache) cache.putSession(token, sid, row.sess, new Date(row.expire));
        callback(null, row?.sess ?? null);
      }, callback);
  }

  set(sid: string, session: Session, callback: Callback) {
    this.cache?.invalidate(`session:${sid}`);
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
    // Gone from this instance's cache before the answer; the trigger tells the other instances.
    this.cache?.invalidate(`session:${sid}`);
    this.db.execute(sql`delete from session where sid = ${sid}`).then(() => {
      this.cache?.invalidate(`session:${sid}`);
      callback();
    }, callback);
  }
}

/** Ends every session of one user (deactivation, deletion, password change). */
export async function destroySessionsOfUser(db: Pick<Database, 'execute'>, userId: string) {
  await db.execute(sql`delete from session where sess ->> 'userId' = ${userId}`);
}

export async function pruneExpiredSessions(db: Database) {
  await db.execute(sql`delete from session where expire <= now()`);
}

export type SessionOptions = {
  db: Database;
  secret: string;
  secure: boolean;
  /** Optional per-process cache of session rows (see auth-cache.ts). */
  cache?: AuthCache;
};

export const sessionsPlugin = fp(async (app: FastifyInstance, options: SessionOptions) => {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: options.secret,
    cookieName: SESSION_COOKIE,
    store: new PostgresSessionStore(options.db, options.cache),
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
