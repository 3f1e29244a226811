// `npm run lighthouse`: Lighthouse (mobile preset, the default config) on the production build,
// using Debian's Chromium (never a downloaded browser). Audits the login page, the reviewer list,
// a reviewer detail and every admin page (dashboard, reviewers, opportunities, analytics,
// results, exports); prints the accessibility, best-practices and performance scores and writes
// bench/results/lighthouse.json.
//
// The data: the demo cycle (dist/server/seed-demo.js: 12 reviewers, 30 opportunities) by default;
// with --reviewers N (and --opportunities M, default 50) a cycle seeded through the API as
// `npm run bench` seeds it: M published opportunities that each of N reviewers reviewed and
// commented on, with other reviewers' comments shown (issue 17: 200 x 50 is a real panel).
//
// Options: --chrome PATH (default CHROME_PATH or /usr/bin/chromium), --runs N (runs per page,
// default 3; the run with the median performance score is kept, as Lighthouse advises, because
// simulated throttling still depends on the host's load), --keep-reports (also write each page's
// kept report as JSON next to the summary), --pages a,b (only these pages, by name),
// --cpu-slowdown N (the simulated CPU slowdown, default Lighthouse's 4: the mobile preset
// multiplies the task times it observes on this host by it, so 8 audits the pages as a host half
// as fast, or a slower phone, would score them).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  buildIfStale,
  formatTable,
  OPPORTUNITIES,
  request,
  root,
  settleDatabase,
  signIn,
  startServer,
} from './lib.mjs';
import { measuredPages, seedReviewCycle, showReviewerComments } from './seed.mjs';

const { values: args } = parseArgs({
  options: {
    chrome: { type: 'string', default: process.env.CHROME_PATH || '/usr/bin/chromium' },
    runs: { type: 'string', default: '3' },
    'keep-reports': { type: 'boolean', default: false },
    reviewers: { type: 'string' },
    opportunities: { type: 'string' },
    pages: { type: 'string', default: '' },
    'cpu-slowdown': { type: 'string' },
  },
});
const AT_SCALE = args.reviewers !== undefined || args.opportunities !== undefined;
const SCALE = {
  reviewers: Number(args.reviewers ?? 200),
  opportunities: Number(args.opportunities ?? OPPORTUNITIES),
};
for (const [name, value] of Object.entries(SCALE)) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number`);
}
if (SCALE.opportunities > OPPORTUNITIES) {
  throw new Error(`--opportunities is at most ${OPPORTUNITIES}, the product's limit`);
}

const DEMO_PASSWORD = 'demo-password'; // server/cli/seed-demo-data.ts
const CATEGORIES = ['accessibility', 'best-practices', 'performance'];
const TARGETS = { accessibility: 100, 'best-practices': 95, performance: 90 };
const RUNS = Math.max(1, Number(args.runs) || 1);
const PRESET_CPU_SLOWDOWN = 4; // Lighthouse's mobile preset
const CPU_SLOWDOWN = Number(args['cpu-slowdown'] ?? PRESET_CPU_SLOWDOWN);
if (!(CPU_SLOWDOWN >= 1)) {
  throw new Error(
    `--cpu-slowdown must be a number of at least 1 (the mobile preset uses ${PRESET_CPU_SLOWDOWN})`,
  );
}
// A run that fails to record (NO_NAVSTART, a protocol timeout on a busy host) is tried again.
const ATTEMPTS = 3;

if (!fs.existsSync(args.chrome)) {
  console.error(
    `No Chromium at ${args.chrome}. Install Debian's (apt-get install -y chromium) or pass --chrome PATH.`,
  );
  process.exit(1);
}

buildIfStale();
const server = await startServer({
  label: 'server',
  prepare: AT_SCALE
    ? undefined
    : (env) => {
        const seeded = spawnSync(process.execPath, ['dist/server/seed-demo.js'], {
          cwd: root,
          env,
          encoding: 'utf8',
        });
        if (seeded.status !== 0) throw new Error(`Seeding the demo failed:\n${seeded.stderr}`);
        console.log(seeded.stdout.trim().split('\n')[0]);
      },
});

