// `npm run bench [-- options]`: the load benchmark of issue 7.
//
// Builds if stale, starts the production server (embedded PostgreSQL on a fresh DATA_DIR, or a
// fresh database on the DATABASE_URL server), seeds a review cycle THROUGH THE HTTP API, loads
// the hot calls with autocannon next to a floor route of the same server, and prints req/s,
// latency, response size, the ratio to the floor and the server's peak RSS. Writes
// bench/results/latest.json (bench/results/embedded-vs-external.json for that comparison).
//
// Backup and restore (issue 20), after the decision support and before the export adds reviewers
// (so at the seeded cycle, 200 x 50 by default): the archive's size and the time of the admin's
// download, of `npm run backup` while the server runs, and of `npm run restore` into a new
// database.
//
// Options:
//   --reviewers N         reviewers in the cycle (default 200); each reviews and comments on
//                         each of the 50 published opportunities
//   --duration S          seconds per round of one call (default 5)
//   --rounds N            rounds per call, interleaved (default 3); figures are medians
//   --connections N       autocannon connections (default 32)
//   --export-rows N       after the load, add reviewers (reviews only) until N reviews exist and
//                         measure the server's RSS while one client exports them (default 50000;
//                         0 measures the export of what exists)
//   --node-flags="F ..."  flags for the server's node process (e.g. --node-flags=--max-semi-space-size=4),
//                         to see how V8 settings move the figures; none by default, as `npm start`
//   --results-only        after seeding, only the decision-support figures (below), without the
//                         table of calls and the export memory
//   --embedded-vs-external  only the reviewer list and the save (and the floor), against the
//                         embedded database and against DATABASE_URL (default
//                         postgresql://postgres@127.0.0.1:5432/postgres), and their ratio
//   --review-clock        only the figures of issue 34 (bench/review-clock.mjs): the clock's
//                         reads, the save and list with the clock off and on, a reminder batch
//                         to every reviewer, and saves refused at the deadline
//   --decisions           only the figures of issue 35 (bench/decisions.mjs): the decisions list
//                         with none and with 50, the panel, the letter editor and the rendered
//                         letter, the PUT and a release of 50 with letters, and the reviewer's
//                         list, detail and save with show_decisions_to_reviewers off and on
//   --discussion          only the figures of issue 36 (bench/discussion.mjs): a thread of 500
//                         posts written and read in one request, the unread counts, the save
//                         quiet and while reviewers post, and the digests that follow
//   --ballot              only the figures of issue 37 (bench/ballot.mjs): every reviewer's
//                         ballot saved over 10 finalists, and the count (Schulze, Borda, 1,000
//                         resamples) read by an admin
//   --review-cycle        only the figures of issue 18 (bench/review-cycle.mjs): auto-assign's
//                         preview at N x 50, k = 10, and the reviewer's list, detail and save in
//                         'assigned' mode next to 'open' mode
//
// Decision support (issue 19), after the table: the median latency of GET /api/admin/results with
// one client, and the reviewers' save throughput (--connections) alone and while an admin reloads
// Results every second, `--rounds` rounds of `--duration` s each, interleaved.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ballotBenchmark } from './ballot.mjs';
import { decisionsBenchmark } from './decisions.mjs';
import { discussionBenchmark } from './discussion.mjs';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  buildIfStale,
  createScratchDatabase,
  formatTable,
  median,
  OPPORTUNITIES,
  request,
  root,
  rssMb,
  SEED_CONCURRENCY,
  scoresFor,
  seedOpportunities,
  seedReviewers,
  seedWork,
  settleDatabase,
  signIn,
  sleep,
  startMemorySampler,
  startServer,
} from './lib.mjs';
import { REVIEW_CLOCK_POLL_SECONDS, reviewClockBenchmark } from './review-clock.mjs';
import { reviewCycleBenchmark } from './review-cycle.mjs';

