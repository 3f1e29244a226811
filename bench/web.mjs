// `npm run bench:web [-- options]`: the browser benchmark of issue 17 (not part of CI).
//
// Builds if stale, starts the production server (embedded PostgreSQL on a fresh DATA_DIR), seeds
// a review cycle THROUGH THE HTTP API as `npm run bench` does (every reviewer reviews and
// comments on every published opportunity), then opens each page in Debian's Chromium driven by
// Playwright at 1280x800 (a desktop profile: no CPU or network throttling), one fresh browser
// context (cold cache, new session cookie) per page and run, and prints per page:
//
// - task / script: main-thread task time and script time, CDP Performance.getMetrics
//   TaskDuration and ScriptDuration from before the navigation until the page SETTLED (its
//   TaskDuration grew by less than 20 ms over a whole second), so that work deferred past the
//   first screen (later requests, idle work) is counted too. In the main thread's CPU time
//   (timeDomain threadTicks), which a busy host hardly stretches; --wall for wall-clock time (the
//   two agree on an idle machine);
// - task, all read / elements, all read: the same totals after the page was scrolled to its end
//   (the scroll interaction below), so that sections rendered only when scrolled to are counted;
// - elements: document.getElementsByTagName('*').length once settled (what Lighthouse's DOM size
//   audit counts), and nodes: CDP `Nodes` after a forced garbage collection (text nodes too);
// - interactive: ms from the navigation start to the later of (a) the first animation frame in
//   which the page's main content is in the DOM (its `ready` selectors match and no skeleton or
//   'Loading...' status is left) and (b) the end of the last long task (>= 50 ms, Long Tasks API)
//   before the first 500 ms window without a long task after (a);
// - interactions (e.g. a heatmap hover until its tooltip, a wheel scroll until it paints, a
//   toggle until it shows): latency from the input event's timestamp until the frame after its
//   visible result is in the DOM (the moment a task posted from that frame's requestAnimationFrame
//   callback runs), and the worst frame: the longest gap between animation frames in the second
//   after the input, which is what rendering triggered by the input (rows scrolled into view)
//   costs. Target: both under 100 ms.
// - steps (bench/page-interactions.mjs: hover, search, filter, sort, select all, a row menu, the
//   assignment grid's arrow keys, a score, a comment, a letter's quoted comment): each step's longest Event Timing duration,
//   from the input to the next paint (as INP measures it; 0 when under 16 ms, which the browser
//   does not report). Target: under 100 ms. (These were `npm run bench:pages`, decision 0019,
//   folded in here by decision 0022.) Also each step's work: the main thread's task time from
//   the input until a second after it (CDP TaskDuration), the step's worst run; no target, it
//   shows what an input sets off beyond its first paint (decision 0025).
//
// Figures are medians over --runs with the run-to-run range in brackets. Writes
// bench/results/web.json (bench/results/web-<reviewers>.json when --reviewers is not 200).
//
// Options:
//   --reviewers N      reviewers in the cycle (default 200)
//   --opportunities M  published opportunities (default 50, at most 50)
//   --runs N           runs per page (default 3)
//   --pages a,b        only the pages whose names contain one of these words (e.g. analytics)
//   --chrome PATH      Chromium (default CHROME_PATH or /usr/bin/chromium)
//   --wall             task and script time in wall-clock time (CDP timeDomain 'timeTicks')
//                      instead of the main thread's CPU time ('threadTicks', the default): the
//                      two agree on an idle machine, but a busy one stretches the wall clock
//   --out FILE         results file (default as above)
//
// Exported for other benchmarks: bench/web-probes.mjs (the in-page recorder and measurements),
// and from here PAGES, openMeasuredPage and measurePage.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { arrangeDecisions } from './decisions-arrange.mjs';
import {
  buildIfStale,
  formatTable,
  OPPORTUNITIES,
  request,
  root,
  settleDatabase,
  startServer,
} from './lib.mjs';
import { interactionsFor } from './page-interactions.mjs';
import { seedReviewCycle, showReviewerComments } from './seed.mjs';
import { PAGES } from './web-pages.mjs';
import {
  formatRange,
  installRecorder,
  LOADING_MARKERS,
  measurePageLoad,
  measureStep,
  measureTotals,
  rangeOf,
  waitForQuiet,
} from './web-probes.mjs';

export const VIEWPORT = { width: 1280, height: 800 };
// --- One page -------------------------------------------------------------------------------------

