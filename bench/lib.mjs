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
const ACCOUNT_CONCURRENCY = 8; // creating and signing in hash passwords (argon2id) on the server

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
function startNodeFlags() {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
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
  const child = spawn(process.execPath, [...startNodeFlags(), ...nodeArgs, 'dist/server/main.js'], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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

// --- Memory -------------------------------------------------------------------------------------

function readKb(file, field) {
  try {
    const match = fs.readFileSync(file, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0; // the process is gone
  }
}

/** Resident set size of one process, in MB (0 when it is gone). */
export const rssMb = (pid) => readKb(`/proc/${pid}/status`, 'VmRSS') / 1024;

/** Every descendant of `pid` (the embedded postmaster and its backends, for the server). */
export function descendantsOf(pid) {
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
    } catch {}
  }
  const found = [];
  let frontier = [pid];
  while (frontier.length) {
    const next = [];
    for (const [child, parent] of parents) if (frontier.includes(parent)) next.push(child);
    found.push(...next);
    frontier = next;
  }
  return found;
}

/**
 * Samples the server's RSS every 100 ms, and its descendants' (embedded PostgreSQL) RSS and PSS
 * every 500 ms. RSS summed over PostgreSQL processes counts shared buffers once per process;
 * PSS shares them out and is the fairer total.
 */
export function startMemorySampler(pid) {
  const state = {
    server: { peak: 0, last: 0 },
    postgres: { peakRss: 0, peakPss: 0, lastRss: 0, lastPss: 0, processes: 0 },
  };
  const windows = new Set();
  let ticks = 0;
  const sample = () => {
    const server = rssMb(pid);
    state.server.last = server;
    state.server.peak = Math.max(state.server.peak, server);
    for (const window of windows) window.server = Math.max(window.server, server);
    if (ticks++ % 5 === 0) {
      let rss = 0;
      let pss = 0;
      const children = descendantsOf(pid);
      for (const child of children) {
        rss += rssMb(child);
        pss += readKb(`/proc/${child}/smaps_rollup`, 'Pss') / 1024;
      }
      Object.assign(state.postgres, {
        lastRss: rss,
        lastPss: pss,
        processes: children.length,
        peakRss: Math.max(state.postgres.peakRss, rss),
        peakPss: Math.max(state.postgres.peakPss, pss),
      });
      for (const window of windows) {
        window.postgresRss = Math.max(window.postgresRss, rss);
        window.postgresPss = Math.max(window.postgresPss, pss);
      }
    }
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    state,
    /** Starts a window (windows may overlap); the returned function ends it with its peaks. */
    window() {
      const window = { server: state.server.last, postgresRss: 0, postgresPss: 0 };
      windows.add(window);
      return () => {
        windows.delete(window);
        return { ...window };
      };
    },
    stop: () => clearInterval(timer),
  };
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

// --- Seeding through the API ------------------------------------------------------------------

/** Writes in flight while seeding reviews and comments. */
export const SEED_CONCURRENCY = 32;

/** Creates and publishes the `count` (default 50) opportunities of a cycle; answers their ids. */
export async function seedOpportunities(baseUrl, adminCookie, count = OPPORTUNITIES) {
  const ids = new Array(count);
  const numbers = Array.from({ length: count }, (_, i) => i + 1);
  await forEachLimit(numbers, 4, async (number, index) => {
    const { json } = await request(baseUrl, 'POST', '/api/admin/opportunities', {
      cookie: adminCookie,
      body: {
        number,
        title: `Bench opportunity ${number}: a modular heat pump for district networks`,
        description:
          'A retrofit kit that turns existing district heating substations into reversible heat ' +
          'pumps, cutting peak gas demand while reusing the installed pipework. '.repeat(2),
        tags: ['energy', 'retrofit', `cluster-${number % 5}`],
        batch: `Batch ${(number % 3) + 1}`,
      },
    });
    await request(baseUrl, 'PATCH', `/api/admin/opportunities/${json.id}`, {
      cookie: adminCookie,
      body: { status: 'published' },
    });
    ids[index] = json.id;
  });
  return ids;
}

/** Creates reviewers `from`..`from+count-1` and signs each in; answers their cookies. */
export async function seedReviewers(baseUrl, adminCookie, from, count) {
  const indexes = Array.from({ length: count }, (_, i) => from + i);
  const cookies = new Array(count);
  await forEachLimit(indexes, ACCOUNT_CONCURRENCY, async (i, position) => {
    const email = `reviewer${i}@bench.example.com`;
    await request(baseUrl, 'POST', '/api/admin/reviewers', {
      cookie: adminCookie,
      body: { name: `Bench Reviewer ${i}`, email, password: REVIEWER_PASSWORD },
    });
    cookies[position] = await signIn(baseUrl, email, REVIEWER_PASSWORD);
  });
  return cookies;
}

/** Reviewer `i`'s scores for opportunity `j`: spread over 1-5, the same on every run. */
export const scoresFor = (i, j) => ({
  strategicAlignment: ((i + j) % 5) + 1,
  sustainability: ((i * 3 + j) % 5) + 1,
  technologyReadiness: ((i + j * 2) % 5) + 1,
  marketPotential: ((i * 7 + j * 3) % 5) + 1,
  businessPotential: ((i + j * 5 + 1) % 5) + 1,
});

/** Every reviewer saves a review (and a comment) on every opportunity; answers writes/s. */
export async function seedWork(baseUrl, cookies, opportunityIds, { comments, offset = 0 }) {
  const tasks = [];
  cookies.forEach((cookie, i) => {
    opportunityIds.forEach((opportunityId, j) => {
      tasks.push({ kind: 'review', cookie, i: i + offset, j, opportunityId });
      if (comments) tasks.push({ kind: 'comment', cookie, i: i + offset, j, opportunityId });
    });
  });
  const started = performance.now();
  await forEachLimit(tasks, SEED_CONCURRENCY, async ({ kind, cookie, i, j, opportunityId }) => {
    if (kind === 'review') {
      await request(baseUrl, 'POST', '/api/reviewer/reviews', {
        cookie,
        body: { opportunityId, ...scoresFor(i, j) },
      });
    } else {
      await request(baseUrl, 'POST', '/api/reviewer/comments', {
        cookie,
        body: {
          opportunityId,
          howToBiggerBetter: `Reviewer ${i} on opportunity ${j + 1}: partner with two utilities.`,
          challenges: 'Permitting for the substations takes long; the payback depends on prices.',
          howToGetGoing: 'Pilot in one district with an existing heat network next winter.',
          otherComments: null,
        },
      });
    }
  });
  const seconds = (performance.now() - started) / 1000;
  return { writes: tasks.length, seconds, writesPerSecond: tasks.length / seconds };
}

/**
 * A review cycle at scale through the API, as `npm run bench` seeds it: `opportunities` published
 * opportunities and `reviewers` reviewers who each review and comment on every one of them.
 * Answers the admin's and the reviewers' cookies and the opportunity ids.
 */
export async function seedReviewCycle(baseUrl, { reviewers, opportunities, log = () => {} }) {
  const adminCookie = await signIn(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  let started = performance.now();
  const opportunityIds = await seedOpportunities(baseUrl, adminCookie, opportunities);
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  log(`  ${opportunities} opportunities created and published in ${seconds()} s`);
  started = performance.now();
  const cookies = await seedReviewers(baseUrl, adminCookie, 0, reviewers);
  log(`  ${reviewers} reviewers created and signed in in ${seconds()} s`);
  const work = await seedWork(baseUrl, cookies, opportunityIds, { comments: true });
  log(`  ${work.writes} reviews and comments saved in ${work.seconds.toFixed(1)} s`);
  return { adminCookie, cookies, opportunityIds };
}

/**
 * The pages `npm run lighthouse` audits: the login page, the reviewer
 * list and a detail page (of `opportunityId`), and every admin page (web/app/router.tsx).
 */
export function measuredPages({ adminCookie, reviewerCookie, opportunityId }) {
  const admin = (name, pagePath) => ({ name, path: pagePath, cookie: adminCookie });
  return [
    { name: 'login', path: '/login' },
    { name: 'reviewer list', path: '/reviewer/opportunities', cookie: reviewerCookie },
    {
      name: 'reviewer detail',
      path: `/reviewer/opportunities/${opportunityId}`,
      cookie: reviewerCookie,
    },
    admin('admin dashboard', '/admin/dashboard'),
    admin('admin reviewers', '/admin/reviewers'),
    admin('admin opportunities', '/admin/opportunities'),
    admin('admin analytics', '/admin/analytics'),
    admin('admin results', '/admin/results'),
    admin('admin exports', '/admin/exports'),
    admin('admin assignments', '/admin/assignments'),
    admin('admin decisions', '/admin/results/decisions'),
    admin('admin decision panel', `/admin/results/decisions/${opportunityId}`),
  ];
}

/** Turns on 'Show Reviewer Comments', so that a detail page shows the other reviewers'. */
export async function showReviewerComments(baseUrl, adminCookie) {
  await request(baseUrl, 'POST', '/api/admin/settings', {
    cookie: adminCookie,
    body: { key: 'show_reviewer_comments', value: 'true' },
  });
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