const { values: args } = parseArgs({
  options: {
    reviewers: { type: 'string', default: '200' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    'export-rows': { type: 'string', default: '50000' },
    'embedded-vs-external': { type: 'boolean', default: false },
    'results-only': { type: 'boolean', default: false },
    'review-cycle': { type: 'boolean', default: false },
    'review-clock': { type: 'boolean', default: false },
    decisions: { type: 'boolean', default: false },
    discussion: { type: 'boolean', default: false },
    ballot: { type: 'boolean', default: false },
    'node-flags': { type: 'string', default: '' },
  },
});
const options = {
  reviewers: Number(args.reviewers),
  duration: Number(args.duration),
  rounds: Number(args.rounds),
  connections: Number(args.connections),
  exportRows: Number(args['export-rows']),
};
for (const [name, value] of Object.entries(options)) {
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
}

const WARMUP_SECONDS = 1;

/**
 * Targets as a share of the floor's req/s: the reads of issue 7 against the select-1 floor; the
 * reviews export (issue 17) against the floor that copies the same rows untransformed.
 */
const TARGETS = { read: 0.6, save: 0.4, analytics: 0.25, export: 0.5 };
/** The floor each kind is measured against (any other kind: the select-1 floor). */
const FLOOR_OF = { export: 'export-floor' };
/** Targets of issue 19: results latency with one client, and the save throughput it may cost. */
const RESULTS_TARGETS = { p50Ms: 150, saveDrop: 0.1 };
const RESULTS_RELOAD_MS = 1000;
const RESULTS_AFTER_CHANGE_READS = 9;

const log = (message) => console.log(message);
const mb = (value) => `${value.toFixed(0)} MB`;

// --- Seeding through the API ----------------------------------------------------------------------

async function seedCycle(server, reviewers) {
  const adminCookie = await signIn(server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  let started = performance.now();
  const opportunityIds = await seedOpportunities(server.baseUrl, adminCookie);
  const opportunitySeconds = (performance.now() - started) / 1000;
  log(
    `  ${OPPORTUNITIES} opportunities created and published in ${opportunitySeconds.toFixed(1)} s`,
  );
  started = performance.now();
  const cookies = await seedReviewers(server.baseUrl, adminCookie, 0, reviewers);
  const accountSeconds = (performance.now() - started) / 1000;
  log(`  ${reviewers} reviewers created and signed in in ${accountSeconds.toFixed(1)} s`);
  const work = await seedWork(server.baseUrl, cookies, opportunityIds, { comments: true });
  log(
    `  ${work.writes} reviews and comments saved in ${work.seconds.toFixed(1)} s: ` +
      `${work.writesPerSecond.toFixed(0)} writes/s (${SEED_CONCURRENCY} in flight)`,
  );
  started = performance.now();
  await settleDatabase(server);
  log(`  vacuum (analyze) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return {
    adminCookie,
    cookies,
    opportunityIds,
    seeding: {
      opportunities: OPPORTUNITIES,
      opportunitySeconds,
      reviewers,
      accountSeconds,
      accountsPerSecond: reviewers / accountSeconds,
      writes: work.writes,
      writeSeconds: work.seconds,
      writesPerSecond: work.writesPerSecond,
    },
  };
}

// --- Load -----------------------------------------------------------------------------------------

/** The calls of issue 7; `kind` picks the target. */
function defineCalls({ cookies, adminCookie, opportunityIds, floorBytes }) {
  let next = 0;
  const reviewer = () => cookies[next++ % cookies.length];
  const opportunity = () => opportunityIds[next % opportunityIds.length];
  return [
    { name: 'floor (select 1)', kind: 'floor', path: `/api/bench/floor?bytes=${floorBytes}` },
    {
      name: 'GET /api/auth/me',
      kind: 'read',
      path: '/api/auth/me',
      setup: (req) => ({ ...req, headers: { ...req.headers, cookie: reviewer() } }),
    },
    {
      name: 'GET /api/reviewer/opportunities',
      kind: 'read',
      path: '/api/reviewer/opportunities',
      setup: (req) => ({ ...req, headers: { ...req.headers, cookie: reviewer() } }),
    },
    {
      name: 'GET /api/reviewer/opportunities/{id}',
      kind: 'read',
      path: `/api/reviewer/opportunities/${opportunityIds[0]}`,
      setup: (req) => {
        const cookie = reviewer();
        return {
          ...req,
          path: `/api/reviewer/opportunities/${opportunity()}`,
          headers: { ...req.headers, cookie },
        };
      },
    },
    {
      name: 'POST /api/reviewer/reviews',
      kind: 'save',
      method: 'POST',
      path: '/api/reviewer/reviews',
      setup: (req) => {
        const cookie = reviewer();
        const i = next;
        return {
          ...req,
          headers: { ...req.headers, cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ opportunityId: opportunity(), ...scoresFor(i, i >> 3) }),
        };
      },
    },
    { name: 'GET /api/admin/stats', kind: 'read', path: '/api/admin/stats', admin: true },
    {
      name: 'GET /api/admin/analytics/opportunities',
      kind: 'analytics',
      path: '/api/admin/analytics/opportunities',
      admin: true,
    },
    {
      name: 'GET /api/admin/analytics/heatmap',
      kind: 'analytics',
      path: '/api/admin/analytics/heatmap',
      admin: true,
    },
    {
      name: 'GET /api/admin/results',
      kind: 'results',
      path: '/api/admin/results',
      admin: true,
    },
    {
      name: 'floor (COPY reviews as CSV)',
      kind: 'export-floor',
      path: '/api/bench/floor/export/reviews',
    },
    {
      name: 'GET /api/admin/export/reviews',
      kind: 'export',
      path: '/api/admin/export/reviews',
      admin: true,
    },
  ].map((call) => ({
    method: 'GET',
    ...call,
    headers: call.admin ? { cookie: adminCookie } : {},
    setup: call.setup ?? ((req) => req),
  }));
}

/** Response bytes of one call (the body as a client receives it, before compression). */
async function responseBytes(baseUrl, call) {
  const req = call.setup({ method: call.method, path: call.path, headers: { ...call.headers } });
  const response = await fetch(`${baseUrl}${req.path}`, {
    method: req.method,
    headers: req.headers,
    body: req.body,
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${call.name}: ${response.status} ${body.toString()}`);
  return body.length;
}

async function loadOnce(baseUrl, call, duration, connections) {
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration,
    requests: [
      { method: call.method, path: call.path, headers: call.headers, setupRequest: call.setup },
    ],
  });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Warm-up, then `rounds` rounds of every call in turn (so drift spreads over all of them). */
async function loadCalls(server, sampler, calls, { rounds, duration, connections }) {
  for (const call of calls) {
    call.bytes = await responseBytes(server.baseUrl, call);
    call.runs = [];
    call.peakServerRss = 0;
    call.peakPostgresPss = 0;
    await loadOnce(server.baseUrl, call, WARMUP_SECONDS, connections);
  }
  for (let round = 1; round <= rounds; round++) {
    for (const call of calls) {
      const peaks = sampler.window();
      const run = await loadOnce(server.baseUrl, call, duration, connections);
      const peak = peaks();
      call.runs.push(run);
      call.peakServerRss = Math.max(call.peakServerRss, peak.server);
      call.peakPostgresPss = Math.max(call.peakPostgresPss, peak.postgresPss);
      process.stdout.write(
        `  round ${round}/${rounds} ${call.name}: ${run.reqPerSec.toFixed(0)} req/s` +
          `${run.non2xx || run.errors ? ` (${run.non2xx} non-2xx, ${run.errors} errors)` : ''}\n`,
      );
    }
  }
  const floorReqPerSec = (kind) =>
    median(calls.find((call) => call.kind === kind).runs.map((run) => run.reqPerSec));
  return calls.map((call) => {
    const reqPerSec = median(call.runs.map((run) => run.reqPerSec));
    const floorKind = FLOOR_OF[call.kind] ?? 'floor';
    const ratio = reqPerSec / floorReqPerSec(floorKind);
    const target = TARGETS[call.kind];
    return {
      name: call.name,
      kind: call.kind,
      reqPerSec,
      p50: median(call.runs.map((run) => run.p50)),
      p99: median(call.runs.map((run) => run.p99)),
      bytes: call.bytes,
      floor: calls.find((other) => other.kind === floorKind).name,
      ownFloor: floorKind !== 'floor',
      ratioToFloor: ratio,
      target: target ?? null,
      targetMet: target === undefined ? null : ratio >= target,
      peakServerRssMb: call.peakServerRss,
      peakPostgresPssMb: call.peakPostgresPss,
      failures: call.runs.reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0),
      rounds: call.runs,
    };
  });
}

