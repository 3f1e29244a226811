import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { sessions, users } from '../db/schema/index';
import { DEACTIVATED_MESSAGE } from '../modules/users/account-messages';
import { TEST_SESSION_SECRET } from '../test/build-test-app';
import { sessionIdOf } from '../test/factories/sessions';
import { createSignedInUser } from '../test/http';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { AuthCache } from './auth-cache';

// Issue 38: the reviewer list checks the caller's session in its own statement and skips the
// auth cache's barrier; the admin figures send the barrier on arrival and wait for it only before
// they answer ('before-answer'). Here the cache never hears of a change (no listener; the barrier answers
// at once), as if every notification were still on its way: each change below is made in the
// database behind the app's back, and the list must still answer what the database says, while
// a route that trusts the barrier (auth/me) shows that the cache really is stale.

let database: TestDatabase;
let dataDir: string;
let app: App;
let cache: AuthCache;
const delivered: string[] = [];
let barriersSent = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-revocation-statement-'));
  cache = new AuthCache();
  cache.setListening(true);
  // The barrier's answer brings the notifications queued in `delivered`, as PostgreSQL sends those
  // committed before it; none are queued for the list's tests. They come after the request's
  // session and user were read from the cache (those reads end within the turn it arrived in).
  cache.setBarrier(async () => {
    barriersSent += 1;
    await new Promise((resolve) => setImmediate(resolve));
    for (const payload of delivered.splice(0)) cache.invalidate(payload);
  });
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    db: database.db,
    sessionSecret: TEST_SESSION_SECRET,
    webRoot: path.join(dataDir, 'no-web-build'),
    authCache: cache,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const LIST = '/api/reviewer/opportunities';
const get = (url: string, cookie: string) =>
  app.inject({ method: 'GET', url, headers: { cookie } });

/** A signed-in user of `role` whose session and user the cache holds, after a call of `url`. */
async function cachedUser(role: 'reviewer' | 'admin', url: string) {
  const signedIn = await createSignedInUser(app, database.db, role);
  expect((await get(url, signedIn.cookie)).statusCode).toBe(200);
  expect(cache.getSession(sessionIdOf(signedIn.cookie))).toBeDefined();
  expect(cache.getUser(signedIn.user.id)).toBeDefined();
  return signedIn;
}

/** A signed-in reviewer whose session and user the cache holds. */
const cachedReviewer = () => cachedUser('reviewer', LIST);

