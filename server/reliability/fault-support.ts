import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Scores } from '@shared/criteria';
import { compositeOf, toNumericText } from '@shared/scoring';
import pg from 'pg';
import { afterAll } from 'vitest';

// Helpers shared by the fault tests: real processes, real sockets, real PostgreSQL.

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A connection string for database `name` on the server of `connection` (the tests' PostgreSQL:
 * a URL, or the embedded one's socket and password), as an operator's DATABASE_URL.
 */
export function databaseUrl(connection: pg.PoolConfig, name: string): string {
  if (connection.connectionString) {
    const parsed = new URL(connection.connectionString);
    parsed.pathname = `/${name}`;
    return parsed.toString();
  }
  const password = encodeURIComponent(String(connection.password));
  return `postgresql://${connection.user}:${password}@/${name}?host=${encodeURIComponent(
    String(connection.host),
  )}&port=${connection.port}`;
}

/** A client of the embedded PostgreSQL of `dataDir` (its socket and generated password). */
export async function connectToEmbedded(dataDir: string): Promise<pg.Client> {
  const { databasePassword } = JSON.parse(
    fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'),
  ) as { databasePassword: string };
  const client = new pg.Client({
    host: path.join(dataDir, 'run'),
    port: 5432,
    user: 'postgres',
    password: databasePassword,
    database: 'assay',
  });
  await client.connect();
  return client;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A guard, not a measurement: a call that hangs fails the test instead of stalling it. */
export const GUARD_MS = 15_000;

export async function http(
  base: string,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown; cookie?: string }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(GUARD_MS),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text so that the assertion shows it
  }
  const setCookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => c.startsWith('assay.sid=') && c !== 'assay.sid=')
    .at(-1);
  return { status: response.status, body, cookie: setCookie };
}

export async function signInOver(base: string, email: string, password: string): Promise<string> {
  const response = await http(base, 'POST', '/api/auth/login', { body: { email, password } });
  if (response.status !== 200 || !response.cookie) {
    throw new Error(
      `sign-in of ${email} failed: ${response.status} ${JSON.stringify(response.body)}`,
    );
  }
  return response.cookie;
}

const CRITERIA = [
  'strategicAlignment',
  'sustainability',
  'technologyReadiness',
  'marketPotential',
  'businessPotential',
] as const;

/** Scores that differ from one save to the next, so that a stale row is told apart. */
export function scoresFor(seed: number): Scores {
  return Object.fromEntries(
    CRITERIA.map((criterion, i) => [criterion, ((seed * (i + 3) + i) % 5) + 1]),
  ) as Scores;
}

/**
 * Every save attempted for one (reviewer, opportunity), in the order sent (one at a time per key),
 * with its outcome: a status, or 0 when no answer came (connection lost).
 */
export type SaveLedger = Map<string, { scores: Scores; status: number }[]>;

export function recordAttempt(ledger: SaveLedger, key: string, scores: Scores, status: number) {
  const attempts = ledger.get(key) ?? [];
  attempts.push({ scores, status });
  ledger.set(key, attempts);
}

type ReviewRow = {
  reviewer_id: string;
  opportunity_id: string;
  composite: string;
} & Record<(typeof CRITERIA)[number], number | null>;

export type LedgerCheck = {
  acknowledged: number;
  /** Keys whose last acknowledged save is not what the database holds (nor a later attempt). */
  lost: string[];
  /** Rows with a missing score or a composite that is not the mean of the five. */
  halfWritten: string[];
};

/**
 * Compares the database with the ledger. A key's row must hold its last acknowledged scores or
 * those of a later attempt whose answer was lost (it may have committed just before the fault).
 */
export async function checkLedger(
  pool: pg.Pool | pg.Client,
  ledger: SaveLedger,
): Promise<LedgerCheck> {
  const { rows } = await pool.query<ReviewRow>(
    `select reviewer_id, opportunity_id, composite, ${CRITERIA.map((c) => snake(c)).join(', ')}
       from reviews`,
  );
  const stored = new Map(
    rows.map((row) => [
      `${row.reviewer_id}/${row.opportunity_id}`,
      Object.fromEntries(CRITERIA.map((c) => [c, row[snake(c) as keyof ReviewRow]])),
    ]),
  );
  const result: LedgerCheck = { acknowledged: 0, lost: [], halfWritten: [] };
  for (const row of rows) {
    const scores = CRITERIA.map((c) => row[snake(c) as keyof ReviewRow]);
    const complete = scores.every((s) => Number.isInteger(s) && (s as number) >= 1);
    if (!complete || row.composite !== toNumericText(compositeOf(scoresOf(scores as number[])))) {
      result.halfWritten.push(`${row.reviewer_id}/${row.opportunity_id}`);
    }
  }
  for (const [key, attempts] of ledger) {
    result.acknowledged += attempts.filter((a) => a.status >= 200 && a.status < 300).length;
    const lastAck = attempts.findLastIndex((a) => a.status >= 200 && a.status < 300);
    if (lastAck < 0) continue;
    const row = stored.get(key);
    const acceptable = attempts.slice(lastAck).map((a) => JSON.stringify(a.scores));
    if (!row || !acceptable.includes(JSON.stringify(row))) result.lost.push(key);
  }
  return result;
}

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function scoresOf(values: number[]): Scores {
  return Object.fromEntries(CRITERIA.map((c, i) => [c, values[i]])) as Scores;
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** The administrator main.ts creates on a fresh DATA_DIR (from ADMIN_EMAIL and ADMIN_PASSWORD). */
export const OWNER = { email: 'owner@example.test', password: 'owner-password' };

/** The environment of a server process on `dataDir` and `port`, with OWNER as its administrator. */
export function serverEnv(dataDir: string, port: number): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
  };
}

/**
 * A fresh DATA_DIR for the server processes of a test file, removed after the file, together with
 * a postmaster that a killed process or a failed test left running.
 */
export function tempDataDir(prefix: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(async () => {
    await stopLeftoverPostmaster(dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return dataDir;
}

/** `node server/main.ts` (through tsx) with the given environment; output collected. */
export function spawnServer(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
} {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

export async function waitUntilHealthy(
  base: string,
  app?: { child: ChildProcess; output: () => string },
) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (app && app.child.exitCode !== null) throw new Error(`app exited early:\n${app.output()}`);
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`app did not become healthy${app ? `:\n${app.output()}` : ''}`);
}

/**
 * Clean-up after a test that failed half-way: a postmaster of `dataDir` still running (its app
 * was killed, or the test stopped before its SIGTERM) is shut down (fast) so that none outlives
 * the run. Waits at most `timeoutMs`.
 */
export async function stopLeftoverPostmaster(dataDir: string, timeoutMs = 10_000) {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return;
    process.kill(pid, 'SIGINT');
  } catch {
    return; // already gone
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(100);
  }
}