function printCalls(results) {
  log(
    formatTable(
      [
        ['call', 'l'],
        ['req/s', 'r'],
        ['p50 ms', 'r'],
        ['p99 ms', 'r'],
        ['bytes', 'r'],
        ['x floor', 'r'],
        ['target', 'r'],
        ['server RSS', 'r'],
        ['failed', 'r'],
      ],
      results.map((r) => [
        r.name,
        r.reqPerSec.toFixed(0),
        r.p50.toFixed(1),
        r.p99.toFixed(1),
        r.bytes,
        `${(r.ratioToFloor * 100).toFixed(0)}%${r.ownFloor ? ' *' : ''}`,
        r.target === null ? '' : `${r.target * 100}% ${r.targetMet ? 'met' : 'MISSED'}`,
        mb(r.peakServerRssMb),
        r.failures,
      ]),
    ),
  );
  for (const r of results.filter((result) => result.ownFloor)) {
    log(`* ${r.name}: x ${r.floor} (the same rows untransformed), not x select 1`);
  }
}

// --- Export memory --------------------------------------------------------------------------------

async function exportMemory(server, cycle, wanted) {
  const existing = cycle.cookies.length * OPPORTUNITIES;
  let seeded = null;
  if (wanted > existing) {
    const extra = Math.ceil((wanted - existing) / OPPORTUNITIES);
    log(`  adding ${extra} reviewers with reviews only, to reach ${wanted} reviews...`);
    const started = performance.now();
    const cookies = await seedReviewers(
      server.baseUrl,
      cycle.adminCookie,
      cycle.cookies.length,
      extra,
    );
    const work = await seedWork(server.baseUrl, cookies, cycle.opportunityIds, {
      comments: false,
      offset: cycle.cookies.length,
    });
    seeded = {
      reviewers: extra,
      seconds: (performance.now() - started) / 1000,
      writesPerSecond: work.writesPerSecond,
    };
    log(
      `  ${work.writes} more reviews in ${seeded.seconds.toFixed(1)} s ` +
        `(${work.writesPerSecond.toFixed(0)} writes/s)`,
    );
  }
  await sleep(2000);
  const before = rssMb(server.pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 100);
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/admin/export/reviews`, {
    headers: { cookie: cycle.adminCookie },
  });
  if (!response.ok) throw new Error(`export: ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  await sleep(1000);
  clearInterval(timer);
  const after = rssMb(server.pid);
  peak = Math.max(peak, after);
  return {
    reviews: Math.max(wanted, existing),
    csvLines: lines,
    bytes,
    seconds,
    rssBeforeMb: before,
    rssPeakMb: peak,
    rssAfterMb: after,
    growthMb: peak - before,
    targetMet: peak - before < 50,
    seeded,
  };
}

