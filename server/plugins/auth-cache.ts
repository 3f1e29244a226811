import pg from 'pg';
import type { UserRow } from '../modules/users/queries';

/** The channel of migration 0003: `session:<sid>` or `user:<id>` for every changed row. */
export const AUTH_CHANNEL = 'assay_auth';

const DEFAULT_MAX_ENTRIES = 10_000;
const DEFAULT_MAX_AGE_MS = 60_000;
const RECONNECT_MS = 1000;
/** A barrier unanswered for this long counts as a lost connection (the cache turns off). */
const BARRIER_TIMEOUT_MS = 2000;

type CachedSession = { json: string; userId: string | undefined; expire: number; at: number };
type CachedUser = { row: UserRow; at: number };

/**
 * A per-process copy of session rows and user rows, so that a signed-in request usually costs no
 * database round trip for its session and its user.
 *
 * It is only used while this process LISTENs on `assay_auth`: triggers (migration 0003) announce
 * every update or deletion of a session or user row in the changing transaction, whoever made it,
 * and the listener drops the copy. A sign-out, deactivation, deletion or password change therefore
 * takes effect on every instance as soon as PostgreSQL delivers the notification at commit; this
 * instance also drops a session it destroys itself before answering. Without a live listener
 * (not started yet, connection lost) nothing is cached and every read goes to the database.
 *
 * A read that raced an invalidation is not cached: `token()` before the read, and the put is
 * refused if any invalidation (or a loss of the listener) happened since. Entries also expire
 * after `maxAgeMs`, a bound on staleness should a notification ever be missed.
 *
 * A notification reaches this process some time after the commit, and under load the next
 * request may come first: before it is answered from the cache, `fresh()` waits for a round trip
 * on the LISTEN connection sent after the request arrived. PostgreSQL sends a listening
 * connection the notifications already committed before it answers the next message it reads
 * (postgres.c processes the notify interrupt as it reads a command), so by then every change
 * committed before the request has dropped its copy. Decision 0006.
 */
export class AuthCache {
  readonly #sessions = new Map<string, CachedSession>();
  readonly #users = new Map<string, CachedUser>();
  readonly #maxEntries: number;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  #generation = 0;
  /** The generation of each key's last invalidation (`session:<sid>`, `user:<id>`), bounded. */
  readonly #invalidated = new Map<string, number>();
  /** Everything counts as invalidated at and before this generation (a clear, or a key dropped from #invalidated). */
  #clearedAt = 0;
  #listening = false;
  #barrier: (() => Promise<void>) | undefined;
  /** The barrier on its way; it may have left before a caller's request arrived. */
  #inFlight: Promise<void> | undefined;
  /** The barrier to send once the one in flight returns, shared by everyone waiting for it. */
  #next: Promise<void> | undefined;

  constructor(options: { maxEntries?: number; maxAgeMs?: number; now?: () => number } = {}) {
    this.#maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.#maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
    this.#now = options.now ?? Date.now;
  }

  /** True while invalidations arrive; only then is anything cached. */
  get active() {
    return this.#listening;
  }

  get size() {
    return { sessions: this.#sessions.size, users: this.#users.size };
  }

  /** Take before reading from the database; hand it to the put that caches the result. */
  token() {
    return this.#generation;
  }

  /** The session's JSON as stored, or undefined (not cached, expired or too old). */
  getSession(sid: string): string | undefined {
    const entry = this.#sessions.get(sid);
    if (!entry) return undefined;
    const now = this.#now();
    if (entry.expire <= now || now - entry.at > this.#maxAgeMs) {
      this.#sessions.delete(sid);
      return undefined;
    }
    return entry.json;
  }

  putSession(token: number, sid: string, session: { userId?: string }, expire: Date) {
    if (!this.#canPut(token)) return;
    this.#sessions.delete(sid);
    this.#sessions.set(sid, {
      json: JSON.stringify(session),
      userId: session.userId,
      expire: expire.getTime(),
      at: this.#now(),
    });
    this.#bound(this.#sessions);
  }

  getUser(id: string): UserRow | undefined {
    const entry = this.#users.get(id);
    if (!entry) return undefined;
    if (this.#now() - entry.at > this.#maxAgeMs) {
      this.#users.delete(id);
      return undefined;
    }
    return entry.row;
  }