/** Launches Debian's Chromium through Playwright (never a downloaded browser). */
export function launchBrowser(executablePath) {
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

/** A fresh context and page at 1280x800 with the session cookie, the recorder and a CDP session. */
export async function openMeasuredPage(browser, { baseUrl, cookie }) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  if (cookie) {
    const [name, value] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: baseUrl }]);
  }
  await context.addInitScript(installRecorder);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp };
}

/** One run of one page: its load figures and its interactions' samples. */
export async function measurePage(
  browser,
  { baseUrl, cookie, page: spec, path: urlPath, timeDomain },
) {
  const { context, page, cdp } = await openMeasuredPage(browser, { baseUrl, cookie });
  try {
    const load = await measurePageLoad(
      page,
      cdp,
      `${baseUrl}${urlPath}`,
      {
        all: spec.ready,
        none: LOADING_MARKERS,
      },
      { timeDomain },
    );
    const totals = {};
    const interactions = spec.interactions
      ? await spec.interactions(page, {
          totals: async (label) => {
            totals[label] = await measureTotals(page, cdp, load.before);
          },
        })
      : {};
    // Then the user's own steps on this page (search, filter, sort, select...), each timed by
    // Event Timing; from the top of the page, where the hovers find their rows in view.
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const step of interactionsFor(spec.name, page)) {
      await waitForQuiet(page);
      const sample = await measureStep(page, step, cdp);
      interactions[step.name] = [...(interactions[step.name] ?? []), sample];
    }
    const { before: _before, ...figures } = load;
    return { load: figures, totals, interactions };
  } finally {
    await context.close();
  }
}

// --- Main -----------------------------------------------------------------------------------------