// --- Decision support (issue 19) ----------------------------------------------------------------

/** An admin with the Results screen open, reloading it every second until stopped. */
function startResultsReloader(baseUrl, adminCookie) {
  const latencies = [];
  let failures = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      try {
        const response = await fetch(`${baseUrl}/api/admin/results`, {
          headers: { cookie: adminCookie },
        });
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - started);
        else failures++;
      } catch {
        failures++;
      }
      const wait = RESULTS_RELOAD_MS - (performance.now() - started);
      if (wait > 0 && !stopped) await sleep(wait);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return { reloads: latencies.length, failures, p50: latencies.length ? median(latencies) : 0 };
  };
}

/**
 * Results latency with one client, then the save throughput alone and with the admin reloading
 * Results, in interleaved rounds so that drift (other load on the machine) hits both alike.
 */
async function decisionSupport(server, cycle, { rounds, duration, connections }) {
  const [resultsCall, saveCall] = ['results', 'save'].map((kind) =>
    defineCalls({ ...cycle, floorBytes: 0 }).find((call) => call.kind === kind),
  );
  const bytes = await responseBytes(server.baseUrl, resultsCall);
  await loadOnce(server.baseUrl, resultsCall, WARMUP_SECONDS, 1);
  const latency = [];
  for (let round = 1; round <= rounds; round++) {
    const run = await loadOnce(server.baseUrl, resultsCall, duration, 1);
    latency.push(run);
    log(
      `  round ${round}/${rounds} GET /api/admin/results, 1 client: p50 ${run.p50.toFixed(1)} ms, ` +
        `${run.reqPerSec.toFixed(1)} req/s`,
    );
  }
  // The server reuses the previous answer while the data is unchanged: time the reads that
  // follow a change too (a save that moves one score), which compute the results afresh.
  const afterChange = [];
  for (let k = 0; k < RESULTS_AFTER_CHANGE_READS; k++) {
    await request(server.baseUrl, 'POST', '/api/reviewer/reviews', {
      cookie: cycle.cookies[0],
      body: { opportunityId: cycle.opportunityIds[0], ...scoresFor(k, k + 1) },
    });
    const started = performance.now();
    await request(server.baseUrl, 'GET', '/api/admin/results', { cookie: cycle.adminCookie });
    afterChange.push(performance.now() - started);
  }
  log(
    `  GET /api/admin/results after a save, ${RESULTS_AFTER_CHANGE_READS} times: ` +
      `median ${median(afterChange).toFixed(1)} ms`,
  );
  await loadOnce(server.baseUrl, saveCall, WARMUP_SECONDS, connections);
  const alone = [];
  const withResults = [];
  const reloads = [];
  for (let round = 1; round <= rounds; round++) {
    // Alternate which goes first, so that drift over the rounds hits both alike.
    const measureQuiet = () => loadOnce(server.baseUrl, saveCall, duration, connections);
    const measureBusy = async () => {
      const stopReloading = startResultsReloader(server.baseUrl, cycle.adminCookie);
      const run = await loadOnce(server.baseUrl, saveCall, duration, connections);
      return { run, reloaded: await stopReloading() };
    };
    let quiet;
    let busy;
    if (round % 2) {
      quiet = await measureQuiet();
      busy = await measureBusy();
    } else {
      busy = await measureBusy();
      quiet = await measureQuiet();
    }
    const reloaded = busy.reloaded;
    busy = busy.run;
    alone.push(quiet);
    withResults.push(busy);
    reloads.push(reloaded);
    log(
      `  round ${round}/${rounds} saves: ${quiet.reqPerSec.toFixed(0)} req/s alone, ` +
        `${busy.reqPerSec.toFixed(0)} req/s with ${reloaded.reloads} reloads of Results ` +
        `(p50 ${reloaded.p50.toFixed(0)} ms)`,
    );
  }
  const summary = (runs) => ({
    reqPerSec: median(runs.map((run) => run.reqPerSec)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    failures: runs.reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0),
  });
  const saves = { alone: summary(alone), withResults: summary(withResults) };
  const drop = 1 - saves.withResults.reqPerSec / saves.alone.reqPerSec;
  const p50 = median(latency.map((run) => run.p50));
  return {
    reviews: cycle.cookies.length * OPPORTUNITIES,
    bytes,
    oneClient: {
      p50,
      p99: median(latency.map((run) => run.p99)),
      reqPerSec: median(latency.map((run) => run.reqPerSec)),
      targetMet: p50 < RESULTS_TARGETS.p50Ms,
      rounds: latency,
    },
    afterChange: { median: median(afterChange), reads: afterChange },
    saves: {
      connections,
      ...saves,
      drop,
      targetMet: drop < RESULTS_TARGETS.saveDrop,
      reloadsPerRound: reloads,
      rounds: { alone, withResults },
    },
  };
}