describe('the reviewer list without the barrier', () => {
  it('refuses a session signed out behind the cache (401), as the cache alone would not', async () => {
    const { cookie } = await cachedReviewer();
    await database.db.delete(sessions).where(eq(sessions.sid, sessionIdOf(cookie)));
    expect((await get('/api/auth/me', cookie)).statusCode).toBe(200); // the stale cache
    const answer = await get(LIST, cookie);
    expect(answer.statusCode).toBe(401);
    expect(cache.getSession(sessionIdOf(cookie))).toBeUndefined();
  });

  it('refuses a reviewer deactivated behind the cache (403), and admits them once reactivated', async () => {
    const { cookie, user } = await cachedReviewer();
    await database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const refused = await get(LIST, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(DEACTIVATED_MESSAGE);
    // The cache now holds the inactive row; the reactivation is not heard of either.
    expect(cache.getUser(user.id)?.isActive).toBe(false);
    await database.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
    const admitted = await get(LIST, cookie);
    expect(admitted.statusCode).toBe(200);
    expect(admitted.json()).toEqual([]);
  });

  it('refuses a reviewer deleted behind the cache (401)', async () => {
    const { cookie, user } = await cachedReviewer();
    await database.db.delete(users).where(eq(users.id, user.id));
    expect((await get(LIST, cookie)).statusCode).toBe(401);
  });

  it('answers a session that is still signed in with one statement and no re-read', async () => {
    const { cookie } = await cachedReviewer();
    const before = database.statementCount();
    expect((await get(LIST, cookie)).statusCode).toBe(200);
    expect(database.statementCount() - before).toBe(1);
  });
});

describe("the admin figures ('before-answer'): the barrier awaited before the answer", () => {
  const STATS = '/api/admin/stats';

  /** A signed-in admin whose session and user the cache holds. */
  const cachedAdmin = () => cachedUser('admin', STATS);

  it('answers 401 when the sign-out comes back with the barrier', async () => {
    const { cookie } = await cachedAdmin();
    const sid = sessionIdOf(cookie);
    await database.db.delete(sessions).where(eq(sessions.sid, sid));
    delivered.push(`session:${sid}`);
    expect((await get(STATS, cookie)).statusCode).toBe(401);
  });

  it('answers 403 when the deactivation comes back with the barrier, 200 once reactivated', async () => {
    const { cookie, user } = await cachedAdmin();
    await database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    delivered.push(`user:${user.id}`);
    const refused = await get('/api/admin/analytics/heatmap', cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(DEACTIVATED_MESSAGE);
    // The cache holds the inactive row now, and the reactivation is not heard of: the refusal
    // is read again from the database before it is given.
    expect(cache.getUser(user.id)?.isActive).toBe(false);
    await database.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
    expect((await get(STATS, cookie)).statusCode).toBe(200);
  });

  it('answers as usual when what came back concerns someone else', async () => {
    const { cookie } = await cachedAdmin();
    const other = await createSignedInUser(app, database.db, 'admin');
    delivered.push(`session:${sessionIdOf(other.cookie)}`, `user:${other.user.id}`);
    const before = database.statementCount();
    const answer = await get('/api/admin/analytics/opportunities', cookie);
    expect(answer.statusCode).toBe(200);
    // The figures' one statement; no session or user read again.
    expect(database.statementCount() - before).toBe(1);
  });
});

describe("the dashboard counts ('statement'): every caller's session checked in their shared run", () => {
  const STATS = '/api/admin/stats';

  const cachedAdmin = () => cachedUser('admin', STATS);

  it('refuses a session signed out behind the cache (401), with nothing heard of it', async () => {
    const { cookie } = await cachedAdmin();
    await database.db.delete(sessions).where(eq(sessions.sid, sessionIdOf(cookie)));
    expect((await get('/api/auth/me', cookie)).statusCode).toBe(200); // the stale cache
    expect((await get(STATS, cookie)).statusCode).toBe(401);
    expect(cache.getSession(sessionIdOf(cookie))).toBeUndefined();
  });

  it('refuses an admin deactivated behind the cache (403), and admits them once reactivated', async () => {
    const { cookie, user } = await cachedAdmin();
    await database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const refused = await get(STATS, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(DEACTIVATED_MESSAGE);
    await database.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
    expect((await get(STATS, cookie)).statusCode).toBe(200);
  });

  it('refuses an admin made a reviewer behind the cache (403)', async () => {
    const { cookie, user } = await cachedAdmin();
    await database.db.update(users).set({ role: 'reviewer' }).where(eq(users.id, user.id));
    expect((await get(STATS, cookie)).statusCode).toBe(403);
  });

  it('tells apart the callers that share one run: the signed-out one 401, the others their figures', async () => {
    const [first, staying, leaving] = [
      await cachedAdmin(),
      await cachedAdmin(),
      await cachedAdmin(),
    ];
    await database.db.delete(sessions).where(eq(sessions.sid, sessionIdOf(leaving.cookie)));
    // The first starts a run; the two others arrive during it and share the next one.
    const answers = await Promise.all(
      [first, staying, leaving].map(({ cookie }) => get(STATS, cookie)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401]);
    expect(answers[1]!.json()).toEqual(answers[0]!.json());
  });

  it('answers sessions that are still signed in with the one statement and no re-read', async () => {
    const { cookie } = await cachedAdmin();
    const before = database.statementCount();
    expect((await get(STATS, cookie)).statusCode).toBe(200);
    expect(database.statementCount() - before).toBe(1);
  });
});

describe("the analytics ('before-answer'): one barrier per shared run", () => {
  it('sends one barrier for the callers that share a run, not one per request', async () => {
    const admin = await createSignedInUser(app, database.db, 'admin');
    expect((await get('/api/admin/analytics/heatmap', admin.cookie)).statusCode).toBe(200);
    // The first run's statement waits on a lock while the others arrive, one after another, each
    // once the barrier sent for the one before has come back (it answers after a turn of the
    // event loop): a barrier per arrival would be eight; the two runs send one each.
    const locker = await database.pool.connect();
    await locker.query('begin');
    await locker.query('lock table reviews in access exclusive mode');
    const before = barriersSent;
    const answers = [];
    for (let i = 0; i < 8; i++) {
      answers.push(get('/api/admin/analytics/heatmap', admin.cookie));
      for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
    }
    await locker.query('commit');
    locker.release();
    expect((await Promise.all(answers)).map((answer) => answer.statusCode)).toEqual(
      Array(8).fill(200),
    );
    expect(barriersSent - before).toBe(2);
  });
});
