import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  connectToEmbedded,
  exited,
  freePort,
  OWNER,
  serverEnv,
  signInOver,
  spawnServer,
  tempDataDir,
  waitUntilHealthy,
} from '../reliability/fault-support';
import { contentsOf, linesOf, manifestOf } from '../test/backups';
import { createBareDatabase } from '../test/bare-database';
import { createComment } from '../test/factories/comments';
import { createImage } from '../test/factories/images';
import { createOpportunity } from '../test/factories/opportunities';
import { createReview } from '../test/factories/reviews';
import { createUser } from '../test/factories/users';
import { createTestDatabase } from '../test/test-database';

// `npm run backup` and `npm run restore` as an operator runs them: real processes on a real
// DATA_DIR, with the app running and not, and against a DATABASE_URL.

const files = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-backup-files-'));
afterAll(() => fs.rmSync(files, { recursive: true, force: true }));

/** `node server/cli/<command>.ts ...args` (through tsx) with the given environment. */
function runCommand(
  command: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `server/cli/${command}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return exited(child).then((code) => ({ code, output }));
}

/** The rows of an archive, its manifest's date left out: equal for equal databases. */
const rowsOf = (archive: Buffer) => {
  const { createdAt: _date, ...manifest } = manifestOf(archive) as { createdAt?: string };
  return [JSON.stringify(manifest), ...linesOf(archive).slice(1, -1)];
};

describe('with the embedded database', () => {
  const dataDir = tempDataDir('assay-backup-source-');
  const restoredDir = tempDataDir('assay-backup-target-');

  it('backs up while the app runs and while it does not, and restores into a new DATA_DIR', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const app = spawnServer(serverEnv(dataDir, port));
    await waitUntilHealthy(base, app);
    // Data through the running app: the owner signs in (a login and its audit row) and adds rows.
    await signInOver(base, OWNER.email, OWNER.password);
    let client: pg.Client | undefined = await connectToEmbedded(dataDir);
    try {
      await client.query(`insert into opportunities (number, title, tags, status)
        values (1, 'Heat pumps, "retrofit"', '{a,b}', 'published'), (2, 'Tidal', '{}', 'draft')`);
      await client.query(
        `insert into login_attempts (email, ip_address) values ('x@example.test', '10.1.1.1')`,
      );
    } finally {
      await client.end();
      client = undefined;
    }

    const whileRunning = path.join(files, 'while-running.jsonl.gz');
    const first = await runCommand('backup', [whileRunning], { DATA_DIR: dataDir });
    expect(first.output).toMatch(
      /^Backed up \d+ rows of \d+ tables \(schema \w+\) from the running app's embedded PostgreSQL/,
    );
    expect(first.code).toBe(0);
    const archive = fs.readFileSync(whileRunning);
    expect(manifestOf(archive).tables.find((table) => table.name === 'opportunities')?.rows).toBe(
      2,
    );
    // No leftover partial file beside it.
    expect(fs.readdirSync(files)).toEqual(['while-running.jsonl.gz']);

    // A restore needs the database to itself: refused while the app holds DATA_DIR.
    const refused = await runCommand('restore', [whileRunning, '--force'], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      /^Another Assay process \(pid \d+\) is using DATA_DIR .*\. Stop it or choose another DATA_DIR\.\n$/,
    );

    app.child.kill('SIGTERM');
    expect(await exited(app.child)).toBe(0);
    const whileStopped = path.join(files, 'while-stopped.jsonl.gz');
    const second = await runCommand('backup', [whileStopped], { DATA_DIR: dataDir });
    expect(second.output).toMatch(/^Backed up .* from embedded PostgreSQL in /);
    expect(second.code).toBe(0);
    expect(rowsOf(fs.readFileSync(whileStopped))).toEqual(rowsOf(archive));

    const restored = await runCommand('restore', [whileStopped], { DATA_DIR: restoredDir });
    expect(restored.output).toMatch(
      /^Restored \d+ rows of \d+ tables from .* \(schema \w+\) into embedded PostgreSQL in .* in [\d.]+ s\.\nSessions are not part of a backup: everybody signs in again\.\n$/,
    );
    expect(restored.code).toBe(0);
    const again = await runCommand('restore', [whileStopped], { DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(
      /^The database is not empty \(.*users.*\)\. Restore into an empty database, or pass --force to replace everything in it\.\n$/,
    );
    const forced = await runCommand('restore', [whileStopped, '--force'], {
      DATA_DIR: restoredDir,
    });
    expect(forced.output).toMatch(/\(replacing what .* held\)/);
    expect(forced.code).toBe(0);

    // The restored installation starts and its owner signs in with the password of the original.
    const restoredPort = await freePort();
    const restoredBase = `http://127.0.0.1:${restoredPort}`;
    const restoredApp = spawnServer({
      ...serverEnv(restoredDir, restoredPort),
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
    });
    try {
      await waitUntilHealthy(restoredBase, restoredApp);
      const cookie = await signInOver(restoredBase, OWNER.email, OWNER.password);
      const response = await fetch(`${restoredBase}/api/admin/opportunities`, {
        headers: { cookie },
      });
      expect(response.status).toBe(200);
      expect((await response.json()).map((row: { title: string }) => row.title).sort()).toEqual([
        'Heat pumps, "retrofit"',
        'Tidal',
      ]);
    } finally {
      restoredApp.child.kill('SIGTERM');
      await exited(restoredApp.child);
    }
  }, 240_000);

  it('refuses a damaged archive and says how to call it', async () => {
    // The archive the test above wrote.
    const archive = fs.readFileSync(path.join(files, 'while-stopped.jsonl.gz'));
    const cut = path.join(files, 'cut.jsonl.gz');
    fs.writeFileSync(cut, archive.subarray(0, archive.length - 20));
    const damaged = await runCommand('restore', [cut, '--force'], { DATA_DIR: restoredDir });
    expect(damaged).toEqual({
      code: 1,
      output: 'The archive is damaged: it ends early (cut short).\n',
    });
    const usage = await runCommand('restore', [cut, '--forse'], { DATA_DIR: restoredDir });
    expect(usage).toEqual({
      code: 1,
      output: 'Unknown option --forse. Usage: npm run restore -- FILE [--force]\n',
    });
    const noFolder = await runCommand('backup', [path.join(files, 'missing', 'x.gz')], {
      DATA_DIR: restoredDir,
    });
    expect(noFolder).toEqual({
      code: 1,
      output: `There is no folder ${path.join(files, 'missing')} to write the backup into.\n`,
    });
    const noDataDir = path.join(files, 'no-such-data-dir');
    const mistyped = await runCommand('backup', [path.join(files, 'x.gz')], {
      DATA_DIR: noDataDir,
    });
    expect(mistyped).toEqual({
      code: 1,
      output: `There is no Assay database in DATA_DIR ${noDataDir} (and DATABASE_URL is not set).\n`,
    });
    expect(fs.existsSync(noDataDir)).toBe(false);
  }, 120_000);
});