function printDecisionSupport(figures) {
  const { oneClient, saves } = figures;
  log(
    `  GET /api/admin/results at ${figures.reviews} reviews (${figures.bytes} bytes), one client: ` +
      `p50 ${oneClient.p50.toFixed(1)} ms, p99 ${oneClient.p99.toFixed(1)} ms ` +
      `(target p50 < ${RESULTS_TARGETS.p50Ms} ms: ${oneClient.targetMet ? 'met' : 'MISSED'}); ` +
      `the first read after a save (computed afresh): median ${figures.afterChange.median.toFixed(1)} ms`,
  );
  log(
    `  saves (${saves.connections} connections): ${saves.alone.reqPerSec.toFixed(0)} req/s ` +
      `(p50 ${saves.alone.p50.toFixed(1)} / p99 ${saves.alone.p99.toFixed(1)} ms) alone, ` +
      `${saves.withResults.reqPerSec.toFixed(0)} req/s ` +
      `(p50 ${saves.withResults.p50.toFixed(1)} / p99 ${saves.withResults.p99.toFixed(1)} ms) ` +
      `with an admin reloading Results every second: ${(saves.drop * 100).toFixed(1)}% drop ` +
      `(target < ${RESULTS_TARGETS.saveDrop * 100}%: ${saves.targetMet ? 'met' : 'MISSED'})`,
  );
}

// --- Scenarios ------------------------------------------------------------------------------------

async function withServer(databaseUrl, label, work, env = {}) {
  let scratch;
  if (databaseUrl) {
    scratch = await createScratchDatabase(databaseUrl, label === 'external' ? '' : `_${label}`);
    log(`Database: fresh ${scratch.name} on ${new URL(databaseUrl).host}`);
  } else {
    log('Database: embedded PostgreSQL on a fresh DATA_DIR');
  }
  const server = await startServer({
    databaseUrl: scratch?.url,
    env: { BENCH_FLOOR: '1', ...env },
    label,
    nodeArgs: args['node-flags'].split(/\s+/).filter(Boolean),
  });
  const sampler = startMemorySampler(server.pid);
  try {
    return await work(server, sampler);
  } finally {
    sampler.stop();
    await server.stop();
    await scratch?.drop();
  }
}

