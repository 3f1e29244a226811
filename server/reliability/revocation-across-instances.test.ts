import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase } from '../db/client';
import { AuthCache, type AuthCacheListener, startAuthCacheListener } from '../plugins/auth-cache';
import { TEST_SESSION_SECRET } from '../test/build-test-app';
import { sessionIdOf } from '../test/factories/sessions';
import { withDatabase } from '../test/global-setup';
import { createSignedInUser } from '../test/http';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { sleep } from './fault-support';

// Two instances over one database as main.ts runs them: each with its own pool, its own auth
// cache and LISTEN connection. A sign-out, deactivation or deletion made through one must be
// enforced by the very next request on the other (decision 0006), also while the other is busy.

type Instance = { app: App; cache: AuthCache; listener: AuthCacheListener; pool: pg.Pool };

let database: TestDatabase;
let dataDir: string;
let one: Instance;
let two: Instance;
const silent = { warn: () => {} };

async function startInstance(): Promise<Instance> {
  const pool = new pg.Pool({ ...withDatabase(inject('adminConnection'), database.name), max: 10 });
  pool.on('error', () => {});
  const cache = new AuthCache();
  const listener = startAuthCacheListener(cache, pool.options, silent);
  await listener.ready;
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    db: createDatabase(pool),
    sessionSecret: TEST_SESSION_SECRET,
    webRoot: path.join(dataDir, 'no-web-build'),
    authCache: cache,
  });
  await app.ready();
  return { app, cache, listener, pool };
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-revocation-'));
  one = await startInstance();
  two = await startInstance();
});

afterAll(async () => {
  for (const instance of [one, two]) {
    await instance?.app.close();
    await instance?.listener.stop();
    await instance?.pool.end();
  }
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const call = (
  instance: Instance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
) => instance.app.inject({ method, url, headers: { cookie }, payload });

/** Requests on `instance` until it answers `url` from its cache (the sign-in's own change done). */
async function warm(instance: Instance, url: string, cookie: string, userId: string) {
  const deadline = Date.now() + 10_000;
  while (
    instance.cache.getSession(sessionIdOf(cookie)) === undefined ||
    instance.cache.getUser(userId) === undefined
  ) {
    if (Date.now() > deadline) throw new Error('the other instance never cached the session');
    expect((await call(instance, 'GET', url, cookie)).statusCode).toBe(200);
    await sleep(5);
  }
}

/** 16 clients keep `instance` busy with signed-in reads until `stop()`. */
async function loadOn(instance: Instance) {
  const { cookie } = await createSignedInUser(instance.app, database.db);
  let running = true;
  const clients = Array.from({ length: 16 }, async () => {
    while (running) await call(instance, 'GET', '/api/reviewer/opportunities', cookie);
  });
  return async () => {
    running = false;
    await Promise.all(clients);
  };
}

describe('a revocation made through one instance', () => {
  it('is enforced by the next request on the other, also under load', async () => {
    const { cookie: adminCookie } = await createSignedInUser(one.app, database.db, 'admin');
    const stopLoad = await loadOn(two);
    const stale: string[] = [];
    const expectNext = async (what: string, url: string, cookie: string, status: number) => {
      const answer = await call(two, 'GET', url, cookie);
      if (answer.statusCode !== status) stale.push(`${what}: ${answer.statusCode}`);
    };
    try {
      for (let round = 0; round < 10; round++) {
        const signedOut = await createSignedInUser(one.app, database.db);
        await warm(two, '/api/auth/me', signedOut.cookie, signedOut.user.id);
        expect((await call(one, 'POST', '/api/auth/logout', signedOut.cookie)).statusCode).toBe(
          200,
        );
        await expectNext('sign-out', '/api/auth/me', signedOut.cookie, 401);

        const reviewer = await createSignedInUser(one.app, database.db);
        const list = '/api/reviewer/opportunities';
        await warm(two, list, reviewer.cookie, reviewer.user.id);
        const path = `/api/admin/reviewers/${reviewer.user.id}`;
        const off = await call(one, 'PATCH', path, adminCookie, { isActive: false });
        expect(off.statusCode).toBe(200);
        await expectNext('deactivation', list, reviewer.cookie, 403);
        expect((await call(one, 'PATCH', path, adminCookie, { isActive: true })).statusCode).toBe(
          200,
        );
        await expectNext('reactivation', list, reviewer.cookie, 200);
        await warm(two, list, reviewer.cookie, reviewer.user.id);
        expect((await call(one, 'DELETE', path, adminCookie)).statusCode).toBe(200);
        await expectNext('deletion', list, reviewer.cookie, 401);
      }
    } finally {
      await stopLoad();
    }
    expect(stale).toEqual([]);
  }, 120_000);
});
