import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import {
  checkLedger,
  connectToEmbedded,
  exited,
  freePort,
  http,
  OWNER,
  recordAttempt,
  type SaveLedger,
  scoresFor,
  serverEnv,
  signInOver,
  spawnServer,
  tempDataDir,
  waitUntilHealthy,
} from './reliability/fault-support';

// The real process: `node server/main.ts` on a fresh DATA_DIR with its embedded PostgreSQL.
const dataDir = tempDataDir('assay-main-test-');
const admin = OWNER;
let port = 0;

function startApp(env: Record<string, string> = {}) {
  return spawnServer({ ...serverEnv(dataDir, port), ...env });
}

/**
 * Each reviewer saves one review after another, round the opportunities, until the app stops
 * answering; every attempt and its outcome goes to the ledger.
 */
function saveUntilKilled(
  base: string,
  reviewers: { id: string; cookie: string }[],
  opportunities: string[],
  ledger: SaveLedger,
  enough: number,
) {
  let acknowledged = 0;
  let seed = ledger.size * 7 + [...ledger.values()].flat().length;
  const done = Promise.all(
    reviewers.map(async (reviewer) => {
      for (let i = 0; ; i++) {
        const opportunityId = opportunities[i % opportunities.length]!;
        const scores = scoresFor(seed++);
        let status = 0;
        try {
          status = (
            await http(base, 'POST', '/api/reviewer/reviews', {
              cookie: reviewer.cookie,
              body: { opportunityId, ...scores },
            })
          ).status;
        } catch {
          status = 0; // no answer: the process is gone
        }
        recordAttempt(ledger, `${reviewer.id}/${opportunityId}`, scores, status);
        if (status === 0) return;
        expect(status).toBe(200);
        acknowledged++;
      }
    }),
  );
  const acknowledgedEnough = (async () => {
    while (acknowledged < enough) await new Promise((resolve) => setTimeout(resolve, 10));
  })();
  return { done, acknowledgedEnough };
}

