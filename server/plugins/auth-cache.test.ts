import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { createUser } from '../test/factories/users';
import { createSignedInUser, signIn } from '../test/http';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { AuthCache, type AuthCacheListener, startAuthCacheListener } from './auth-cache';

// Two instances of the app over one database, each with its own cache and LISTEN connection.
type Instance = { app: App; cache: AuthCache; listener: AuthCacheListener };

let database: TestDatabase;
let dataDir: string;
let one: Instance;
let two: Instance;
const silent = { warn: () => {} };

async function startInstance(): Promise<Instance> {
  const cache = new AuthCache();
  const listener = startAuthCacheListener(cache, database.pool.options, silent);
  await listener.ready;
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    db: database.db,
    sessionSecret: 'test-session-secret-that-is-at-least-32-chars',
    webRoot: path.join(dataDir, 'no-web-build'),
    authCache: cache,
  });
  await app.ready();
  return { app, cache, listener };
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-auth-cache-'));
  one = await startInstance();
  two = await startInstance();
});

afterAll(async () => {
  for (const instance of [one, two]) {
    await instance?.app.close();
    await instance?.listener.stop();
  }
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const me = (instance: Instance, cookie: string) =>
  instance.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

async function statements(work: () => Promise<unknown>) {
  const before = database.statementCount();
  await work();
  return database.statementCount() - before;
}

/** The other instance learns of a change when PostgreSQL delivers the notification. */
const statusOn = (instance: Instance, cookie: string) => async () =>
  (await me(instance, cookie)).statusCode;

describe('the session and user cache', () => {
  it('reads the session and the user once, then answers from memory', async () => {
    const { cookie } = await createSignedInUser(one.app, database.db);
    expect(await statements(() => me(one, cookie))).toBe(2);
    // The sign-in's own change (lastLogin) is announced asynchronously and may drop the first
    // copy; once the notifications have arrived, the next request is answered from memory.
    await expect.poll(() => statements(() => me(one, cookie))).toBe(0);
    const response = await me(one, cookie);
    expect(response.statusCode).toBe(200);
  });

  it('ends a session at once on the instance that signs it out, and on the other one', async () => {
    const { cookie } = await createSignedInUser(one.app, database.db);
    expect((await me(one, cookie)).statusCode).toBe(200);
    expect((await me(two, cookie)).statusCode).toBe(200);
    expect(await statements(() => me(two, cookie))).toBe(0); // cached on both

    const logout = await one.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(logout.statusCode).toBe(200);
    expect((await me(one, cookie)).statusCode).toBe(401);
    await expect.poll(statusOn(two, cookie)).toBe(401);
  });

  it('refuses a deactivated reviewer and a deleted one on every instance', async () => {
    const { cookie: adminCookie } = await createSignedInUser(one.app, database.db, 'admin');
    const deactivated = await createSignedInUser(one.app, database.db, 'reviewer');
    const deleted = await createSignedInUser(one.app, database.db, 'reviewer');
    for (const { cookie } of [deactivated, deleted]) {
      expect((await me(one, cookie)).statusCode).toBe(200);
      expect((await me(two, cookie)).statusCode).toBe(200);
    }

    const off = await one.app.inject({
      method: 'PATCH',
      url: `/api/admin/reviewers/${deactivated.user.id}`,
      headers: { cookie: adminCookie },
      payload: { isActive: false },
    });
    expect(off.statusCode).toBe(200);
    const gone = await one.app.inject({
      method: 'DELETE',
      url: `/api/admin/reviewers/${deleted.user.id}`,
      headers: { cookie: adminCookie },
    });
    expect(gone.statusCode).toBe(200);

    for (const instance of [one, two]) {
      await expect.poll(statusOn(instance, deactivated.cookie)).not.toBe(200);
      await expect.poll(statusOn(instance, deleted.cookie)).toBe(401);
    }
  });

  it('drops a user changed by anyone, even by hand in SQL', async () => {
    const { user, cookie } = await createSignedInUser(one.app, database.db);
    expect((await me(two, cookie)).statusCode).toBe(200);
    await database.db.execute(sql`update users set is_active = false where id = ${user.id}`);
    await expect.poll(statusOn(two, cookie)).toBe(403);
    await database.db.execute(sql`update users set is_active = true where id = ${user.id}`);
    await expect.poll(statusOn(two, cookie)).toBe(200);
    await database.db.execute(sql`delete from session where sess ->> 'userId' = ${user.id}`);
    await expect.poll(statusOn(two, cookie)).toBe(401);
  });

  it('caches nothing while it does not listen, and starts empty when it listens again', async () => {
    const user = await createUser(database.db);
    const cookie = await signIn(one.app, user);
    expect((await me(one, cookie)).statusCode).toBe(200);
    one.cache.setListening(false);
    expect(one.cache.size).toEqual({ sessions: 0, users: 0 });
    expect(await statements(() => me(one, cookie))).toBe(2);
    expect(await statements(() => me(one, cookie))).toBe(2);
    one.cache.setListening(true);
    expect(await statements(() => me(one, cookie))).toBe(2);
    // The sign-in's own change (lastLogin) is announced asynchronously and may drop the first
    // copy; once the notifications have arrived, the next request is answered from memory.
    await expect.poll(() => statements(() => me(one, cookie))).toBe(0);
  });
});

describe('AuthCache', () => {
  const row = (id: string) =>
    ({ id, name: 'N', email: `${id}@example.test`, isActive: true }) as never;

  it('refuses to cache a read that raced an invalidation', () => {
    const cache = new AuthCache();
    cache.setListening(true);
    const token = cache.token();
    cache.invalidate('user:someone-else');
    cache.putUser(token, row('u1'));
    expect(cache.getUser('u1')).toBeUndefined();
    cache.putUser(cache.token(), row('u1'));
    expect(cache.getUser('u1')).toMatchObject({ id: 'u1' });
  });

  it("drops a user's sessions with the user, and forgets entries past their age or expiry", () => {
    let now = 1_000_000;
    const cache = new AuthCache({ maxAgeMs: 1000, now: () => now });
    cache.setListening(true);
    cache.putSession(cache.token(), 's1', { userId: 'u1' }, new Date(now + 60_000));
    cache.putSession(cache.token(), 's2', { userId: 'u2' }, new Date(now + 500));
    cache.invalidate('user:u1');
    expect(cache.getSession('s1')).toBeUndefined();
    expect(cache.getSession('s2')).toBe('{"userId":"u2"}');
    now += 600; // s2 expired
    expect(cache.getSession('s2')).toBeUndefined();
    cache.putUser(cache.token(), row('u3'));
    now += 1001;
    expect(cache.getUser('u3')).toBeUndefined();
  });

  it('waits for a barrier sent after the call, shared by the callers that arrive meanwhile', async () => {
    const cache = new AuthCache();
    const sent: Array<() => void> = [];
    cache.setBarrier(() => new Promise<void>((resolve) => sent.push(resolve)));
    await cache.fresh(); // not listening: nothing is cached, nothing to wait for
    expect(sent).toHaveLength(0);

    cache.setListening(true);
    const settled: string[] = [];
    const first = cache.fresh().then(() => settled.push('first'));
    expect(sent).toHaveLength(1);
    // These arrive while the first barrier is out: it may have left before their changes.
    const second = cache.fresh().then(() => settled.push('second'));
    const third = cache.fresh().then(() => settled.push('third'));
    expect(sent).toHaveLength(1);
    sent[0]!();
    await first;
    expect(settled).toEqual(['first']);
    // The next barrier left when the first came back, and answers both.
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toHaveLength(2);
    expect(settled).toEqual(['first']);
    sent[1]!();
    await Promise.all([second, third]);
    expect(settled).toEqual(['first', 'second', 'third']);
    // Nothing in flight: a new caller sends its own at once.
    void cache.fresh();
    expect(sent).toHaveLength(3);
  });

  it('tells whether a session or user changed since a token, remembering at most maxEntries', () => {
    const cache = new AuthCache({ maxEntries: 2 });
    cache.setListening(true);
    const token = cache.token();
    expect(cache.changedSince(token, 's1', 'u1')).toBe(false);
    cache.invalidate('session:s2');
    expect(cache.changedSince(token, 's1', 'u1')).toBe(false);
    cache.invalidate('user:u1');
    expect(cache.changedSince(token, 's1', 'u1')).toBe(true);
    expect(cache.changedSince(token, 's1', undefined)).toBe(false);
    expect(cache.changedSince(cache.token(), 's1', 'u1')).toBe(false);
    // A third key pushes out the oldest: what it said is now assumed of everyone before it.
    const later = cache.token();
    cache.invalidate('session:s3');
    expect(cache.changedSince(token, 's9', 'u9')).toBe(true);
    expect(cache.changedSince(later, 's9', 'u9')).toBe(false);
    cache.clear();
    expect(cache.changedSince(later, 's9', 'u9')).toBe(true);
  });

  it('keeps at most maxEntries of each kind, dropping the oldest', () => {
    const cache = new AuthCache({ maxEntries: 2 });
    cache.setListening(true);
    for (const id of ['a', 'b', 'c']) cache.putUser(cache.token(), row(id));
    expect(cache.getUser('a')).toBeUndefined();
    expect(cache.getUser('c')).toBeDefined();
    expect(cache.size.users).toBe(2);
  });
});
