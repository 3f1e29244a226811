// `npm run bench:pages [-- options]`: the admin screens and the reviewer pages at the scale of a
// real panel (issue 17), in Debian's Chromium at 1280x800 through Playwright and CDP; not part of
// CI. Builds if stale, starts the production server on a temporary DATA_DIR (a fresh database
// on the DATABASE_URL server when it is set), seeds through the API a cycle of N reviewers who
// each review and comment on M published opportunities (as `npm run bench` does), then for each
// page, `--runs` times in a fresh browser context:
//
// - load: main-thread task time and script time until the page settles (CDP Performance
//   TaskDuration and ScriptDuration, wall time), the main thread's CPU time (from a trace: what
//   the page costs even when other work shares the cores), DOM elements and CDP nodes, and when
//   it became interactive (the end of its last long task, or its largest paint if later);
// - interactions (hover, scroll, search, filter, sort, toggle, select-all): for each, the longest
//   Event Timing duration (input to next paint, as INP measures it; under 16 ms is not reported
//   by the browser) or, for a scroll, the time until the second frame after it, and the
//   main-thread task time it caused; the most elements any step left in the page.
//
// Prints one line per page and run, then a table of ranges (min-max over the runs) against the
// targets of issue 17, and writes bench/results/pages-at-scale.json.
//
// Options:
//   --reviewers N       reviewers in the cycle (default 200)
//   --opportunities M   published opportunities (default 50, the product's maximum)
//   --runs N            runs per page (default 3)
//   --pages a,b         only these pages (names as printed; default every page but analytics,
//                       which has `npm run bench:web`)
//   --chrome PATH       default CHROME_PATH or /usr/bin/chromium
//   --base-url URL      measure a server already running and seeded by an earlier run of this
//                       script (same bench accounts), instead of starting and seeding one
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  buildIfStale,
  createScratchDatabase,
  formatTable,
  measuredPages,
  REVIEWER_PASSWORD,
  request,
  root,
  seedReviewCycle,
  settleDatabase,
  showReviewerComments,
  signIn,
  sleep,
  startServer,
} from './lib.mjs';
import { interactionsFor } from './page-interactions.mjs';