function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    loadAverage: os.loadavg(),
  };
}

function writeResults(results, name = 'latest.json') {
  const dir = path.join(root, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  log(`\nFigures written to ${path.relative(process.cwd(), file)}`);
}

async function mainBenchmark() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  return withServer(databaseUrl, 'external', async (server, sampler) => {
    log(`Seeding ${options.reviewers} reviewers x ${OPPORTUNITIES} opportunities via the API...`);
    const cycle = await seedCycle(server, options.reviewers);
    if (args['results-only']) {
      log(`\nDecision support: ${options.rounds} rounds x ${options.duration} s...`);
      const decision = await decisionSupport(server, cycle, options);
      log('');
      printDecisionSupport(decision);
      writeResults(
        {
          kind: 'results',
          at: new Date().toISOString(),
          database: databaseUrl ? 'external' : 'embedded',
          options,
          machine: machine(),
          seeding: cycle.seeding,
          decisionSupport: decision,
        },
        'results.json',
      );
      return;
    }
    const listBytes = (
      await request(server.baseUrl, 'GET', '/api/reviewer/opportunities', {
        cookie: cycle.cookies[0],
      })
    ).bytes;
    const calls = defineCalls({ ...cycle, floorBytes: listBytes });
    log(
      `\nLoad: ${options.connections} connections, ${options.rounds} rounds x ` +
        `${options.duration} s per call (after ${WARMUP_SECONDS} s warm-up)...`,
    );
    const loadWindow = sampler.window();
    const results = await loadCalls(server, sampler, calls, options);
    const loadPeaks = loadWindow();
    log('');
    printCalls(results);
    log(
      `\nServer process peak RSS: ${mb(sampler.state.server.peak)} overall, ` +
        `${mb(loadPeaks.server)} under load (target < 250 MB: ` +
        `${loadPeaks.server < 250 ? 'met' : 'MISSED'})`,
    );
    if (!databaseUrl) {
      log(
        `Embedded PostgreSQL (${sampler.state.postgres.processes} processes): peak PSS ` +
          `${mb(sampler.state.postgres.peakPss)}, peak summed RSS ` +
          `${mb(sampler.state.postgres.peakRss)} (shared buffers counted once per process)`,
      );
    }

    log('\nDecision support (issue 19):');
    const decision = await decisionSupport(server, cycle, options);
    printDecisionSupport(decision);

    const backup = await backupFigures(server, cycle);

    log('\nExport memory:');
    const exported = await exportMemory(server, cycle, options.exportRows);
    log(
      `  exporting ${exported.reviews} reviews (${exported.csvLines} CSV lines, ` +
        `${(exported.bytes / 1024 / 1024).toFixed(1)} MB) took ${exported.seconds.toFixed(1)} s; ` +
        `server RSS ${mb(exported.rssBeforeMb)} before, ${mb(exported.rssPeakMb)} peak, ` +
        `${mb(exported.rssAfterMb)} after: grew ${exported.growthMb.toFixed(1)} MB ` +
        `(target < 50 MB: ${exported.targetMet ? 'met' : 'MISSED'})`,
    );
    if (exported.reviews < 50_000) {
      log(`  (fewer than 50,000 reviews: run with --export-rows 50000 for the issue's figure)`);
    }

    writeResults({
      kind: 'bench',
      at: new Date().toISOString(),
      database: databaseUrl ? 'external' : 'embedded',
      options,
      nodeFlags: args['node-flags'],
      machine: machine(),
      seeding: cycle.seeding,
      calls: results,
      decisionSupport: decision,
      backup,
      memory: {
        serverPeakRssMb: sampler.state.server.peak,
        serverPeakRssUnderLoadMb: loadPeaks.server,
        serverRssTargetMet: loadPeaks.server < 250,
        postgresPeakPssMb: databaseUrl ? null : sampler.state.postgres.peakPss,
        postgresPeakSummedRssMb: databaseUrl ? null : sampler.state.postgres.peakRss,
        export: exported,
      },
    });
  });
}