async function main() {
  const { values: args } = parseArgs({
    options: {
      reviewers: { type: 'string', default: '200' },
      opportunities: { type: 'string', default: String(OPPORTUNITIES) },
      runs: { type: 'string', default: '3' },
      pages: { type: 'string', default: '' },
      chrome: { type: 'string', default: process.env.CHROME_PATH || '/usr/bin/chromium' },
      out: { type: 'string', default: '' },
      wall: { type: 'boolean', default: false },
    },
  });
  const reviewers = Number(args.reviewers);
  const opportunities = Number(args.opportunities);
  const runs = Number(args.runs);
  if (!Number.isInteger(reviewers) || reviewers < 1) throw new Error('--reviewers: a count >= 1');
  if (!Number.isInteger(opportunities) || opportunities < 1 || opportunities > OPPORTUNITIES) {
    throw new Error(`--opportunities: 1 to ${OPPORTUNITIES}`);
  }
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: a count >= 1');
  if (!fs.existsSync(args.chrome)) {
    throw new Error(`No Chromium at ${args.chrome}: apt-get install -y chromium, or --chrome PATH`);
  }
  const wanted = args.pages ? args.pages.split(',').map((word) => word.trim()) : [];
  const pages = PAGES.filter(
    (page) => wanted.length === 0 || wanted.some((word) => page.name.includes(word)),
  );

  buildIfStale();
  const server = await startServer({ label: 'server' });
  let browser;
  try {
    console.log(`Seeding ${reviewers} reviewers x ${opportunities} opportunities through the API`);
    const cycle = await seedReviewCycle(server.baseUrl, {
      reviewers,
      opportunities,
      log: console.log,
    });
    // Other reviewers' comments shown, so that a detail page lists all of them (199 at 200).
    await showReviewerComments(server.baseUrl, cycle.adminCookie);
    await settleDatabase(server);
    const { json: list } = await request(server.baseUrl, 'GET', '/api/reviewer/opportunities', {
      cookie: cycle.cookies[0],
    });
    // The decision pages: every opportunity decided, and a letter on the one measured.
    const measuredId = list[Math.floor(list.length / 2)].id;
    if (pages.some((page) => page.decisions)) {
      await arrangeDecisions(server.baseUrl, cycle.adminCookie, cycle.opportunityIds, measuredId);
      console.log('  every opportunity decided, a letter on the measured one');
    }
    browser = await launchBrowser(args.chrome);
    console.log(`Chromium ${browser.version()}, ${runs} run(s) per page, load ${os.loadavg()[0]}`);

    const results = [];
    for (const spec of pages) {
      const urlPath = spec.path.replace(':id', measuredId);
      const cookie = spec.role === 'admin' ? cycle.adminCookie : cycle.cookies[0];
      const pageRuns = [];
      for (let run = 0; run < runs; run++) {
        pageRuns.push(
          await measurePage(browser, {
            baseUrl: server.baseUrl,
            cookie,
            page: spec,
            path: urlPath,
          }),
        );
        const { load } = pageRuns.at(-1);
        console.log(
          `  ${spec.name} run ${run + 1}: task ${load.taskMs.toFixed(0)} ms, script ` +
            `${load.scriptMs.toFixed(0)} ms, ${load.elements} elements, interactive ` +
            `${load.interactiveMs.toFixed(0)} ms`,
        );
      }
      results.push(summarize(spec, urlPath, pageRuns));
    }
    printResults(results);
    const file = path.resolve(
      root,
      args.out || `bench/results/${reviewers === 200 ? 'web' : `web-${reviewers}`}.json`,
    );
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      `${JSON.stringify(
        {
          kind: 'web',
          at: new Date().toISOString(),
          reviewers,
          opportunities,
          runs,
          time: args.wall ? 'wall clock' : 'main-thread CPU',
          viewport: VIEWPORT,
          chromium: browser.version(),
          cpus: os.cpus().length,
          loadAverage: os.loadavg(),
          results,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nFigures written to ${path.relative(process.cwd(), file)}`);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

/** Medians and ranges of one page's runs. */
function summarize(spec, urlPath, pageRuns) {
  const load = Object.fromEntries(
    ['taskMs', 'scriptMs', 'layoutMs', 'elements', 'nodes', 'readyMs', 'interactiveMs'].map(
      (key) => [key, rangeOf(pageRuns.map((run) => run.load[key]))],
    ),
  );
  const whole = pageRuns[0].totals['scrolled to the end']
    ? Object.fromEntries(
        ['taskMs', 'scriptMs', 'elements', 'nodes'].map((key) => [
          key,
          rangeOf(pageRuns.map((run) => run.totals['scrolled to the end']?.[key])),
        ]),
      )
    : null;
  const names = [...new Set(pageRuns.flatMap((run) => Object.keys(run.interactions)))];
  const interactions = Object.fromEntries(
    names.map((name) => {
      const perRun = pageRuns.map((run) => run.interactions[name] ?? []);
      // Per run, the worst sample (what a user meets); across runs, median and range of it.
      // A figure a sample does not measure (a user step's worst frame) is null: shown as '-'.
      const worst = (key) =>
        rangeOf(
          perRun.map((samples) => {
            const values = samples.map((s) => s[key]).filter((v) => v !== null && v !== undefined);
            return values.length ? Math.max(...values) : null;
          }),
        );
      return [
        name,
        {
          samples: perRun.map((samples) => samples.length),
          latencyMs: worst('latency'),
          worstFrameMs: worst('worstFrame'),
          // A probe's samples (measureInteraction) have no work figure: '-'.
          workMs: worst('work'),
          medianLatencyMs: rangeOf(perRun.flatMap((samples) => samples.map((s) => s.latency))),
        },
      ];
    }),
  );
  return { page: spec.name, path: urlPath, load, whole, interactions, runs: pageRuns };
}

function printResults(results) {
  console.log('');
  console.log(
    formatTable(
      [
        ['page', 'l'],
        ['task ms', 'r'],
        ['script ms', 'r'],
        ['elements', 'r'],
        ['nodes', 'r'],
        ['interactive ms', 'r'],
        ['task ms, all read', 'r'],
        ['elements, all read', 'r'],
      ],
      results.map((r) => [
        r.page,
        formatRange(r.load.taskMs),
        formatRange(r.load.scriptMs),
        formatRange(r.load.elements),
        formatRange(r.load.nodes),
        formatRange(r.load.interactiveMs),
        r.whole ? formatRange(r.whole.taskMs) : '-',
        r.whole ? formatRange(r.whole.elements) : '-',
      ]),
    ),
  );
  console.log('');
  console.log(
    formatTable(
      [
        ['page', 'l'],
        ['interaction', 'l'],
        ['worst latency ms', 'r'],
        ['worst frame ms', 'r'],
        ['median latency ms', 'r'],
        ['worst work in 1 s, ms', 'r'],
      ],
      results.flatMap((r) =>
        Object.entries(r.interactions).map(([name, figures]) => [
          r.page,
          name,
          formatRange(figures.latencyMs),
          formatRange(figures.worstFrameMs),
          formatRange(figures.medianLatencyMs),
          formatRange(figures.workMs),
        ]),
      ),
    ),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
