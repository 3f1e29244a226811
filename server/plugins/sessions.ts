import fastifyCookie from '@fastify/cookie';
import fastifySession, { type SessionStore } from '@fastify/session';
import type { FastifyInstance, FastifyRequest, Session } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { coalescedRead } from '../db/coalesced-read';
import {
  deleteSession,
  pruneExpiredSessions,
  readAndTouchSession,
  saveSession,
} from '../modules/sessions/queries';
import type { AuthCache } from './auth-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route ends the browser's session: its answer clears the cookie whatever it found. */
    endsSession?: boolean;
    /**
     * How a request answered from the auth cache waits for changes committed before it arrived
     * (issue 38, decision 0033); by default it waits for the cache's barrier before anything.
     * 'statement': the route's one statement checks that the session is still signed in, so the
     * request skips the barrier; the route must call `app.reverifySession` and answer afresh when
     * that check fails. 'before-answer' (reads without side effects only): a barrier sent after
     * the request arrived is awaited before the answer is written, the one its shared read sent
     * (`app.barrierSharedRead`) or else one of its own; if a change to the caller's session or
     * user came back with it, both are read again from the database and the answer is the 401 or
     * 403 they give now. Either way a refusal is re-read from the database before it is given
     * (authentication.ts).
     */
    revocationCheck?: 'statement' | 'before-answer';
  }
  interface FastifyInstance {
    /**
     * coalescedRead (decision 0007) for a 'before-answer' route: each run sends the auth cache's
     * barrier as it starts, after every caller sharing it arrived, and hands out its value once
     * the barrier is back, so that its callers need no barrier of their own: one round trip per
     * run instead of one per group of arrivals (decision 0034).
     */
    barrierSharedRead: <T>(read: () => Promise<T>) => (request: FastifyRequest) => Promise<T>;
  }
  interface FastifyRequest {
    /** A barrier sent after the request arrived has come back (barrierSharedRead). */
    barrierPassed: boolean;
    /**
     * True while the request uses the auth cache without having passed its barrier
     * (`revocationCheck: 'statement'`): a change committed before the request may not have
     * reached this process yet.
     */
    sessionUnverified: boolean;
  }
  interface Session {
    userId?: string;
    /** ISO time after which the session ends however active it is (set when first stored). */
    absoluteExpiresAt?: string;
  }
}

export const SESSION_COOKIE = 'assay.sid';
const PRUNE_INTERVAL_MS = 15 * 60 * 1000;
/** Idle expiry moves forward at most this often, so that reads do not write on every request. */
export const SESSION_TOUCH_INTERVAL_S = 60;

export type SessionLifetime = { maxAgeMs: number; idleMs: number };

type Callback = (error?: unknown) => void;

/**
 * @fastify/session store over the `session` table. A row's `expire` is the earlier of the
 * absolute end (sign-in + max age) and the idle end (last activity + idle time); reading a session
 * pushes the idle end forward, but writes only when it has moved by more than a minute.
 */
export class PostgresSessionStore implements SessionStore {
  constructor(
    private readonly db: Database,
    private readonly lifetime: SessionLifetime,
    private readonly cache?: AuthCache,
  ) {}

  get(sid: string, callback: (error: unknown, session?: Session | null) => void) {
    // A cached copy is at most a minute old (auth-cache.ts), no older than the touch interval:
    // every active session still reaches the statement below, which moves its idle end, once a
    // minute per instance.
    const cache = this.cache?.active ? this.cache : undefined;
    const cached = cache?.getSession(sid);
    if (cached !== undefined) {
      callback(null, JSON.parse(cached) as Session);
      return;
    }
    const token = cache?.token() ?? 0;
    readAndTouchSession(this.db, sid, {
      idleSeconds: this.lifetime.idleMs / 1000,
      touchSeconds: SESSION_TOUCH_INTERVAL_S,
    }).then(
      (row) => {
        if (row && cache) cache.putSession(token, sid, row.sess, new Date(row.next_expire));
        callback(null, row?.sess ?? null);
      },
      // @fastify/session reads an error with code ENOENT as "no such session" (a 401), and
      // that is the code of a Unix socket with no server behind it: wrapped, the outage
      // reaches the error handler as one (a 503).
      (error) => callback(new Error('The session store is unavailable', { cause: error })),
    );
  }

  set(sid: string, session: Session, callback: Callback) {
    this.cache?.invalidate(`session:${sid}`);
    const now = Date.now();
    session.absoluteExpiresAt ??= new Date(now + this.lifetime.maxAgeMs).toISOString();
    const expires = new Date(
      Math.min(Date.parse(session.absoluteExpiresAt), now + this.lifetime.idleMs),
    );
    saveSession(this.db, sid, session, expires).then(() => callback(), callback);
  }