/** The embedded postmaster of dataDir and its children (backends, checkpointer, ...). */
function postgresProcesses(): number[] {
  const postmaster = Number(
    fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const children = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // The parent pid is the 2nd field after the parenthesised command name.
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/**
 * Every acknowledged save is in the database with its scores (or those of the save that was in
 * flight for the same review at the kill), and no row is half-written.
 */
async function expectEveryAcknowledgedSave(ledger: SaveLedger, fault: string) {
  const client = await connectToEmbedded(dataDir);
  try {
    const check = await checkLedger(client, ledger);
    const unanswered = [...ledger.values()].flat().filter((a) => a.status === 0).length;
    console.log(
      `${fault}: ${check.acknowledged} saves acknowledged so far, ${unanswered} unanswered ` +
        `(in flight at a kill), ${check.lost.length} lost, ${check.halfWritten.length} half-written`,
    );
    expect(check.lost).toEqual([]);
    expect(check.halfWritten).toEqual([]);
  } finally {
    await client.end();
  }
}

describe('the server process', () => {
  it('survives kill -9 in the middle of a stream of saves: every acknowledged save is kept whole', async () => {
    port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = startApp();
    await waitUntilHealthy(base, first);
    const cookie = await signInOver(base, admin.email, admin.password);

    // Four reviewers and three published opportunities, made through the API.
    const reviewers = await Promise.all(
      [1, 2, 3, 4].map(async (i) => {
        const email = `crash-reviewer-${i}@example.test`;
        const created = await http(base, 'POST', '/api/admin/reviewers', {
          cookie,
          body: { name: `Crash Reviewer ${i}`, email, password: 'reviewer-password' },
        });
        expect(created.status).toBe(201);
        const { id } = created.body as { id: string };
        return { id, cookie: await signInOver(base, email, 'reviewer-password') };
      }),
    );
    const opportunities = await Promise.all(
      [1, 2, 3].map(async (number) => {
        const created = await http(base, 'POST', '/api/admin/opportunities', {
          cookie,
          body: {
            number,
            title: `Crash ${number}`,
            description: 'd',
            tags: [],
            status: 'published',
          },
        });
        expect(created.status).toBe(201);
        return (created.body as { id: string }).id;
      }),
    );

    // Round 1: the app alone is killed; its PostgreSQL keeps running until the next start stops it.
    const ledger: SaveLedger = new Map();
    let stream = saveUntilKilled(base, reviewers, opportunities, ledger, 60);
    await stream.acknowledgedEnough;
    first.child.kill('SIGKILL');
    await exited(first.child);
    await stream.done;

    const second = startApp();
    await waitUntilHealthy(base, second);
    expect(second.output()).toMatch(/left running by an earlier run/);
    // The session written before the crash is still in the database.
    const me = await fetch(`http://127.0.0.1:${port}/api/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: admin.email, role: 'admin' });
    await expectEveryAcknowledgedSave(ledger, 'kill -9 of the app');

    // Round 2: the machine goes down: the app and every PostgreSQL process are killed at once,
    // and the next start runs PostgreSQL's crash recovery from its write-ahead log.
    stream = saveUntilKilled(base, reviewers, opportunities, ledger, 60);
    await stream.acknowledgedEnough;
    const postgresPids = postgresProcesses();
    expect(postgresPids.length).toBeGreaterThan(1);
    for (const pid of postgresPids) process.kill(pid, 'SIGKILL');
    second.child.kill('SIGKILL');
    await exited(second.child);
    await stream.done;

    const third = startApp();
    await waitUntilHealthy(base, third);
    await expectEveryAcknowledgedSave(ledger, 'kill -9 of the app and PostgreSQL');

    // A second process on the same DATA_DIR refuses to start instead of stealing the cluster.
    const intruder = startApp({ PORT: String(await freePort()) });
    expect(await exited(intruder.child)).toBe(1);
    expect(intruder.output()).toMatch(/Another Assay process/);

    third.child.kill('SIGTERM');
    expect(await exited(third.child)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'assay.sock'))).toBe(false);
  }, 120_000);

  it('runs against an external PostgreSQL given by DATABASE_URL, migrating an empty database', async () => {
    const connection = inject('adminConnection');
    const database = `assay_main_${process.pid}`;
    const adminClient = new pg.Client(connection);
    await adminClient.connect();
    await adminClient.query(`drop database if exists ${database}`);
    await adminClient.query(`create database ${database}`);
    let url: string;
    if (connection.connectionString) {
      const parsed = new URL(connection.connectionString);
      parsed.pathname = `/${database}`;
      url = parsed.toString();
    } else {
      const password = encodeURIComponent(String(connection.password));
      url = `postgresql://${connection.user}:${password}@/${database}?host=${connection.host}&port=${connection.port}`;
    }
    port = await freePort();
    const externalDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-ext-'));
    const app = startApp({ DATABASE_URL: url, DATA_DIR: externalDataDir });
    try {
      await waitUntilHealthy(`http://127.0.0.1:${port}`, app);
      expect(app.output()).toMatch(/Database: PostgreSQL at/);
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      });
      expect(login.status).toBe(200);
      expect(app.output()).toMatch(/Mail: \.eml files in/);

      // The email worker started by main.ts sends the queued invitation to DATA_DIR/mail.
      const cookie = login.headers.getSetCookie().at(-1)!.split(';')[0]!;
      const invited = await fetch(`http://127.0.0.1:${port}/api/admin/invitations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ email: 'main-invitee@example.test', name: 'Main Invitee' }),
      });
      expect(invited.status).toBe(201);
      const mailDir = path.join(externalDataDir, 'mail');
      const deadline = Date.now() + 30_000;
      let files: string[] = [];
      while (Date.now() < deadline && files.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : [];
      }
      expect(files).toHaveLength(1);
      // Undo quoted-printable soft line breaks, which may cut the long link.
      const eml = fs.readFileSync(path.join(mailDir, files[0]!), 'utf8').replace(/=\r?\n/g, '');
      expect(eml).toContain('To: main-invitee@example.test');
      expect(eml).toMatch(new RegExp(`http://127\\.0\\.0\\.1:${port}/invite/[A-Za-z0-9_-]{43}`));
      const tables = await adminClient.query(`select 1 from pg_database where datname = $1`, [
        database,
      ]);
      expect(tables.rowCount).toBe(1);
    } catch (error) {
      console.log(app.output());
      throw error;
    } finally {
      app.child.kill('SIGTERM');
      const code = await exited(app.child);
      if (code !== 0) console.log(app.output());
      expect(code).toBe(0);
      await adminClient.query(`drop database if exists ${database} with (force)`);
      await adminClient.end();
    }
  }, 120_000);

  it('refuses a bad configuration with a message naming the variable and exit code 1', async () => {
    const app = startApp({ PORT: 'not-a-port' });
    expect(await exited(app.child)).toBe(1);
    expect(app.output()).toMatch(/Invalid configuration:[\s\S]*PORT/);
  });
});
