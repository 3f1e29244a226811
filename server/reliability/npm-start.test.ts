import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../test/global-setup';
import { databaseUrl, exited, freePort, OWNER, sleep, waitUntilHealthy } from './fault-support';

// `npm start` as an operator runs it, on a copy of the repository that has never been built:
// the first start builds, the second finds the build. Neither may differ from the other in the
// server's environment or memory, and a logged stack must point at the TypeScript sources.

const root = path.resolve('.');
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-start-copy-'));
const connection = inject('adminConnection');
const admin = new pg.Client(connection);
const databases: string[] = [];
const started: { kill: () => void; exited: Promise<number | null> }[] = [];

/** What `npm start` runs (package.json), as [node flags..., script]. */
function startArguments(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [node, ...args] = scripts.start.split(/\s+/);
  expect(node).toBe('node');
  return args;
}

beforeAll(async () => {
  // Everything the build reads, without dist/; the installed packages are shared.
  for (const entry of [
    'server',
    'shared',
    'web',
    'scripts',
    'package.json',
    'package-lock.json',
    'vite.config.ts',
    'tsconfig.json',
  ]) {
    fs.cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  await admin.connect();
});

afterAll(async () => {
  for (const app of started) app.kill();
  await Promise.all(started.map((app) => app.exited));
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  fs.rmSync(copy, { recursive: true, force: true });
});

/** A new database: empty, or migrated (a copy of the tests' template) with `setup` run in it. */
async function freshDatabase(setup?: string): Promise<string> {
  const name = `assay_start_${randomBytes(4).toString('hex')}`;
  await admin.query(
    `create database ${name}${setup ? ` template ${inject('templateDatabase')}` : ''}`,
  );
  databases.push(name);
  if (setup) {
    const client = new pg.Client(withDatabase(connection, name));
    await client.connect();
    await client.query(setup).finally(() => client.end());
  }
  return databaseUrl(connection, name);
}

/**
 * `npm start` in the copy on a fresh database, with neither NODE_ENV nor SESSION_SECRET (what
 * a plain `npm start` with a DATABASE_URL has).
 */
async function npmStart(url: string) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-start-data-'));
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    LOG_LEVEL: 'info',
  };
  delete env.NODE_ENV;
  delete env.SESSION_SECRET;
  let output = '';
  const child = spawn(process.execPath, startArguments(), {
    cwd: copy,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const done = exited(child).finally(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  started.push({ kill: () => child.kill('SIGKILL'), exited: done });
  return { child, output: () => output, base: `http://127.0.0.1:${port}`, done };
}

/** Resident memory of a process in MB: the median of 10 samples of /proc over a second. */
async function rssMegabytes(pid: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 10; i++) {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    samples.push(Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024);
    await sleep(100);
  }
  return samples.sort((a, b) => a - b)[5]!;
}

/** Serves, measures the server process once it has settled, and stops it cleanly. */
async function serveAndMeasure(app: Awaited<ReturnType<typeof npmStart>>) {
  await waitUntilHealthy(app.base, app);
  const me = await fetch(`${app.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  expect(me.status).toBe(200);
  await sleep(2000);
  const rss = await rssMegabytes(app.child.pid!);
  app.child.kill('SIGTERM');
  expect(await app.done, app.output()).toBe(0);
  return rss;
}

describe('npm start', () => {
  it('builds in a separate process: a start that built has the environment and memory of one that did not', async () => {
    const building = await npmStart(await freshDatabase());
    const afterBuild = await serveAndMeasure(building);
    expect(building.output()).toMatch(/Built the web app and the server/);
    expect(fs.existsSync(path.join(copy, 'dist', 'server', 'main.js.map'))).toBe(true);

    const built = await npmStart(await freshDatabase());
    const alreadyBuilt = await serveAndMeasure(built);
    expect(built.output()).not.toMatch(/Built the web app and the server/);

    console.log(
      `npm start RSS once serving: ${afterBuild.toFixed(1)} MB after building, ` +
        `${alreadyBuilt.toFixed(1)} MB with the build already there ` +
        `(difference ${(afterBuild - alreadyBuilt).toFixed(1)} MB, limit 20 MB)`,
    );
    expect(Math.abs(afterBuild - alreadyBuilt)).toBeLessThan(20);
  }, 600_000);

  it('logs a stack that points at the TypeScript sources under server/', async () => {
    // The start fails at the administrator's insert, inside the bundle: its logged stack is
    // mapped back to the files it was built from.
    const failing = await npmStart(
      await freshDatabase(`
        create function refuse_users() returns trigger language plpgsql as $$
          begin raise exception 'users refused by the start test'; end $$;
        create trigger refuse_users before insert on users
          for each row execute function refuse_users();`),
    );
    expect(await failing.done).toBe(1);
    const output = failing.output();
    expect(output).toContain('users refused by the start test');
    expect(output).toMatch(/server\/[\w/-]+\.ts:\d+:\d+/);
    expect(output).not.toMatch(/dist\/server\/main\.js:\d+/);
  }, 300_000);
});
