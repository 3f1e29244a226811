import fs from 'node:fs';
import path from 'node:path';

// What an earlier run of the app may have left in its cluster, told apart through /proc. Without
// /proc (macOS) nothing is signalled or removed and PostgreSQL's own checks decide, as before.
const hasProc = fs.existsSync('/proc/self/stat');

export type LeftoverOptions = {
  clusterDir: string;
  /** Where the cluster's socket and its `.s.PGSQL.<port>.lock` live. */
  socketDir: string;
  port: number;
  notice: (message: string) => void;
  /** How long processes of a dead server may take to exit before the start gives up. */
  waitForExitMs?: number;
};

/**
 * Makes the cluster startable after a crash of the app, without ever starting a second postmaster
 * while any process of the earlier one is alive:
 * - a postmaster of this cluster still running (only the app was killed) is shut down cleanly;
 * - processes of a dead one (backends that have not noticed yet) still attached to its shared
 *   memory are waited for, within a bound;
 * - then its lock files are removed if their pid is a zombie or now another process: PostgreSQL
 *   takes any pid that answers kill(pid, 0) for a running server and would refuse to start.
 */
export async function recoverLeftoverPostmaster(options: LeftoverOptions) {
  const pidFile = path.join(options.clusterDir, 'postmaster.pid');
  const lines = readLines(pidFile);
  if (!lines || !hasProc) return;
  const pid = Number(lines[0]);
  if (isPostmasterOf(pid, options.clusterDir)) {
    options.notice(`Stopping a PostgreSQL server left running by an earlier run (pid ${pid})`);
    await stopPostmaster(pid);
  }
  // Line 7: the key and id of the System V segment every process of that server has attached.
  const [key, id] = (lines[6] ?? '').trim().split(/\s+/).map(Number);
  if (Number.isInteger(key) && Number.isInteger(id) && key! > 0) {
    await waitForDetach({ key: key!, id: id! }, options);
  }
  for (const file of [pidFile, path.join(options.socketDir, `.s.PGSQL.${options.port}.lock`)]) {
    removeStaleLockFile(file, options);
  }
}

function readLines(file: string): string[] | undefined {
  try {
    return fs.readFileSync(file, 'utf8').split('\n');
  } catch {
    return undefined;
  }
}

/** running, zombie (dead, not yet reaped by its parent) or gone, from /proc/PID/stat. */
export function processState(pid: number): 'running' | 'zombie' | 'gone' {
  if (!Number.isInteger(pid) || pid <= 0) return 'gone';
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2)[0];
    return state === 'Z' || state === 'X' ? 'zombie' : 'running';
  } catch {
    return 'gone';
  }
}

/** A running `postgres` whose -D names this cluster (not a reused pid, not another cluster). */
function isPostmasterOf(pid: number, clusterDir: string): boolean {
  if (processState(pid) !== 'running') return false;
  try {
    if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return false;
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const dataArg = args[args.indexOf('-D') + 1];
    if (args.indexOf('-D') < 0 || !dataArg) return false;
    const theirs = fs.statSync(path.resolve(fs.readlinkSync(`/proc/${pid}/cwd`), dataArg));
    const ours = fs.statSync(clusterDir);
    return theirs.dev === ours.dev && theirs.ino === ours.ino;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await sleep(100);
  }
  return condition();
}

async function stopPostmaster(pid: number) {
  // A zombie has stopped: waiting for the pid to vanish would wait on a parent that may never reap.
  const stopped = () => processState(pid) !== 'running';
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, keeps committed data
  if (await waitUntil(stopped, 30_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (await waitUntil(stopped, 10_000)) return;
  throw new Error(`The PostgreSQL server left running by an earlier run (pid ${pid}) did not stop`);
}

/** How many processes have the segment attached (/proc/sysvipc/shm), 0 once it is gone. */
function attachedCount(segment: { key: number; id: number }): number {
  const rows = readLines('/proc/sysvipc/shm') ?? [];
  for (const row of rows.slice(1)) {
    const [key, id, , , , , nattch] = row.trim().split(/\s+/).map(Number);
    if (key === segment.key && id === segment.id) return nattch ?? 0;
  }
  return 0;
}

/** The processes that map the segment, for the operator (readable as root or as their user). */
function attachedPids(key: number): number[] {
  const name = `/SYSV${key.toString(16).padStart(8, '0')}`;
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/maps`, 'utf8').includes(name);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function waitForDetach(segment: { key: number; id: number }, options: LeftoverOptions) {
  if (attachedCount(segment) === 0) return;
  const waitMs = options.waitForExitMs ?? 60_000;
  const describe = () => {
    const pids = attachedPids(segment.key);
    return `${attachedCount(segment)} (pids ${pids.length > 0 ? pids.join(', ') : 'unknown'})`;
  };
  options.notice(
    `Processes of an earlier PostgreSQL server of ${options.clusterDir} are still running: ` +
      `${describe()}; waiting up to ${waitMs / 1000} s for them to exit before starting a new one`,
  );
  if (await waitUntil(() => attachedCount(segment) === 0, waitMs)) return;
  throw new Error(
    `Processes of an earlier PostgreSQL server of ${options.clusterDir} are still running after ` +
      `${waitMs / 1000} s: ${describe()}. Stop them, then start Assay again.`,
  );
}

function removeStaleLockFile(file: string, options: LeftoverOptions) {
  const lines = readLines(file);
  if (!lines) return;
  const pid = Number(lines[0]);
  if (isPostmasterOf(pid, options.clusterDir)) return;
  const state = processState(pid);
  fs.rmSync(file, { force: true });
  if (state !== 'gone') {
    const why =
      state === 'zombie'
        ? `its server (pid ${pid}) is dead, a zombie its parent has not reaped`
        : `its pid ${pid} now belongs to another process`;
    options.notice(`Removed the stale ${path.basename(file)}: ${why}`);
  }
}