const { values: args } = parseArgs({
  options: {
    reviewers: { type: 'string', default: '200' },
    opportunities: { type: 'string', default: '50' },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '' },
    chrome: { type: 'string', default: process.env.CHROME_PATH || '/usr/bin/chromium' },
    'base-url': { type: 'string', default: '' },
  },
});
const REVIEWERS = Number(args.reviewers);
const OPPORTUNITIES = Number(args.opportunities);
const RUNS = Math.max(1, Number(args.runs) || 1);
for (const [name, value] of Object.entries({ REVIEWERS, OPPORTUNITIES })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name.toLowerCase()} N`);
}

/** Targets of issue 17 on this desktop profile. */
const TARGETS = { elements: 5000, interactionMs: 100, taskMs200: 1000, taskMs1000: 3000 };
const SETTLE_QUIET_MS = 1000;
const SETTLE_LIMIT_MS = 60_000;
const log = (message) => console.log(message);

// Registered before the page's own scripts: every event slower than 16 ms (Event Timing, the
// input-to-next-paint duration of INP) and every long task, buffered from the navigation on.
const OBSERVERS = `
  window.__bench = { events: [], longTasks: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__bench.events.push({ name: e.name, start: e.startTime, duration: e.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__bench.longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
`;

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

/**
 * The CPU time of the page's main thread in a trace: the sum of its top-level tasks' thread
 * time. Unlike TaskDuration (wall time) it barely moves when other processes share the cores.
 */
function mainThreadCpuMs(trace) {
  const events = JSON.parse(trace.toString()).traceEvents;
  const threads = new Map();
  for (const event of events) {
    if (event.ph !== 'X' || event.tdur === undefined) continue;
    if (event.name !== 'RunTask' && event.name !== 'ThreadControllerImpl::RunTask') continue;
    const thread = `${event.pid}:${event.tid}`;
    threads.set(thread, (threads.get(thread) ?? 0) + event.tdur);
  }
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // The renderer that did the most: the page's (about:blank's, if any, did next to nothing).
  return Math.max(0, ...mains.map((main) => threads.get(`${main.pid}:${main.tid}`) ?? 0)) / 1000;
}

async function metricsOf(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map(({ name, value }) => [name, value]));
}

/** Waits until the main thread has done (almost) nothing for SETTLE_QUIET_MS. */
async function settle(cdp) {
  const started = Date.now();
  let last = (await metricsOf(cdp)).TaskDuration;
  let quietSince = Date.now();
  while (Date.now() - started < SETTLE_LIMIT_MS) {
    await sleep(200);
    const now = (await metricsOf(cdp)).TaskDuration;
    if (now - last > 0.01) quietSince = Date.now();
    last = now;
    if (Date.now() - quietSince >= SETTLE_QUIET_MS) return;
  }
}

const elementCount = (page) => page.evaluate(() => document.getElementsByTagName('*').length);

/**
 * Runs `action` and answers what it cost: the longest event it caused (Event Timing), the main
 * thread's task time, and the elements the page holds after it.
 */
async function measureInteraction(page, cdp, action) {
  const since = await page.evaluate(() => performance.now());
  const before = (await metricsOf(cdp)).TaskDuration;
  const frameMs = await action();
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
  );
  const after = (await metricsOf(cdp)).TaskDuration;
  const events = await page.evaluate(
    (from) => window.__bench.events.filter((event) => event.start >= from),
    since,
  );
  const eventMs = Math.max(0, ...events.map((event) => event.duration));
  return {
    ms: Math.max(eventMs, frameMs ?? 0),
    taskMs: (after - before) * 1000,
    elements: await elementCount(page),
  };
}

/** Scrolls the window down to the end in steps of most of a screen; answers each step's cost. */
async function scrollThrough(page, cdp) {
  const steps = [];
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let step = 0; step < 40; step++) {
    const atEnd = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
    );
    if (atEnd) break;
    steps.push(
      await measureInteraction(page, cdp, () =>
        page.evaluate(async () => {
          const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
          const started = performance.now();
          window.scrollBy(0, Math.round(window.innerHeight * 0.9));
          await frame();
          await frame();
          return performance.now() - started;
        }),
      ),
    );
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return steps;
}

/** One page, one run: the load, then its interactions. */
async function measurePage(browser, baseUrl, target) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (target.cookie) {
      const [name, value] = target.cookie.split('=');
      await context.addCookies([{ name, value, url: baseUrl }]);
    }
    await context.addInitScript(OBSERVERS);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
    const startMetrics = await metricsOf(cdp);
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    // The network idle for 500 ms: every query answered (the results take a while to compute).
    await page.goto(`${baseUrl}${target.path}`, { waitUntil: 'networkidle' });
    await settle(cdp);
    const end = await metricsOf(cdp);
    const cpuMs = mainThreadCpuMs(await browser.stopTracing());
    const timing = await page.evaluate(() => {
      const paints = performance.getEntriesByType('paint');
      const fcp = paints.find((entry) => entry.name === 'first-contentful-paint')?.startTime ?? 0;
      const lcp = performance.getEntriesByType('largest-contentful-paint').at(-1)?.startTime ?? 0;
      const lastLongTask = Math.max(0, ...window.__bench.longTasks.map((task) => task.end));
      return { fcp, lcp, lastLongTask, longTasks: window.__bench.longTasks.length };
    });
    const load = {
      taskMs: (end.TaskDuration - startMetrics.TaskDuration) * 1000,
      scriptMs: (end.ScriptDuration - startMetrics.ScriptDuration) * 1000,
      cpuMs,
      elements: await elementCount(page),
      nodes: end.Nodes,
      interactiveMs: Math.max(timing.fcp, timing.lcp, timing.lastLongTask),
      longTasks: timing.longTasks,
    };
    if (new URL(page.url()).pathname !== target.path) {
      throw new Error(`${target.name} ended on ${page.url()}`);
    }

    const interactions = {};
    const record = (name, result) => {
      const previous = interactions[name];
      interactions[name] = previous
        ? {
            ms: Math.max(previous.ms, result.ms),
            taskMs: Math.max(previous.taskMs, result.taskMs),
            elements: Math.max(previous.elements, result.elements),
          }
        : result;
    };
    for (const step of await scrollThrough(page, cdp)) record('scroll', step);
    for (const { name, prepare, act } of interactionsFor(target.name, page)) {
      const prepared = await prepare?.();
      record(name, await measureInteraction(page, cdp, () => act(prepared)));
    }
    return { load, interactions };
  } finally {
    await context.close();
  }
}

/** The pages, with the session each needs (bench/lib.mjs, as `npm run lighthouse` audits). */
async function pagesToMeasure(baseUrl) {
  const adminCookie = await signIn(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const reviewerCookie = await signIn(baseUrl, 'reviewer0@bench.example.com', REVIEWER_PASSWORD);
  const { json: opportunities } = await request(baseUrl, 'GET', '/api/reviewer/opportunities', {
    cookie: reviewerCookie,
  });
  // Other reviewers' comments shown, as on the detail page of issue 17 (199 of them at 200).
  await showReviewerComments(baseUrl, adminCookie);
  return measuredPages({ adminCookie, reviewerCookie, opportunityId: opportunities[0].id });
}

const range = (values, digits = 0) => {
  const low = Math.min(...values);
  const high = Math.max(...values);
  const show = (value) => value.toFixed(digits);
  return low === high ? show(low) : `${show(low)}-${show(high)}`;
};

async function measureAll(baseUrl) {
  const wanted = args.pages ? args.pages.split(',').map((name) => name.trim()) : null;
  const pages = (await pagesToMeasure(baseUrl)).filter((page) =>
    wanted ? wanted.includes(page.name) : page.name !== 'admin analytics',
  );
  const browser = await chromium.launch({ executablePath: args.chrome, args: ['--no-sandbox'] });
  const results = [];
  try {
    for (const target of pages) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await measurePage(browser, baseUrl, target);
        runs.push(result);
        const slowest = Object.entries(result.interactions).sort((a, b) => b[1].ms - a[1].ms)[0];
        log(
          `  ${target.name}: task ${result.load.taskMs.toFixed(0)} ms, script ` +
            `${result.load.scriptMs.toFixed(0)} ms, CPU ${result.load.cpuMs.toFixed(0)} ms, ` +
            `${result.load.elements} elements, ` +
            `interactive at ${result.load.interactiveMs.toFixed(0)} ms` +
            (slowest ? `; slowest interaction ${slowest[0]} ${slowest[1].ms.toFixed(0)} ms` : ''),
        );
      }
      results.push({ page: target.name, path: target.path, runs });
    }
  } finally {
    await browser.close();
  }
  return results;
}

function report(results) {
  const taskTarget = REVIEWERS <= 200 ? TARGETS.taskMs200 : TARGETS.taskMs1000;
  const rows = results.map(({ page, runs }) => {
    const names = Object.keys(runs[0].interactions);
    const worst = runs.map((run) => Math.max(0, ...names.map((n) => run.interactions[n].ms)));
    const mostElements = runs.map((run) =>
      Math.max(run.load.elements, ...names.map((n) => run.interactions[n].elements)),
    );
    return [
      page,
      range(runs.map((run) => run.load.taskMs)),
      range(runs.map((run) => run.load.scriptMs)),
      range(runs.map((run) => run.load.cpuMs)),
      range(runs.map((run) => run.load.interactiveMs)),
      range(mostElements),
      range(runs.map((run) => run.load.nodes)),
      names.length ? range(worst) : '-',
      names
        .filter((n) => runs.some((run) => run.interactions[n].ms > TARGETS.interactionMs))
        .join(' ') || '-',
    ];
  });
  log('');
  log(
    formatTable(
      [
        ['page', 'l'],
        [`task ms (< ${taskTarget} analytics)`, 'r'],
        ['script ms', 'r'],
        ['CPU ms', 'r'],
        ['interactive ms', 'r'],
        [`elements (< ${TARGETS.elements})`, 'r'],
        ['CDP nodes', 'r'],
        [`slowest interaction ms (<= ${TARGETS.interactionMs})`, 'r'],
        ['over the target', 'l'],
      ],
      rows,
    ),
  );
  log('');
  log('Interactions (ms, input to next paint; scroll: until the second frame), ranges over runs:');
  for (const { page, runs } of results) {
    const names = Object.keys(runs[0].interactions);
    if (!names.length) continue;
    log(
      `  ${page}: ${names
        .map(
          (n) =>
            `${n} ${range(runs.map((run) => run.interactions[n].ms))}` +
            ` (task ${range(runs.map((run) => run.interactions[n].taskMs))})`,
        )
        .join(', ')}`,
    );
  }
}

async function main() {
  if (!fs.existsSync(args.chrome)) {
    throw new Error(`No Chromium at ${args.chrome}: apt-get install -y chromium, or --chrome PATH`);
  }
  let results;
  if (args['base-url']) {
    log(`Measuring ${args['base-url']} (seeded earlier)`);
    results = await measureAll(args['base-url']);
  } else {
    buildIfStale();
    const databaseUrl = process.env.DATABASE_URL || undefined;
    const scratch = databaseUrl ? await createScratchDatabase(databaseUrl, '_pages') : undefined;
    const server = await startServer({ databaseUrl: scratch?.url });
    try {
      log(`Seeding ${REVIEWERS} reviewers x ${OPPORTUNITIES} opportunities via the API...`);
      await seedReviewCycle(server.baseUrl, {
        reviewers: REVIEWERS,
        opportunities: OPPORTUNITIES,
        log,
      });
      await settleDatabase(server);
      results = await measureAll(server.baseUrl);
    } finally {
      await server.stop();
      await scratch?.drop();
    }
  }
  report(results);
  const dir = path.join(root, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'pages-at-scale.json');
  fs.writeFileSync(
    file,
    `${JSON.stringify(
      {
        kind: 'pages-at-scale',
        at: new Date().toISOString(),
        reviewers: REVIEWERS,
        opportunities: OPPORTUNITIES,
        viewport: '1280x800',
        targets: TARGETS,
        results,
      },
      null,
      2,
    )}\n`,
  );
  log(`\nFigures written to ${path.relative(process.cwd(), file)}`);
}

await main();
