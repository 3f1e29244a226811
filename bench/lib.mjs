// Shared by the scripts of bench/: build, start the production server on a fresh
// DATA_DIR (and a fresh database when DATABASE_URL is used), sample its memory, sign in.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '..');

export const ADMIN_EMAIL = 'bench-admin@example.com';
export const ADMIN_PASSWORD = 'bench-admin-password';
export const OPPORTUNITIES = 50;
export const REVIEWER_PASSWORD = 'bench-reviewer-password';

/** `node scripts/build.mjs --if-stale`, in a child so that this process stays small. */
export function buildIfStale() {
  const result = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The build failed');
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh database `assay_bench_<pid>_<n>` on the server of `url`, dropped by `drop()`. */
export async function createScratchDatabase(url, suffix = '') {
  const name = `assay_bench_${process.pid}${suffix}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    name,
    url: scratch.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The Node flags of `npm start` (package.json), so that the server runs as operators run it. */
function startNodeFlags(cwd) {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(cwd, 'package.json'), 'utf8'));
  return scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * Starts `node dist/server/main.js` (what `npm start` runs) on a free port with a temporary
 * DATA_DIR; with `databaseUrl`, against that database instead of the embedded one.
 */
export async function startServer({
  databaseUrl,
  env = {},
  label = 'server',
  prepare,
  nodeArgs = [],
  cwd = root,
} = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-bench-'));
  const childEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'SMTP_URL', 'SESSION_SECRET', 'BENCH_FLOOR']) {
    delete childEnv[name];
  }
  Object.assign(childEnv, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ADMIN_NAME: 'Bench Admin',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  // For example seeding the demo data with the same environment before the server owns DATA_DIR.
  try {
    if (prepare) await prepare(childEnv);
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const child = spawn(
    process.execPath,
    [...startNodeFlags(cwd), ...nodeArgs, 'dist/server/main.js'],
    {
      cwd,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  let running = true;
  exited.then(() => {
    running = false;
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (!running) throw new Error(`The ${label} exited while starting:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {}
    if (Date.now() - started > 180_000) {
      child.kill('SIGKILL');
      throw new Error(`The ${label} did not start within 180 s:\n${output}`);
    }
    await sleep(200);
  }

  return {
    baseUrl,
    pid: child.pid,
    dataDir,
    databaseUrl,
    output: () => output,
    stop: async () => {
      if (running) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `VACUUM (ANALYZE)` on the server's database, as pgbench does before it measures: a database
 * seeded a minute ago has no planner statistics yet (autovacuum looks once a minute), and plans
 * made without them are the ones a running installation replaces within that minute.
 */
export async function settleDatabase(server) {
  let client;
  if (server.databaseUrl) {
    client = new pg.Client({ connectionString: server.databaseUrl });
  } else {
    const { databasePassword } = JSON.parse(
      fs.readFileSync(path.join(server.dataDir, 'secrets.json'), 'utf8'),
    );
    client = new pg.Client({
      host: path.join(server.dataDir, 'run'),
      port: 5432,
      user: 'postgres',
      password: databasePassword,
      database: 'assay',
    });
  }
  await client.connect();
  try {
    await client.query('vacuum (analyze)');
  } finally {
    await client.end();
  }
}

// --- HTTP ---------------------------------------------------------------------------------------

export class HttpFailure extends Error {}

/** JSON request; answers the parsed body, and the session cookie when the server sets one. */
export async function request(baseUrl, method, urlPath, { cookie, body } = {}) {
  const headers = {};
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new HttpFailure(`${method} ${urlPath}: ${response.status} ${text.slice(0, 300)}`);
  }
  const setCookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('assay.sid='));
  return { json: text ? JSON.parse(text) : undefined, bytes: Buffer.byteLength(text), setCookie };
}

/** How long `work` takes, in milliseconds. */
export async function timeOne(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * `reads` sequential GETs of `urlPath` with one client: the median milliseconds, the body's bytes
 * (JSON or not) and the median of a `Server-Timing: <metric>;dur=...` the server sends, if any.
 */
export async function timeGets(baseUrl, urlPath, cookie, { reads = 21, metric = null } = {}) {
  const times = [];
  const serverTimes = [];
  let bytes = 0;
  for (let i = 0; i < reads; i++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${urlPath}`, { headers: { cookie } });
    const body = Buffer.from(await response.arrayBuffer());
    times.push(performance.now() - started);
    if (!response.ok) throw new HttpFailure(`GET ${urlPath}: ${response.status} ${body}`);
    bytes = body.length;
    const timing = metric
      ? new RegExp(`${metric};dur=([0-9.]+)`).exec(response.headers.get('server-timing') ?? '')
      : null;
    if (timing) serverTimes.push(Number(timing[1]));
  }
  return {
    ms: median(times),
    bytes,
    serverMs: serverTimes.length ? median(serverTimes) : null,
  };
}

/** Signs in and answers the `assay.sid=...` cookie pair. */
export async function signIn(baseUrl, email, password) {
  const { setCookie } = await request(baseUrl, 'POST', '/api/auth/login', {
    body: { email, password },
  });
  if (!setCookie) throw new Error(`Signing in as ${email} set no session cookie`);
  return setCookie;
}

/** Runs `work(item, index)` over `items` with at most `limit` at a time. */
export async function forEachLimit(items, limit, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * The medians of paired rounds of each call with a feature off and on (`runs[name]` holds the
 * `off` and `on` autocannon results and each round's on / off ratio), for the benchmarks that
 * compare one feature's cost (--review-clock, --decisions).
 */
export function summarisePairs(calls, runs) {
  return calls.map((call) => {
    const r = runs[call.name];
    return {
      name: call.name,
      off: median(r.off.map((x) => x.reqPerSec)),
      on: median(r.on.map((x) => x.reqPerSec)),
      offP50: median(r.off.map((x) => x.p50)),
      onP50: median(r.on.map((x) => x.p50)),
      ratio: median(r.ratios),
      failures: [...r.off, ...r.on].reduce((sum, x) => sum + x.failures, 0),
    };
  });
}

/** A plain text table: `columns` are [header, align ('l' or 'r')]. */
export function formatTable(columns, rows) {
  const widths = columns.map(([header], i) =>
    Math.max(header.length, ...rows.map((row) => String(row[i]).length)),
  );
  const line = (cells) =>
    cells
      .map((cell, i) =>
        columns[i][1] === 'l' ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]),
      )
      .join('  ');
  return [
    line(columns.map(([header]) => header)),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map(line),
  ].join('\n');
}

/** An autocannon request with this session cookie (and `extra` fields: path, headers, body). */
export const withCookie = (req, cookie, extra = {}) => ({
  ...req,
  ...extra,
  headers: { ...req.headers, cookie, ...(extra.headers ?? {}) },
});

/**
 * One autocannon round of `call` ({baseUrl, method, path, setup}) against its server: the
 * average req/s, p50 and p99 latency, and how many requests failed.
 */
export async function loadOnce(call, duration, connections) {
  const result = await autocannon({
    url: call.baseUrl,
    connections,
    duration,
    requests: [{ method: call.method, path: call.path, setupRequest: call.setup }],
  });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
