// Decision support (issue 19) in `npm run bench` (bench/run.mjs): Results with one client, and
// the reviewers' saves alone and while an admin reloads Results every second.

import { defineCalls, loadOnce, responseBytes, WARMUP_SECONDS } from './calls.mjs';
import { median, OPPORTUNITIES, request, sleep } from './lib.mjs';
import { scoresFor } from './seed.mjs';

/** Targets of issue 19: results latency with one client, and the save throughput it may cost. */
const RESULTS_TARGETS = { p50Ms: 150, saveDrop: 0.1 };
const RESULTS_RELOAD_MS = 1000;
const RESULTS_AFTER_CHANGE_READS = 9;

const log = (message) => console.log(message);

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
export async function decisionSupport(server, cycle, { rounds, duration, connections }) {
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

export function printDecisionSupport(figures) {
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