  putUser(token: number, row: UserRow) {
    if (!this.#canPut(token)) return;
    this.#users.delete(row.id);
    this.#users.set(row.id, { row: Object.freeze({ ...row }), at: this.#now() });
    this.#bound(this.#users);
  }

  /**
   * Whether the session or the user was invalidated (or everything cleared) after `token` was
   * taken: for a request that took it on arrival and was answered before its barrier returned.
   */
  changedSince(token: number, sid: string, userId: string | undefined): boolean {
    if (this.#clearedAt > token) return true;
    const after = (key: string) => (this.#invalidated.get(key) ?? 0) > token;
    return after(`session:${sid}`) || (userId !== undefined && after(`user:${userId}`));
  }

  /** A notification's payload: `session:<sid>` or `user:<id>` (anything else clears all). */
  invalidate(payload: string) {
    this.#generation++;
    this.#invalidated.delete(payload);
    this.#invalidated.set(payload, this.#generation);
    while (this.#invalidated.size > this.#maxEntries) {
      const [oldest, at] = this.#invalidated.entries().next().value!;
      this.#invalidated.delete(oldest);
      this.#clearedAt = Math.max(this.#clearedAt, at);
    }
    if (payload.startsWith('session:')) {
      this.#sessions.delete(payload.slice('session:'.length));
    } else if (payload.startsWith('user:')) {
      const userId = payload.slice('user:'.length);
      this.#users.delete(userId);
      for (const [sid, entry] of this.#sessions) {
        if (entry.userId === userId) this.#sessions.delete(sid);
      }
    } else {
      this.clear();
    }
  }

  clear() {
    this.#generation++;
    this.#clearedAt = this.#generation;
    this.#invalidated.clear();
    this.#sessions.clear();
    this.#users.clear();
  }

  /** Set by the listener: caching starts empty and stops (emptied) with the LISTEN. */
  setListening(listening: boolean) {
    this.clear();
    this.#listening = listening;
  }

  /**
   * Set by the listener: a round trip on the LISTEN connection, which resolves once every
   * notification committed before it was sent has been applied (and turns the cache off if the
   * connection fails; it never rejects).
   */
  setBarrier(barrier: (() => Promise<void>) | undefined) {
    this.#barrier = barrier;
  }

  /**
   * Resolves when every change committed before this call has dropped its copy: call it before
   * answering a request from the cache. Concurrent callers share round trips: at most one is in
   * flight, and the callers that arrive meanwhile share the next one.
   */
  fresh(): Promise<void> {
    if (!this.#listening || !this.#barrier) return Promise.resolve();
    if (this.#next) return this.#next;
    if (!this.#inFlight) return this.#send();
    const next = this.#inFlight.then(() => {
      this.#next = undefined;
      return this.#send();
    });
    this.#next = next;
    return next;
  }

  #send(): Promise<void> {
    const barrier = this.#barrier;
    if (!barrier || !this.#listening) return Promise.resolve();
    const sent: Promise<void> = barrier().finally(() => {
      if (this.#inFlight === sent) this.#inFlight = undefined;
    });
    this.#inFlight = sent;
    return sent;
  }

  #canPut(token: number) {
    return this.#listening && token === this.#generation;
  }

  #bound(map: Map<string, unknown>) {
    // Maps iterate in insertion order, and a put re-inserts: the first key is the oldest.
    while (map.size > this.#maxEntries) map.delete(map.keys().next().value!);
  }
}

export type AuthCacheListener = { ready: Promise<void>; stop: () => Promise<void> };

/**
 * Keeps one dedicated connection LISTENing on `assay_auth` and feeds the cache; reconnects after
 * a loss (the cache is off and empty meanwhile). `ready` settles once the first LISTEN is in
 * place, or fails if the first connection cannot be made (the app then runs without a cache).
 */
export function startAuthCacheListener(
  cache: AuthCache,
  connection: pg.ClientConfig,
  log: { warn: (object: object, message: string) => void },
): AuthCacheListener {
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    // pg.Pool keeps `password` non-enumerable in its options: copy it by name.
    const next = new pg.Client({ ...connection, password: connection.password, keepAlive: true });
    client = next;
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      cache.setListening(false);
      next.end().catch(() => {});
      if (stopped) return;
      log.warn({ err: error }, 'auth cache: lost the LISTEN connection; reconnecting');
      // connect() reports its own failure through onLost, which schedules the next attempt.
      timer = setTimeout(() => connect().catch(() => {}), RECONNECT_MS);
      timer.unref();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (message.channel === AUTH_CHANNEL) cache.invalidate(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${AUTH_CHANNEL}`);
    } catch (error) {
      onLost(error);
      throw error;
    }
    if (stopped || lost) return;
    // An empty query: the cheapest message the server must read and answer.
    cache.setBarrier(
      () =>
        new Promise<void>((resolve) => {
          const timeout = setTimeout(() => {
            onLost(new Error('auth cache: the LISTEN connection did not answer'));
            resolve();
          }, BARRIER_TIMEOUT_MS);
          next.query('').then(
            () => {
              clearTimeout(timeout);
              resolve();
            },
            (error) => {
              clearTimeout(timeout);
              onLost(error);
              resolve();
            },
          );
        }),
    );
    cache.setListening(true);
  };

  const ready = connect();
  return {
    ready,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      cache.setListening(false);
      cache.setBarrier(undefined);
      await client?.end().catch(() => {});
    },
  };
}