  destroy(sid: string, callback: Callback) {
    // Gone from this instance's cache before the answer; the trigger tells the other instances.
    this.cache?.invalidate(`session:${sid}`);
    deleteSession(this.db, sid).then(() => {
      this.cache?.invalidate(`session:${sid}`);
      callback();
    }, callback);
  }
}

export type SessionOptions = {
  db: Database;
  secret: string;
  /** `auto`: Secure when request.protocol is https (which a trusted proxy may tell). */
  secure: boolean | 'auto';
  lifetime: SessionLifetime;
  /** Optional per-process cache of session rows (see auth-cache.ts). */
  cache?: AuthCache;
};

export const sessionsPlugin = fp(async (app: FastifyInstance, options: SessionOptions) => {
  await app.register(fastifyCookie);
  // Before the session is read: a request with a session cookie is answered from the cache only
  // once every sign-out or account change committed before it arrived has reached this process,
  // whichever instance made it (auth-cache.ts, decision 0006). Cookies are parsed by now.
  const cache = options.cache;
  app.decorateRequest('sessionUnverified', false);
  app.decorateRequest('barrierPassed', false);
  app.decorate('barrierSharedRead', <T>(read: () => Promise<T>) => {
    const shared = coalescedRead(async () => {
      // Never rejects (a failure turns the cache off); resolves at once without a listener.
      const barrier = cache ? cache.fresh() : Promise.resolve();
      try {
        return await read();
      } finally {
        await barrier;
      }
    });
    return async (request: FastifyRequest) => {
      const value = await shared();
      request.barrierPassed = true;
      return value;
    };
  });
  if (cache) {
    /** 'before-answer' requests: the cache's token when they arrived. */
    const pending = new WeakMap<FastifyRequest, number>();
    // Callback hooks, not async ones: every request passes here (issue 38).
    app.addHook('onRequest', (request, _reply, done) => {
      if (!cache.active || !request.cookies[SESSION_COOKIE]) return done();
      const check = request.routeOptions.config.revocationCheck;
      if (check === undefined) {
        cache.fresh().then(() => done(), done);
        return;
      }
      // The route's statement checks the session itself, in a snapshot taken after the request
      // arrived ('statement'), or its answer waits for a barrier ('before-answer'): no round
      // trip before the work (issue 38).
      request.sessionUnverified = true;
      if (check === 'before-answer') pending.set(request, cache.token());
      done();
    });
    /** Before a 'before-answer' route's answer is written: a barrier, then the re-check. */
    const checkBeforeAnswer = async (
      request: FastifyRequest,
      _reply: unknown,
      payload: unknown,
    ) => {
      const token = pending.get(request);
      if (token === undefined) return payload;
      pending.delete(request);
      if (!request.barrierPassed) await cache.fresh();
      // Already read again from the database during the request (a refusal re-read): current.
      if (!request.sessionUnverified) return payload;
      request.sessionUnverified = false;
      if (cache.changedSince(token, request.session.sessionId, request.session.userId)) {
        await app.reverifySession(request);
      }
      return payload;
    };
    // Only on the routes that need it, so that the others do not pass through it.
    app.addHook('onRoute', (route) => {
      if (route.config?.revocationCheck !== 'before-answer') return;
      const own = route.onSend === undefined ? [] : [route.onSend].flat();
      route.onSend = [...own, checkBeforeAnswer];
    });
  }
  await app.register(fastifySession, {
    secret: options.secret,
    cookieName: SESSION_COOKIE,
    store: new PostgresSessionStore(options.db, options.lifetime, options.cache),
    // No save per request: the row is written at sign-in and sign-out, and its idle expiry
    // moved forward by the store at most once a minute.
    rolling: false,
    saveUninitialized: false,
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      // The cookie lives as long as the session may; the server enforces idle expiry.
      maxAge: options.lifetime.maxAgeMs,
    },
  });

  // A session destroyed by this request (sign-out, a deleted account), or a route that ends the
  // session and succeeded: the browser is told to drop the cookie (same name and path, expired),
  // not left sending a dead id. @fastify/session sets no cookie for a destroyed session. A
  // sign-out that failed (database down) keeps it: the session still exists.
  app.addHook('onSend', (request, reply, payload, done) => {
    const ended = request.routeOptions.config.endsSession && reply.statusCode < 400;
    if (request.session === null || ended) {
      reply.clearCookie(SESSION_COOKIE, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secure,
      });
    }
    done(null, payload);
  });

  const timer = setInterval(() => {
    pruneExpiredSessions(options.db).catch((error) =>
      app.log.warn({ err: error }, 'could not prune expired sessions'),
    );
  }, PRUNE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
