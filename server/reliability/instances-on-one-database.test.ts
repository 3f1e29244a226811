import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MIGRATION_LOCK_KEY } from '../db/migrate';
import { withDatabase } from '../test/global-setup';
import {
  databaseUrl,
  exited,
  freePort,
  http,
  OWNER,
  signInOver,
  sleep,
  spawnServer,
  waitUntilHealthy,
} from './fault-support';

// Real server processes on one PostgreSQL database, each with its own DATA_DIR and no
// SESSION_SECRET: what an operator gets by running `npm start` on two machines with one
// DATABASE_URL.

const connection = inject('adminConnection');
const admin = new pg.Client(connection);
const databases: string[] = [];
const running: ReturnType<typeof spawnServer>[] = [];
const dataDirs: string[] = [];

afterAll(async () => {
  for (const app of running) if (app.child.exitCode === null) app.child.kill('SIGKILL');
  await Promise.all(running.map((app) => exited(app.child)));
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freshDatabase(): Promise<{ name: string; url: string }> {
  if (databases.length === 0) await admin.connect();
  const name = `assay_instances_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  databases.push(name);
  return { name, url: databaseUrl(connection, name) };
}

type Instance = ReturnType<typeof spawnServer> & { base: string };

/** A server on `url` with a DATA_DIR and a port of its own, and no configured session secret. */
async function startInstance(url: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-instance-'));
  dataDirs.push(dataDir);
  const app = spawnServer({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    PORT: String(port),
    SESSION_SECRET: '',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
    ...env,
  });
  running.push(app);
  return { ...app, base: `http://127.0.0.1:${port}` };
}

/**
 * Starts `count` instances on a fresh database at the same moment: the test holds the migration
 * lock until every process waits for it, then lets them all go at once.
 */
async function startTogether(count: number, env: Record<string, string>) {
  const { name, url } = await freshDatabase();
  const gate = new pg.Client(withDatabase(connection, name));
  await gate.connect();
  try {
    await gate.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const instances = await Promise.all(
      Array.from({ length: count }, () => startInstance(url, env)),
    );
    const deadline = Date.now() + 60_000;
    for (;;) {
      const waiting = await admin.query(
        `select count(*)::int as n from pg_stat_activity
          where datname = $1 and wait_event_type = 'Lock' and wait_event = 'advisory'`,
        [name],
      );
      if (waiting.rows[0].n === count) break;
      if (instances.some((i) => i.child.exitCode !== null) || Date.now() > deadline) {
        throw new Error(`not all waited at the lock:\n${instances.map((i) => i.output())}`);
      }
      await sleep(100);
    }
    await gate.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    const started = await Promise.allSettled(instances.map((i) => waitUntilHealthy(i.base, i)));
    const failures = started.flatMap((result) =>
      result.status === 'rejected' ? [String(result.reason)] : [],
    );
    expect(failures, failures.join('\n---\n')).toEqual([]);
    return { name, instances };
  } finally {
    await gate.end();
  }
}

async function stopAll(instances: Instance[]) {
  for (const instance of instances) instance.child.kill('SIGTERM');
  const codes = await Promise.all(instances.map((instance) => exited(instance.child)));
  expect(codes, instances.map((i) => i.output()).join('\n---\n')).toEqual(instances.map(() => 0));
}

async function usersOf(name: string) {
  const client = new pg.Client(withDatabase(connection, name));
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string; role: string }>(
      'select email, role from users order by email',
    );
    return rows;
  } finally {
    await client.end();
  }
}

const GENERATED_PASSWORD = /Created the administrator admin@localhost with the password: (\S+)/;

describe('instances started at the same moment on a fresh database', () => {
  it('all four start and exactly one administrator is created, its password printed once', async () => {
    const { name, instances } = await startTogether(4, {});
    expect(await usersOf(name)).toEqual([{ email: 'admin@localhost', role: 'admin' }]);
    const printed = instances.flatMap((i) => GENERATED_PASSWORD.exec(i.output())?.[1] ?? []);
    expect(printed).toHaveLength(1);
    // The one printed password signs in on every instance.
    for (const instance of instances) {
      await signInOver(instance.base, 'admin@localhost', printed[0]!);
    }
    await stopAll(instances);
  }, 180_000);

  it('both start with ADMIN_EMAIL set and the configured administrator exists once', async () => {
    const { name, instances } = await startTogether(2, {
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
    });
    expect(await usersOf(name)).toEqual([{ email: OWNER.email, role: 'admin' }]);
    await stopAll(instances);
  }, 180_000);
});

describe('instances with their own DATA_DIRs and no SESSION_SECRET', () => {
  it('accept each other’s sessions, and a sign-out on one ends it on all and expires the cookie', async () => {
    const { url } = await freshDatabase();
    const env = { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password };
    // One after the other: the second finds the database the first prepared.
    const first = await startInstance(url, env);
    await waitUntilHealthy(first.base, first);
    const second = await startInstance(url, env);
    await waitUntilHealthy(second.base, second);
    const instances = [first, second];

    const cookie = await signInOver(first.base, OWNER.email, OWNER.password);
    for (const instance of instances) {
      const me = await http(instance.base, 'GET', '/api/auth/me', { cookie });
      expect(me.status, instance.output()).toBe(200);
      expect(me.body).toMatchObject({ email: OWNER.email, role: 'admin' });
    }

    // A third instance started later, on yet another DATA_DIR, accepts it too.
    const third = await startInstance(url, env);
    await waitUntilHealthy(third.base, third);
    instances.push(third);
    expect((await http(third.base, 'GET', '/api/auth/me', { cookie })).status).toBe(200);

    const logout = await fetch(`${second.base}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie },
    });
    expect(logout.status).toBe(200);
    // The browser is told to drop the cookie: same name and path, expired.
    const cleared = logout.headers.getSetCookie().find((c) => c.startsWith('assay.sid='));
    expect(cleared).toMatch(/^assay\.sid=;/);
    expect(cleared).toMatch(/; Path=\/(;|$)/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
    for (const instance of instances) {
      expect((await http(instance.base, 'GET', '/api/auth/me', { cookie })).status).toBe(401);
    }
    await stopAll(instances);
  }, 180_000);
});