/** The pages with their sessions: a bench reviewer at scale, else the demo's first active one. */
async function pagesToAudit() {
  if (AT_SCALE) {
    console.log(
      `Seeding ${SCALE.reviewers} reviewers x ${SCALE.opportunities} opportunities via the API...`,
    );
    const { adminCookie, cookies, opportunityIds } = await seedReviewCycle(server.baseUrl, {
      ...SCALE,
      log: console.log,
    });
    await showReviewerComments(server.baseUrl, adminCookie);
    await settleDatabase(server);
    return measuredPages({
      adminCookie,
      reviewerCookie: cookies[0],
      opportunityId: opportunityIds[0],
    });
  }
  const adminCookie = await signIn(server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { json: reviewers } = await request(server.baseUrl, 'GET', '/api/admin/reviewers', {
    cookie: adminCookie,
  });
  const reviewer = reviewers.find((candidate) => candidate.isActive);
  const reviewerCookie = await signIn(server.baseUrl, reviewer.email, DEMO_PASSWORD);
  const { json: opportunities } = await request(
    server.baseUrl,
    'GET',
    '/api/reviewer/opportunities',
    { cookie: reviewerCookie },
  );
  return measuredPages({ adminCookie, reviewerCookie, opportunityId: opportunities[0].id });
}

let chrome;
try {
  const wanted = args.pages ? args.pages.split(',').map((name) => name.trim()) : null;
  const pages = (await pagesToAudit()).filter((page) => !wanted || wanted.includes(page.name));

  chrome = await chromeLauncher.launch({
    chromePath: args.chrome,
    chromeFlags: ['--headless=new', '--no-sandbox'],
  });

  const results = [];
  for (const page of pages) {
    const url = `${server.baseUrl}${page.path}`;
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        let failure;
        try {
          const runnerResult = await lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: CATEGORIES,
            throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN },
            ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
          });
          if (!runnerResult.lhr.runtimeError) {
            runs.push(runnerResult);
            break;
          }
          failure = runnerResult.lhr.runtimeError.code;
        } catch (error) {
          // A protocol timeout on a busy host is thrown rather than reported in the result.
          failure = error.code ?? error.message;
        }
        console.log(`  ${page.name}: ${failure}, trying again`);
      }
    }
    if (runs.length === 0) throw new Error(`Lighthouse could not audit ${page.name}`);
    runs.sort((a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score);
    const runnerResult = runs[Math.floor((runs.length - 1) / 2)];
    const { lhr } = runnerResult;
    const performanceScores = runs.map((r) => Math.round(r.lhr.categories.performance.score * 100));
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    );
    // What keeps a category below 100: every scored audit that did not pass.
    const findings = CATEGORIES.flatMap((id) =>
      lhr.categories[id].auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
        .map((ref) => ({
          category: id,
          audit: ref.id,
          title: lhr.audits[ref.id].title,
          score: lhr.audits[ref.id].score,
          displayValue: lhr.audits[ref.id].displayValue ?? '',
        })),
    );
    const metrics = Object.fromEntries(
      [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ].map((id) => [id, lhr.audits[id]?.displayValue ?? '']),
    );
    const finalUrl = lhr.finalDisplayedUrl ?? lhr.finalUrl;
    results.push({
      page: page.name,
      url: page.path,
      finalUrl,
      scores,
      performanceScores,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      metrics,
      findings,
    });
    if (args['keep-reports']) {
      const dir = path.join(root, 'bench', 'results');
      fs.mkdirSync(dir, { recursive: true });
      const file = `lighthouse-${page.name.replace(/\s+/g, '-')}.json`;
      fs.writeFileSync(path.join(dir, file), runnerResult.report);
    }
    console.log(
      `  ${page.name}: ${CATEGORIES.map((id) => `${id} ${scores[id]}`).join(', ')}` +
        ` (performance of the runs: ${performanceScores.join(', ')})` +
        (new URL(finalUrl).pathname === page.path ? '' : ` (ended on ${finalUrl})`),
    );
  }

  console.log('');
  console.log(
    formatTable(
      [
        ['page', 'l'],
        ...CATEGORIES.map((id) => [`${id} (>= ${TARGETS[id]})`, 'r']),
        ['LCP', 'r'],
        ['TBT', 'r'],
        ['CLS', 'r'],
      ],
      results.map((r) => [
        r.page,
        ...CATEGORIES.map((id) => `${r.scores[id]}${r.scores[id] >= TARGETS[id] ? '' : ' MISSED'}`),
        r.metrics['largest-contentful-paint'],
        r.metrics['total-blocking-time'],
        r.metrics['cumulative-layout-shift'],
      ]),
    ),
  );
  for (const r of results) {
    for (const finding of r.findings) {
      console.log(
        `  ${r.page} / ${finding.category}: ${finding.audit} (${finding.title})` +
          `${finding.displayValue ? ` ${finding.displayValue}` : ''}`,
      );
    }
  }

  const dir = path.join(root, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'lighthouse.json');
  fs.writeFileSync(
    file,
    `${JSON.stringify(
      {
        kind: 'lighthouse',
        at: new Date().toISOString(),
        preset: 'mobile',
        cpuSlowdown: CPU_SLOWDOWN,
        data: AT_SCALE ? SCALE : 'demo',
        targets: TARGETS,
        results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nScores written to ${path.relative(process.cwd(), file)}`);
} finally {
  await chrome?.kill();
  await server.stop();
}
