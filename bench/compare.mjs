// `npm run bench:compare -- --against <rev>`: the hot calls of this checkout side by side with
// another revision's, on the same machine in the same run (issue 38). Both builds run as the
// production server on their own fresh database of the same PostgreSQL, are seeded alike through
// the API, and are loaded in alternating rounds (old, new, then new, old), so that the machine's
// drift falls on both. Prints requests per second at 1 and at 32 connections and the ratio new /
// old (median of the rounds, with its range), and where each request's CPU went: microseconds of
// the server's Node.js, of PostgreSQL and of the load generator per request (medians).
//
// Options: --against <rev> (required), --reviewers 200, --rounds 3, --duration 3,
// --connections 1,32, --calls <comma-separated substrings of the call names>.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { defineCalls, loadOnce, WARMUP_SECONDS } from './calls.mjs';
import { cpuNow, cpuPerRequest } from './cpu.mjs';
import {
  buildIfStale,
  createScratchDatabase,
  formatTable,
  median,
  root,
  startServer,
} from './lib.mjs';
import { seedCycle } from './seed.mjs';

const { values: args } = parseArgs({
  options: {
    against: { type: 'string' },
    reviewers: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '3' },
    connections: { type: 'string', default: '1,32' },
    calls: { type: 'string', default: '' },
  },
});
if (!args.against) throw new Error('--against <rev> is required (for example de5477b)');
const reviewers = Number(args.reviewers);
const rounds = Number(args.rounds);
const duration = Number(args.duration);
const connectionCounts = args.connections.split(',').map(Number);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  throw new Error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server URL');
}

const HOT_CALLS = [
  'GET /api/auth/me',
  'GET /api/reviewer/opportunities',
  'GET /api/reviewer/opportunities/{id}',
  'POST /api/reviewer/reviews',
  'GET /api/admin/stats',
  'GET /api/admin/analytics/opportunities',
  'GET /api/admin/analytics/heatmap',
];
const wanted = args.calls ? args.calls.split(',') : [];
const callNames = HOT_CALLS.filter(
  (name) => wanted.length === 0 || wanted.some((part) => name.includes(part)),
);

const log = (message) => console.log(message);

function git(...gitArgs) {
  const result = spawnSync('git', gitArgs, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${gitArgs.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/** A built checkout of `rev` in the temporary directory, reused by later runs. */
function checkoutOf(rev) {
  const sha = git('rev-parse', '--verify', `${rev}^{commit}`);
  const dir = path.join(os.tmpdir(), `assay-bench-${sha.slice(0, 12)}`);
  if (!fs.existsSync(path.join(dir, 'package.json'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    git('worktree', 'prune');
    git('worktree', 'add', '--detach', dir, sha);
  }
  // Its own dependencies, unless its lock file is this checkout's.
  const modules = path.join(dir, 'node_modules');
  if (!fs.existsSync(modules)) {
    const lock = (where) => fs.readFileSync(path.join(where, 'package-lock.json'), 'utf8');
    if (lock(dir) === lock(root)) {
      fs.symlinkSync(path.join(root, 'node_modules'), modules);
    } else {
      log(`Installing the dependencies of ${rev} in ${dir}...`);
      const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
      const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], {
        cwd: dir,
        stdio: 'inherit',
      });
      if (result.status !== 0) throw new Error(`npm ci for ${rev} failed`);
    }
  }
  if (!fs.existsSync(path.join(dir, 'dist', 'server', 'main.js'))) {
    log(`Building ${rev} (${sha.slice(0, 12)}) in ${dir}...`);
    const result = spawnSync(process.execPath, ['scripts/build.mjs'], {
      cwd: dir,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`The build of ${rev} failed`);
  }
  return { sha, dir };
}

async function startSeeded(label, cwd) {
  const scratch = await createScratchDatabase(databaseUrl, `_${label}`);
  const server = await startServer({ databaseUrl: scratch.url, label, cwd });
  log(`${label}: seeding ${reviewers} reviewers x 50 opportunities through the API...`);
  const cycle = await seedCycle(server, reviewers, (line) => log(`  ${label}:${line}`));
  const calls = defineCalls({ ...cycle, floorBytes: 0 }).filter((call) =>
    callNames.includes(call.name),
  );
  return {
    label,
    server,
    calls,
    stop: async () => {
      await server.stop();
      await scratch.drop();
    },
  };
}

buildIfStale();
const old = checkoutOf(args.against);
const head = git('rev-parse', '--short=12', 'HEAD');
const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
const sides = [];
try {
  sides.push(await startSeeded('old', old.dir));
  sides.push(await startSeeded('new', root));
  const rows = [];
  for (const connections of connectionCounts) {
    log(`\n${connections} connection${connections === 1 ? '' : 's'}:`);
    for (const side of sides) {
      for (const call of side.calls)
        await loadOnce(side.server.baseUrl, call, WARMUP_SECONDS, connections);
    }
    const runs = new Map(callNames.map((name) => [name, { old: [], new: [] }]));
    const cpu = new Map(callNames.map((name) => [name, { old: [], new: [] }]));
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 === 1 ? sides : [...sides].reverse();
      for (const name of callNames) {
        for (const side of order) {
          const call = side.calls.find((candidate) => candidate.name === name);
          const before = cpuNow(side.server.pid);
          const run = await loadOnce(side.server.baseUrl, call, duration, connections);
          cpu
            .get(name)
            [side.label].push(cpuPerRequest(before, cpuNow(side.server.pid), run.requests));
          if (run.non2xx || run.errors) {
            throw new Error(`${side.label} ${name}: ${run.non2xx} non-2xx, ${run.errors} errors`);
          }
          runs.get(name)[side.label].push(run.reqPerSec);
        }
        const { old: o, new: n } = runs.get(name);
        log(
          `  round ${round}/${rounds} ${name}: old ${o.at(-1).toFixed(0)}, new ${n.at(-1).toFixed(0)} req/s`,
        );
      }
    }
    for (const name of callNames) {
      const { old: o, new: n } = runs.get(name);
      const ratios = o.map((value, i) => n[i] / value);
      const usOf = (label) => {
        const parts = cpu.get(name)[label];
        const of = (part) => median(parts.map((sample) => sample[part])).toFixed(0);
        return `${of('server')} + ${of('postgres')} + ${of('load')}`;
      };
      rows.push([
        name,
        String(connections),
        median(o).toFixed(0),
        median(n).toFixed(0),
        `${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`,
        usOf('old'),
        usOf('new'),
      ]);
    }
  }
  log(
    `\nnew = ${head}${dirty ? ' with uncommitted changes' : ''}, old = ${args.against} ` +
      `(${old.sha.slice(0, 12)}); ${reviewers} reviewers x 50, ${rounds} rounds of ${duration} s, ` +
      `alternating; req/s medians, ratio new / old per round (median, range); CPU microseconds ` +
      `per request: server + PostgreSQL + load generator (medians)`,
  );
  log(
    formatTable(
      [
        ['call', 'l'],
        ['connections', 'r'],
        ['old req/s', 'r'],
        ['new req/s', 'r'],
        ['new / old', 'r'],
        ['old CPU us/req', 'r'],
        ['new CPU us/req', 'r'],
      ],
      rows,
    ),
  );
} finally {
  for (const side of sides) await side.stop();
}
