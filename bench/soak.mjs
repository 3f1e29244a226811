// `npm run bench:soak [-- options]`: the soak test of issue 8 (in the benchmark, not in CI).
//
// Starts the production server like `npm run bench` (fresh embedded database, or a fresh database
// on DATABASE_URL's server), creates 50 published opportunities and R reviewers through the API,
// then for M minutes every reviewer works at the web client's auto-save cadence (a review and its
// comments posted together, a few seconds apart, moving through the opportunities) while an admin
// reloads the dashboard and the analytics and downloads the reviews export. Prints, per interval,
// requests, errors, p50/p99 latency and the server's memory; then the totals: errors (target 0),
// p99 over time and memory growth (target flat). Writes bench/results/soak.json.
//
// Options:
//   --reviewers N     reviewers working at once (default 200)
//   --minutes N       length of the soak (default 10)
//   --save-every S    mean seconds between one reviewer's saves (default 10; each save waits
//                     between half and one and a half times this)
//   --interval S      seconds per reported interval (default 30)
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  buildIfStale,
  createScratchDatabase,
  formatTable,
  root,
  signIn,
  sleep,
  startServer,
} from './lib.mjs';
import { startMemorySampler } from './memory.mjs';
import { seedOpportunities, seedReviewers } from './seed.mjs';

const { values: args } = parseArgs({
  options: {
    reviewers: { type: 'string', default: '200' },
    minutes: { type: 'string', default: '10' },
    'save-every': { type: 'string', default: '10' },
    interval: { type: 'string', default: '30' },
  },
});
const options = {
  reviewers: Number(args.reviewers),
  minutes: Number(args.minutes),
  saveEvery: Number(args['save-every']),
  interval: Number(args.interval),
};
for (const [name, value] of Object.entries(options)) {
  if (!(value > 0)) throw new Error(`--${name} must be a positive number`);
}

const ADMIN_RELOAD_MS = 5_000;
const EXPORT_EVERY_MS = 60_000;
const ADMIN_READS = [
  '/api/admin/stats',
  '/api/admin/top-opportunities',
  '/api/admin/analytics/opportunities',
  '/api/admin/analytics/reviewers',
  '/api/admin/analytics/heatmap',
];

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

/** Requests and their outcomes, grouped by reported interval. */
class Recorder {
  constructor(startedAt, intervalMs) {
    this.startedAt = startedAt;
    this.intervalMs = intervalMs;
    this.buckets = [];
    this.errors = [];
  }

  bucket(at) {
    const index = Math.floor((at - this.startedAt) / this.intervalMs);
    this.buckets[index] ??= { saves: [], admin: [], errors: 0, memory: null };
    return this.buckets[index];
  }

  async time(kind, label, work) {
    const started = performance.now();
    let failure = null;
    try {
      const response = await work();
      if (!response.ok)
        failure = `${label}: ${response.status} ${(await response.text()).slice(0, 200)}`;
      else await response.arrayBuffer();
    } catch (error) {
      failure = `${label}: ${error.message}`;
    }
    const bucket = this.bucket(Date.now());
    bucket[kind].push(performance.now() - started);
    if (failure) {
      bucket.errors++;
      if (this.errors.length < 20) this.errors.push(failure);
    }
  }
}

const scores = () => {
  const score = () => 1 + Math.floor(Math.random() * 5);
  return {
    strategicAlignment: score(),
    sustainability: score(),
    technologyReadiness: score(),
    marketPotential: score(),
    businessPotential: score(),
  };
};

