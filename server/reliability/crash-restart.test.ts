import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  checkLedger,
  connectToEmbedded,
  exited,
  freePort,
  http,
  recordAttempt,
  type SaveLedger,
  scoresFor,
  signInOver,
  spawnServer,
  stopLeftoverPostmaster,
  waitUntilHealthy,
} from './fault-support';
import { processStateOf, spawnUnderNonReapingParent } from './non-reaping-parent';

// Issue 23: a supervisor restarts Assay right after a crash. The killed app and its PostgreSQL
// may be zombies (a parent that does not reap), or their pids may belong to others (a reboot).
const admin = { email: 'owner@example.test', password: 'owner-password' };
const dataDirs: string[] = [];
const cleanUps: (() => void)[] = [];

afterEach(() => {
  for (const cleanUp of cleanUps.splice(0).reverse()) cleanUp();
});
afterAll(async () => {
  for (const dataDir of dataDirs) {
    await stopLeftoverPostmaster(dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

function appEnv(dataDir: string, port: number): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  };
}

/** The app under a parent that never reaps; killed with its process group (and postmaster). */
async function startUnderNonReapingParent(dataDir: string, port: number) {
  const app = spawnUnderNonReapingParent([process.execPath, '--import', 'tsx', 'server/main.ts'], {
    ...process.env,
    DATABASE_URL: '',
    LOG_LEVEL: 'info',
    ...appEnv(dataDir, port),
  });
  cleanUps.push(app.cleanUp);
  const pid = await app.pid();
  const running = () => !['Z', undefined].includes(processStateOf(pid));
  const child = {
    get exitCode() {
      return running() ? null : 1;
    },
  } as never;
  await waitUntilHealthy(`http://127.0.0.1:${port}`, { child, output: app.output });
  return { ...app, appPid: pid, killGroup: () => process.kill(-pid, 'SIGKILL') };
}

function startApp(dataDir: string, port: number) {
  const app = spawnServer(appEnv(dataDir, port));
  cleanUps.push(() => app.child.kill('SIGKILL'));
  return app;
}

function newDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-restart-'));
  dataDirs.push(dataDir);
  return dataDir;
}

function postmasterPid(dataDir: string): number {
  return Number(
    fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
}

async function until(condition: () => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Two reviewers save reviews of two published opportunities until the app stops answering. */
async function saveUntilKilled(base: string, ledger: SaveLedger, enough: number) {
  const cookie = await signInOver(base, admin.email, admin.password);
  const opportunities = await Promise.all(
    [1, 2].map(async (number) => {
      const created = await http(base, 'POST', '/api/admin/opportunities', {
        cookie,
        body: {
          number,
          title: `Restart ${number}`,
          description: 'd',
          tags: [],
          status: 'published',
        },
      });
      expect(created.status).toBe(201);
      return (created.body as { id: string }).id;
    }),
  );
  let acknowledged = 0;
  let seed = 0;
  const done = Promise.all(
    [1, 2].map(async (i) => {
      const email = `restart-reviewer-${i}@example.test`;
      const created = await http(base, 'POST', '/api/admin/reviewers', {
        cookie,
        body: { name: `Restart Reviewer ${i}`, email, password: 'reviewer-password' },
      });
      expect(created.status).toBe(201);
      const reviewerId = (created.body as { id: string }).id;
      const reviewerCookie = await signInOver(base, email, 'reviewer-password');
      for (let n = 0; ; n++) {
        const opportunityId = opportunities[n % opportunities.length]!;
        const scores = scoresFor(seed++);
        let status = 0;
        try {
          const body = { opportunityId, ...scores };
          status = (
            await http(base, 'POST', '/api/reviewer/reviews', { cookie: reviewerCookie, body })
          ).status;
        } catch {
          status = 0; // no answer: the process is gone
        }
        recordAttempt(ledger, `${reviewerId}/${opportunityId}`, scores, status);
        if (status === 0) return;
        expect(status).toBe(200);
        acknowledged++;
      }
    }),
  );
  await until(() => acknowledged >= enough, `${enough} acknowledged saves`);
  return { done };
}

describe('a restart right after a crash', () => {
  it('is healthy within a second of kill -9 under a parent that does not reap, keeping every acknowledged save', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startUnderNonReapingParent(dataDir, port);
    const oldPostmaster = postmasterPid(dataDir);
    const ledger: SaveLedger = new Map();
    const stream = await saveUntilKilled(base, ledger, 40);

    first.killGroup();
    const killedAt = Date.now();
    await until(() => processStateOf(first.appPid) === 'Z', 'the app to be a zombie');
    await stream.done;
    // The supervisor's restart, one second later at most: the old processes are still zombies.
    expect(processStateOf(oldPostmaster)).toBe('Z');
    expect(Date.now() - killedAt).toBeLessThan(1000);
    const second = startApp(dataDir, port);
    await waitUntilHealthy(base, second);

    const client = await connectToEmbedded(dataDir);
    try {
      const check = await checkLedger(client, ledger);
      expect(check.acknowledged).toBeGreaterThanOrEqual(40);
      expect(check.lost).toEqual([]);
      expect(check.halfWritten).toEqual([]);
    } finally {
      await client.end();
    }
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
  }, 120_000);

  it('waits for a backend of the killed PostgreSQL to exit before starting a new one', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const first = await startUnderNonReapingParent(dataDir, port);
    const oldPostmaster = postmasterPid(dataDir);
    const client = await connectToEmbedded(dataDir);
    client.on('error', () => {}); // its backend dies with the old server
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const backend = rows[0]!.pid;
    // A stopped backend cannot notice that its postmaster died: it stays attached to the cluster.
    process.kill(backend, 'SIGSTOP');
    cleanUps.push(() => processStateOf(backend) && process.kill(backend, 'SIGKILL'));

    first.killGroup();
    await until(() => processStateOf(oldPostmaster) === 'Z', 'the postmaster to be a zombie');
    const second = startApp(dataDir, port);
    await until(
      () => second.child.exitCode !== null || /still running/.test(second.output()),
      'the new start to wait for the old backend',
    );
    expect(second.child.exitCode, second.output()).toBeNull();
    expect(second.output()).toContain(String(backend));
    expect(postmasterPid(dataDir)).toBe(oldPostmaster); // no second postmaster started

    process.kill(backend, 'SIGCONT'); // it sees its postmaster gone and exits
    await waitUntilHealthy(`http://127.0.0.1:${port}`, second);
    expect(['Z', undefined]).toContain(processStateOf(backend));
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
  }, 120_000);

  it('starts after a reboot, when the pids in the lock files belong to unrelated processes', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startUnderNonReapingParent(dataDir, port);
    const cookie = await signInOver(base, admin.email, admin.password);
    const oldPostmaster = postmasterPid(dataDir);
    first.killGroup();
    first.cleanUp(); // PID 1 reaps them: the pids are free
    await until(() => processStateOf(oldPostmaster) === undefined, 'the postmaster to be reaped');

    // After the reboot, other programs run under those pids, one of them called "postgres".
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-bin-'));
    cleanUps.push(() => fs.rmSync(bin, { recursive: true, force: true }));
    fs.symlinkSync(fs.realpathSync('/bin/sleep'), path.join(bin, 'postgres'));
    const stranger = spawn('sleep', ['600'], { stdio: 'ignore' });
    const otherPostgres = spawn(path.join(bin, 'postgres'), ['600'], { stdio: 'ignore' });
    cleanUps.push(() => stranger.kill('SIGKILL'));
    cleanUps.push(() => otherPostgres.kill('SIGKILL'));
    const repoint = (file: string, pid: number) => {
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      lines[0] = String(pid);
      fs.writeFileSync(file, lines.join('\n'));
    };
    fs.writeFileSync(path.join(dataDir, 'assay.pid'), String(stranger.pid)); // as older versions wrote
    repoint(path.join(dataDir, 'postgres', 'postmaster.pid'), otherPostgres.pid!);
    repoint(path.join(dataDir, 'run', '.s.PGSQL.5432.lock'), stranger.pid!);

    const second = startApp(dataDir, port);
    await waitUntilHealthy(base, second);
    const me = await fetch(`${base}/api/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(200); // the session written before the crash is still there
    expect(otherPostgres.exitCode).toBeNull(); // an unrelated "postgres" is left alone
    expect(otherPostgres.signalCode).toBeNull();
    expect(stranger.exitCode).toBeNull();
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
  }, 120_000);
});