async function embeddedVersusExternal() {
  const externalUrl = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
  const measured = {};
  for (const [label, url] of [
    ['embedded', undefined],
    ['external', externalUrl],
  ]) {
    log(`\n== ${label} ==`);
    measured[label] = await withServer(url, label, async (server, sampler) => {
      log(`Seeding ${options.reviewers} reviewers x ${OPPORTUNITIES} opportunities via the API...`);
      const cycle = await seedCycle(server, options.reviewers);
      const listBytes = (
        await request(server.baseUrl, 'GET', '/api/reviewer/opportunities', {
          cookie: cycle.cookies[0],
        })
      ).bytes;
      const calls = defineCalls({ ...cycle, floorBytes: listBytes }).filter(
        (call) =>
          ['floor', 'save'].includes(call.kind) || call.name === 'GET /api/reviewer/opportunities',
      );
      const results = await loadCalls(server, sampler, calls, options);
      return { seeding: cycle.seeding, calls: results };
    });
  }
  log('');
  const rows = measured.embedded.calls.map((embedded) => {
    const external = measured.external.calls.find((call) => call.name === embedded.name);
    return [
      embedded.name,
      embedded.reqPerSec.toFixed(0),
      `${embedded.p50.toFixed(1)} / ${embedded.p99.toFixed(1)}`,
      external.reqPerSec.toFixed(0),
      `${external.p50.toFixed(1)} / ${external.p99.toFixed(1)}`,
      (external.reqPerSec / embedded.reqPerSec).toFixed(2),
    ];
  });
  rows.push([
    'seeding writes/s',
    measured.embedded.seeding.writesPerSecond.toFixed(0),
    '',
    measured.external.seeding.writesPerSecond.toFixed(0),
    '',
    (measured.external.seeding.writesPerSecond / measured.embedded.seeding.writesPerSecond).toFixed(
      2,
    ),
  ]);
  log(
    formatTable(
      [
        ['call', 'l'],
        ['embedded req/s', 'r'],
        ['p50 / p99 ms', 'r'],
        ['external req/s', 'r'],
        ['p50 / p99 ms', 'r'],
        ['external / embedded', 'r'],
      ],
      rows,
    ),
  );
  writeResults(
    {
      kind: 'embedded-vs-external',
      at: new Date().toISOString(),
      external: new URL(externalUrl).host,
      options,
      machine: machine(),
      ...measured,
    },
    'embedded-vs-external.json',
  );
}

// --- Review-cycle control (issue 18) ---------------------------------------------------------------

async function reviewCycle() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  await withServer(databaseUrl, 'external', async (server) => {
    const figures = await reviewCycleBenchmark(server, options);
    writeResults(
      {
        kind: 'review-cycle',
        at: new Date().toISOString(),
        database: databaseUrl ? 'external' : 'embedded',
        options,
        machine: machine(),
        ...figures,
      },
      'review-cycle.json',
    );
  });
}

// --- The review clock (issue 34) -----------------------------------------------------------------

async function reviewClock() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  await withServer(
    databaseUrl,
    'external',
    async (server) => {
      const figures = await reviewClockBenchmark(server, options);
      writeResults(
        {
          kind: 'review-clock',
          at: new Date().toISOString(),
          database: databaseUrl ? 'external' : 'embedded',
          options,
          machine: machine(),
          ...figures,
        },
        'review-clock.json',
      );
    },
    { REVIEW_CLOCK_POLL_SECONDS },
  );
}

// --- Decisions and letters (issue 35) ------------------------------------------------------------

async function decisions() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  await withServer(databaseUrl, 'external', async (server) => {
    const figures = await decisionsBenchmark(server, options);
    writeResults(
      {
        kind: 'decisions',
        at: new Date().toISOString(),
        database: databaseUrl ? 'external' : 'embedded',
        options,
        machine: machine(),
        ...figures,
      },
      options.reviewers === 200 ? 'decisions.json' : `decisions-${options.reviewers}.json`,
    );
  });
}

// --- Deliberation (issue 36) ---------------------------------------------------------------------

async function discussion() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  await withServer(
    databaseUrl,
    'external',
    async (server) => {
      const figures = await discussionBenchmark(server, options);
      writeResults(
        {
          kind: 'discussion',
          at: new Date().toISOString(),
          database: databaseUrl ? 'external' : 'embedded',
          options,
          machine: machine(),
          ...figures,
        },
        options.reviewers === 200 ? 'discussion.json' : `discussion-${options.reviewers}.json`,
      );
    },
    { REVIEW_CLOCK_POLL_SECONDS },
  );
}

