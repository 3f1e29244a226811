import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ballotBenchmark } from './ballot.mjs';
import { defineCalls, loadCalls, printCalls, WARMUP_SECONDS } from './calls.mjs';
import { decisionSupport, printDecisionSupport } from './decision-support.mjs';
import { decisionsBenchmark } from './decisions.mjs';
import { discussionBenchmark } from './discussion.mjs';
import {
  buildIfStale,
  createScratchDatabase,
  formatTable,
  OPPORTUNITIES,
  request,
  root,
  startServer,
} from './lib.mjs';
import { startMemorySampler } from './memory.mjs';
import { backupFigures, exportMemory } from './operations.mjs';
import { REVIEW_CLOCK_POLL_SECONDS, reviewClockBenchmark } from './review-clock.mjs';
import { reviewCycleBenchmark } from './review-cycle.mjs';
import { seedCycle } from './seed.mjs';

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

const log = (message) => console.log(message);
const mb = (value) => `${value.toFixed(0)} MB`;

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
    const cycle = await seedCycle(server, options.reviewers, log);
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
      const cycle = await seedCycle(server, options.reviewers, log);
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

// --- The benchmarks of single issues (18, 34, 35, 36, 37) ----------------------------------------

/**
 * Each issue's own figures: its benchmark module run against a fresh server (DATABASE_URL, or
 * the embedded PostgreSQL), the figures written to bench/results/<kind>.json (<kind>-<N>.json at
 * another panel size, where `scaled`). `env` is the server's extra environment.
 */
const ISSUE_BENCHMARKS = {
  'review-cycle': { run: reviewCycleBenchmark, scaled: false },
  'review-clock': { run: reviewClockBenchmark, scaled: false, env: { REVIEW_CLOCK_POLL_SECONDS } },
  decisions: { run: decisionsBenchmark, scaled: true },
  discussion: { run: discussionBenchmark, scaled: true, env: { REVIEW_CLOCK_POLL_SECONDS } },
  ballot: { run: ballotBenchmark, scaled: true },
};

async function issueBenchmark(kind) {
  const { run, scaled, env = {} } = ISSUE_BENCHMARKS[kind];
  const databaseUrl = process.env.DATABASE_URL || undefined;
  await withServer(
    databaseUrl,
    'external',
    async (server) => {
      const figures = await run(server, options);
      writeResults(
        {
          kind,
          at: new Date().toISOString(),
          database: databaseUrl ? 'external' : 'embedded',
          options,
          machine: machine(),
          ...figures,
        },
        scaled && options.reviewers !== 200 ? `${kind}-${options.reviewers}.json` : `${kind}.json`,
      );
    },
    env,
  );
}

const started = Date.now();
buildIfStale();
log(`Machine: ${os.cpus().length} CPUs, Node ${process.version}`);
const issue = Object.keys(ISSUE_BENCHMARKS).find((kind) => args[kind]);
if (args['embedded-vs-external']) await embeddedVersusExternal();
else if (issue) await issueBenchmark(issue);
else await mainBenchmark();
log(`Done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