/** A postgresql:// URL for a database of the test server (DATABASE_URL for a child process). */
function urlOf(database: string): string {
  const admin = inject('adminConnection');
  if (admin.connectionString) {
    const url = new URL(admin.connectionString);
    url.pathname = `/${database}`;
    return url.toString();
  }
  // The embedded test server listens on a socket only: its folder goes in the host parameter.
  const password = encodeURIComponent(String(admin.password));
  return `postgresql://${admin.user}:${password}@localhost:${admin.port}/${database}?host=${encodeURIComponent(String(admin.host))}`;
}

describe('with DATABASE_URL', () => {
  it('backs up one database and restores it into another', async () => {
    const source = await createTestDatabase();
    const target = await createBareDatabase();
    try {
      const reviewer = await createUser(source.db);
      const opportunity = await createOpportunity(source.db);
      await createReview(source.db, { opportunityId: opportunity.id, reviewerId: reviewer.id });
      await createComment(source.db, { opportunityId: opportunity.id, reviewerId: reviewer.id });
      await createImage(source.db);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-backup-url-'));
      try {
        const file = path.join(files, 'external.jsonl.gz');
        const backedUp = await runCommand('backup', [file], {
          DATA_DIR: dataDir,
          DATABASE_URL: urlOf(source.name),
        });
        expect(backedUp.output).toMatch(/^Backed up \d+ rows of \d+ tables .* from PostgreSQL at /);
        expect(backedUp.code).toBe(0);
        const restored = await runCommand('restore', [file], {
          DATA_DIR: dataDir,
          DATABASE_URL: urlOf(target.name),
        });
        expect(restored.output).toMatch(/^Restored \d+ rows .* into PostgreSQL at /);
        expect(restored.code).toBe(0);
        const { session: _a, ...expected } = await contentsOf(source.pool);
        const { session: _b, ...actual } = await contentsOf(target.pool);
        expect(actual).toEqual(expected);
        expect(expected.images).toHaveLength(1);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    } finally {
      await source.drop();
      await target.drop();
    }
  }, 120_000);
});