// --- Finalist ballot (issue 37) ----------------------------------------------------------------

async function ballot() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  await withServer(databaseUrl, 'external', async (server) => {
    const figures = await ballotBenchmark(server, options);
    writeResults(
      {
        kind: 'ballot',
        at: new Date().toISOString(),
        database: databaseUrl ? 'external' : 'embedded',
        options,
        machine: machine(),
        ...figures,
      },
      options.reviewers === 200 ? 'ballot.json' : `ballot-${options.reviewers}.json`,
    );
  });
}

// --- Backup and restore (issue 20) --------------------------------------------------------------

/** `node dist/server/<command>.js ...args` with `env`; answers its exit code, output and seconds. */
function runServerCommand(command, args, env) {
  const started = performance.now();
  const child = spawn(process.execPath, [`dist/server/${command}.js`, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) =>
    child.on('exit', (code) =>
      resolve({ code, output, seconds: (performance.now() - started) / 1000 }),
    ),
  );
}

/** The seconds a backup or restore command reports for its own work ("... in 1.2 s."). */
const reportedSeconds = (output) => Number(/ in ([\d.]+) s\./.exec(output)?.[1] ?? Number.NaN);

/**
 * The full backup of the seeded cycle: downloaded by the admin (bytes and time to the last byte),
 * written by `npm run backup` while the server runs, and loaded by `npm run restore` into a new
 * DATA_DIR (or a new database on the DATABASE_URL server).
 */
async function backupFigures(server, cycle) {
  log('\nBackup and restore:');
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/admin/backup`, {
    headers: { cookie: cycle.adminCookie },
  });
  if (!response.ok) throw new Error(`backup: ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  const download = { bytes, seconds: (performance.now() - started) / 1000 };

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-bench-backup-'));
  const target = server.databaseUrl
    ? await createScratchDatabase(process.env.DATABASE_URL, '_restore')
    : null;
  try {
    const file = path.join(folder, 'bench.jsonl.gz');
    const source = server.databaseUrl
      ? { DATA_DIR: folder, DATABASE_URL: server.databaseUrl }
      : { DATA_DIR: server.dataDir };
    const backedUp = await runServerCommand('backup', [file], source);
    if (backedUp.code !== 0) throw new Error(`npm run backup failed:\n${backedUp.output}`);
    const cli = {
      rows: Number(/Backed up (\d+) rows/.exec(backedUp.output)?.[1] ?? Number.NaN),
      bytes: fs.statSync(file).size,
      seconds: reportedSeconds(backedUp.output),
      processSeconds: backedUp.seconds,
    };
    const destination = target
      ? { DATA_DIR: folder, DATABASE_URL: target.url }
      : { DATA_DIR: path.join(folder, 'restored') };
    const restored = await runServerCommand('restore', [file], destination);
    if (restored.code !== 0) throw new Error(`npm run restore failed:\n${restored.output}`);
    const restore = { seconds: reportedSeconds(restored.output), processSeconds: restored.seconds };
    const megabytes = (value) => `${(value / 1024 / 1024).toFixed(2)} MB`;
    log(
      `  GET /api/admin/backup: ${megabytes(download.bytes)} in ${download.seconds.toFixed(2)} s ` +
        `(${cli.rows} rows)`,
    );
    log(
      `  npm run backup while the server runs: ${megabytes(cli.bytes)} in ${cli.seconds.toFixed(1)} s ` +
        `(${cli.processSeconds.toFixed(1)} s with starting Node)`,
    );
    log(
      `  npm run restore into a new ${target ? 'database' : 'DATA_DIR'}: ${restore.seconds.toFixed(1)} s ` +
        `(${restore.processSeconds.toFixed(1)} s with starting Node${target ? '' : ' and a new cluster'})`,
    );
    return { download, cli, restore };
  } finally {
    await target?.drop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

const started = Date.now();
buildIfStale();
log(`Machine: ${os.cpus().length} CPUs, Node ${process.version}`);
if (args['embedded-vs-external']) await embeddedVersusExternal();
else if (args['review-cycle']) await reviewCycle();
else if (args['review-clock']) await reviewClock();
else if (args.decisions) await decisions();
else if (args.discussion) await discussion();
else if (args.ballot) await ballot();
else await mainBenchmark();
log(`Done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
