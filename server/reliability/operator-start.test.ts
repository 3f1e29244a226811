import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  exited,
  freePort,
  GUARD_MS,
  sleep,
  stopLeftoverPostmaster,
  tempDataDir,
  waitUntilHealthy,
} from './fault-support';

// The production build started as docs/deploy/assay.service starts it, from a working directory
// that holds a .env: what an operator does, with the log read as they would read it.
const root = path.resolve(import.meta.dirname, '..', '..');
const UNIT = path.join(root, 'docs', 'deploy', 'assay.service');

beforeAll(async () => {
  await promisify(execFile)(
    process.execPath,
    [path.join(root, 'scripts', 'build.mjs'), '--if-stale'],
    {
      cwd: root,
    },
  );
}, 300_000);

/** The unit's settings: its ExecStart split into words, its Environment= as variables. */
function readUnit() {
  const text = fs.readFileSync(UNIT, 'utf8');
  const value = (key: string) =>
    [...text.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map(([, v]) => v!.trim());
  const [execStart] = value('ExecStart');
  const environment = Object.fromEntries(
    value('Environment')
      .flatMap((line) => line.split(/\s+/))
      .map((pair) => pair.split('=') as [string, string]),
  );
  return {
    argv: execStart!.split(/\s+/),
    environment,
    workingDirectory: value('WorkingDirectory')[0],
  };
}

/**
 * A stand-in for the unit's WorkingDirectory (/opt/assay, a clone of the repository): what the
 * built server reads from it, `dist/` and the migrations, are the repository's, and a `.env` of
 * the test's choosing sits beside them (never one in the repository, which other tests would read).
 */
function fillInstallDir(dir: string, dotenv: string): string {
  fs.symlinkSync(path.join(root, 'dist'), path.join(dir, 'dist'));
  fs.mkdirSync(path.join(dir, 'server', 'db'), { recursive: true });
  fs.symlinkSync(
    path.join(root, 'server', 'db', 'migrations'),
    path.join(dir, 'server', 'db', 'migrations'),
  );
  fs.writeFileSync(path.join(dir, '.env'), dotenv);
  return dir;
}

type Started = { child: ChildProcess; output: () => string; server: () => number };

/** The unit's command line (its node replaced by this one), in `cwd`, with `env` over the unit's. */
function startAsUnit(cwd: string, env: Record<string, string>, { terminal = false } = {}): Started {
  const { argv, environment } = readUnit();
  const args = argv.slice(1);
  // The embedded database, the level that logs the start, whatever the test run's environment.
  const fullEnv = { ...process.env, ...environment, DATABASE_URL: '', LOG_LEVEL: 'info', ...env };
  let output = '';
  let child: ChildProcess;
  if (terminal) {
    // script(1) gives the server a pseudo-terminal as stdout, as a person's shell would.
    const command = ['exec', process.execPath, ...args].map(shellQuote).join(' ');
    child = spawn('script', ['-qfec', command, '/dev/null'], { cwd, env: fullEnv });
  } else {
    child = spawn(process.execPath, args, { cwd, env: fullEnv });
  }
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  // Under script(1) the server is script's child: that is the process to stop.
  const server = () => {
    if (!terminal) return child.pid!;
    const children = fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8');
    return Number(children.trim().split(/\s+/)[0]);
  };
  return { child, output: () => output, server };
}

const shellQuote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

async function stop(started: Started, dataDir: string) {
  if (started.child.exitCode === null) process.kill(started.server(), 'SIGTERM');
  const code = await Promise.race([exited(started.child), sleep(30_000).then(() => 'timeout')]);
  await stopLeftoverPostmaster(dataDir);
  return code;
}

async function login(base: string, email: string, password: string) {
  return fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(GUARD_MS),
  });
}

describe('the systemd unit', () => {
  // Made (and removed after the file, with any PostgreSQL left running) at collection time.
  const unitCopyDir = tempDataDir('assay-unit-');
  const pipeDataDir = tempDataDir('assay-unit-data-');
  const pipeInstallDir = tempDataDir('assay-install-');
  const ttyDataDir = tempDataDir('assay-unit-tty-');
  const ttyInstallDir = tempDataDir('assay-install-');

  it.skipIf(!fs.existsSync('/usr/bin/systemd-analyze'))('passes systemd-analyze verify', () => {
    // Verified as written, but with this machine's node (verify checks that it exists).
    const copy = path.join(unitCopyDir, 'assay.service');
    fs.writeFileSync(
      copy,
      fs.readFileSync(UNIT, 'utf8').replace('/usr/bin/node', process.execPath),
    );
    const result = execFileSync('systemd-analyze', ['verify', copy], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(result).toBe('');
  });

  it('runs the built server from its working directory, .env under the environment, JSON into a pipe', async () => {
    const port = await freePort();
    const dataDir = pipeDataDir;
    const cwd = fillInstallDir(
      pipeInstallDir,
      ['# as an operator writes it', 'PUBLIC_URL=https://assay.example.test', 'PORT=1', ''].join(
        '\n',
      ),
    );
    const started = startAsUnit(cwd, { PORT: String(port), DATA_DIR: dataDir, LOG_FORMAT: '' });
    const base = `http://127.0.0.1:${port}`;
    try {
      // PORT of the environment, not of .env.
      await waitUntilHealthy(base, started);
      const lines = started.output().split('\n').filter(Boolean);
      const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      // The one-time password is a field of its record, not only words in its message.
      const created = records.find((r) => typeof r.oneTimePassword === 'string');
      expect(created).toMatchObject({ email: 'admin@localhost', highlight: true, level: 40 });
      const signedIn = await login(base, 'admin@localhost', created!.oneTimePassword as string);
      expect(signedIn.status).toBe(200);
      // PUBLIC_URL came from .env: https, so the cookie is Secure.
      expect(signedIn.headers.getSetCookie().join('\n')).toMatch(/assay\.sid=[^\n]*;\s*Secure/i);
    } finally {
      expect(await stop(started, dataDir), started.output()).toBe(0);
    }
  }, 120_000);

  it('logs readable lines on a terminal, the one-time password framed', async () => {
    const port = await freePort();
    const dataDir = ttyDataDir;
    const cwd = fillInstallDir(ttyInstallDir, '');
    const started = startAsUnit(
      cwd,
      { PORT: String(port), DATA_DIR: dataDir, LOG_FORMAT: '' },
      { terminal: true },
    );
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitUntilHealthy(base, started);
      const text = started.output().replaceAll('\r', '');
      const lines = text.split('\n').filter(Boolean);
      expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
      // Coloured on a terminal: the level of each line.
      expect(text).toContain('\x1b[32mINFO');
      const plain = stripVTControlCharacters(text);
      expect(plain).toMatch(/ WARN {2}={72}\n {19}Created the administrator admin@localhost/);
      const password = /^ {19}oneTimePassword +([A-Za-z0-9]+)$/m.exec(plain)?.[1];
      expect(password, plain).toBeDefined();
      expect((await login(base, 'admin@localhost', password!)).status).toBe(200);
    } finally {
      expect(await stop(started, dataDir), started.output()).toBe(0);
    }
  }, 120_000);
});