function post(baseUrl, urlPath, cookie, body) {
  return fetch(`${baseUrl}${urlPath}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** One reviewer: a save (review, then comments, as the client does) every few seconds. */
async function reviewerLoop({ baseUrl, cookie, opportunityIds, recorder, endsAt, index }) {
  let next = index % opportunityIds.length;
  let edit = 0;
  await sleep(Math.random() * options.saveEvery * 1000);
  while (Date.now() < endsAt) {
    const opportunityId = opportunityIds[next];
    edit++;
    await recorder.time('saves', 'POST /api/reviewer/reviews', () =>
      post(baseUrl, '/api/reviewer/reviews', cookie, { opportunityId, ...scores() }),
    );
    await recorder.time('saves', 'POST /api/reviewer/comments', () =>
      post(baseUrl, '/api/reviewer/comments', cookie, {
        opportunityId,
        howToBiggerBetter: `Edit ${edit}: partner with two utilities before scaling.`,
        challenges: 'Permitting for the substations takes long.',
        howToGetGoing: 'Pilot in one district next winter.',
        otherComments: null,
      }),
    );
    // A reviewer finishes an opportunity in a few saves, then moves to the next one.
    if (edit % 3 === 0) next = (next + 1) % opportunityIds.length;
    await sleep((0.5 + Math.random()) * options.saveEvery * 1000);
  }
}

/** The admin: reloads the dashboard and analytics, and downloads the reviews export. */
async function adminLoop({ baseUrl, cookie, recorder, endsAt }) {
  let lastExport = 0;
  while (Date.now() < endsAt) {
    const started = Date.now();
    for (const urlPath of ADMIN_READS) {
      await recorder.time('admin', `GET ${urlPath}`, () =>
        fetch(`${baseUrl}${urlPath}`, { headers: { cookie } }),
      );
    }
    if (Date.now() - lastExport >= EXPORT_EVERY_MS) {
      lastExport = Date.now();
      await recorder.time('admin', 'GET /api/admin/export/reviews', () =>
        fetch(`${baseUrl}/api/admin/export/reviews`, { headers: { cookie } }),
      );
    }
    await sleep(Math.max(0, ADMIN_RELOAD_MS - (Date.now() - started)));
  }
}

async function main() {
  buildIfStale();
  const external = process.env.DATABASE_URL;
  const scratch = external ? await createScratchDatabase(external, '_soak') : null;
  const server = await startServer({ databaseUrl: scratch?.url, label: 'soak server' });
  const sampler = startMemorySampler(server.pid);
  try {
    console.log(
      `Soak: ${options.reviewers} reviewers saving about every ${options.saveEvery} s and an ` +
        `admin reloading analytics for ${options.minutes} min (${external ? 'external' : 'embedded'} PostgreSQL)`,
    );
    const adminCookie = await signIn(server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const opportunityIds = await seedOpportunities(server.baseUrl, adminCookie);
    const cookies = await seedReviewers(server.baseUrl, adminCookie, 0, options.reviewers);

    const startedAt = Date.now();
    const endsAt = startedAt + options.minutes * 60_000;
    const intervalMs = options.interval * 1000;
    const recorder = new Recorder(startedAt, intervalMs);
    const memoryTimer = setInterval(() => {
      recorder.bucket(Date.now()).memory = {
        serverMb: sampler.state.server.last,
        postgresPssMb: sampler.state.postgres.lastPss,
      };
    }, 1000);
    const progress = setInterval(() => {
      const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
      console.log(`  ${minutes} min: server ${sampler.state.server.last.toFixed(0)} MB`);
    }, 60_000);
    await Promise.all([
      adminLoop({ baseUrl: server.baseUrl, cookie: adminCookie, recorder, endsAt }),
      ...cookies.map((cookie, index) =>
        reviewerLoop({ baseUrl: server.baseUrl, cookie, opportunityIds, recorder, endsAt, index }),
      ),
    ]);
    clearInterval(memoryTimer);
    clearInterval(progress);
    report(recorder, sampler);
  } finally {
    sampler.stop();
    await server.stop();
    await scratch?.drop();
  }
}

function report(recorder, sampler) {
  const rows = [];
  const intervals = [];
  recorder.buckets.forEach((bucket, index) => {
    // The memory sampler may open one more interval after the last request: not reported.
    if (!bucket || bucket.saves.length + bucket.admin.length === 0) return;
    const all = [...bucket.saves, ...bucket.admin].sort((a, b) => a - b);
    const saves = [...bucket.saves].sort((a, b) => a - b);
    const admin = [...bucket.admin].sort((a, b) => a - b);
    const figures = {
      fromSecond: index * options.interval,
      requests: all.length,
      errors: bucket.errors,
      p50Ms: percentile(all, 50),
      p99Ms: percentile(all, 99),
      saveP99Ms: percentile(saves, 99),
      adminP99Ms: percentile(admin, 99),
      serverRssMb: bucket.memory?.serverMb ?? null,
      postgresPssMb: bucket.memory?.postgresPssMb ?? null,
    };
    intervals.push(figures);
    rows.push([
      `${figures.fromSecond} s`,
      figures.requests,
      figures.errors,
      figures.p50Ms.toFixed(1),
      figures.p99Ms.toFixed(1),
      figures.saveP99Ms.toFixed(1),
      figures.adminP99Ms.toFixed(1),
      figures.serverRssMb === null ? '-' : figures.serverRssMb.toFixed(0),
      figures.postgresPssMb === null ? '-' : figures.postgresPssMb.toFixed(0),
    ]);
  });
  console.log(
    `\n${formatTable(
      [
        ['from', 'r'],
        ['requests', 'r'],
        ['errors', 'r'],
        ['p50 ms', 'r'],
        ['p99 ms', 'r'],
        ['save p99', 'r'],
        ['admin p99', 'r'],
        ['server MB', 'r'],
        ['postgres PSS MB', 'r'],
      ],
      rows,
    )}`,
  );

  const complete = intervals.filter((i) => i.serverRssMb !== null);
  const total = intervals.reduce((sum, i) => sum + i.requests, 0);
  const errors = intervals.reduce((sum, i) => sum + i.errors, 0);
  // Memory growth: the second interval (after warm-up) against the last one.
  const early = complete[Math.min(1, complete.length - 1)];
  const late = complete.at(-1);
  const growthMb = early && late ? late.serverRssMb - early.serverRssMb : 0;
  const summary = {
    options,
    requests: total,
    errors,
    errorSamples: recorder.errors,
    peakServerRssMb: sampler.state.server.peak,
    peakPostgresPssMb: sampler.state.postgres.peakPss,
    serverRssGrowthMb: growthMb,
    p99FirstMs: intervals[0]?.p99Ms ?? 0,
    p99LastMs: intervals.at(-1)?.p99Ms ?? 0,
    intervals,
  };
  console.log(
    `\n${total} requests, ${errors} errors (target 0); p99 ${summary.p99FirstMs.toFixed(1)} ms in ` +
      `the first interval, ${summary.p99LastMs.toFixed(1)} ms in the last; server RSS peak ` +
      `${summary.peakServerRssMb.toFixed(0)} MB (seeding included), ${growthMb >= 0 ? '+' : ''}${growthMb.toFixed(0)} MB ` +
      `from the second interval to the last (target flat); embedded PostgreSQL PSS peak ` +
      `${summary.peakPostgresPssMb.toFixed(0)} MB.`,
  );
  for (const error of recorder.errors) console.log(`  error: ${error}`);
  const file = path.join(root, 'bench', 'results', 'soak.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`Figures written to ${path.relative(root, file)}`);
  if (errors > 0) process.exitCode = 1;
}

await main();
