import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { stopLeftoverPostmaster } from '../reliability/fault-support';
import { startEmbeddedPostgres } from './embedded';
import { processState, recoverLeftoverPostmaster } from './leftover-postmaster';

// A real cluster whose postmaster is killed while one of its backends cannot notice (stopped).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-leftover-'));
const password = 'leftover-test-password';
const stopped: number[] = [];

afterAll(async () => {
  for (const pid of stopped) if (processState(pid) === 'running') process.kill(pid, 'SIGKILL');
  await stopLeftoverPostmaster(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('recoverLeftoverPostmaster', () => {
  it('never starts over a live backend of a dead server: it gives up naming it, and recovers once it exits', async () => {
    const start = () =>
      startEmbeddedPostgres({ dataDir, password, database: 'assay', log: () => {} });
    const server = await start();
    const clusterDir = path.join(dataDir, 'postgres');
    const pidFile = path.join(clusterDir, 'postmaster.pid');
    const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    const client = new pg.Client(server.connection);
    client.on('error', () => {}); // its backend dies with the server
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const backend = rows[0]!.pid;
    process.kill(backend, 'SIGSTOP');
    stopped.push(backend);
    process.kill(postmaster, 'SIGKILL');
    await until(() => processState(postmaster) !== 'running', 'the postmaster to die');

    const notices: string[] = [];
    const options = {
      clusterDir,
      socketDir: path.join(dataDir, 'run'),
      port: 5432,
      notice: (message: string) => notices.push(message),
      waitForExitMs: 1000,
    };
    await expect(recoverLeftoverPostmaster(options)).rejects.toThrow(
      new RegExp(`still running after 1 s: \\d+ \\(pids [^)]*\\b${backend}\\b[^)]*\\)`),
    );
    expect(notices.join('\n')).toMatch(/waiting up to 1 s/);
    expect(fs.existsSync(pidFile)).toBe(true); // left for PostgreSQL's own check meanwhile

    process.kill(backend, 'SIGCONT'); // it sees its postmaster gone and exits
    await recoverLeftoverPostmaster({ ...options, waitForExitMs: 30_000 });
    await until(() => processState(backend) !== 'running', 'the backend to exit');
    expect(fs.existsSync(pidFile)).toBe(false);

    const again = await start(); // crash recovery from the write-ahead log
    const check = new pg.Client(again.connection);
    await check.connect();
    expect((await check.query('select 1 as one')).rows[0]).toEqual({ one: 1 });
    await check.end();
    await again.stop();
  }, 60_000);
});
