// The calls `npm run bench` loads (bench/run.mjs): their definitions, one autocannon run, the
// rounds of every call against the floors, and the table of the figures.
import autocannon from 'autocannon';
import { formatTable, median } from './lib.mjs';
import { scoresFor } from './seed.mjs';

export const WARMUP_SECONDS = 1;

/**
 * Targets as a share of the floor's req/s: the reads of issue 7 against the select-1 floor; the
 * reviews export (issue 17) against the floor that copies the same rows untransformed.
 */
const TARGETS = { read: 0.6, save: 0.4, analytics: 0.25, export: 0.5 };
/** The floor each kind is measured against (any other kind: the select-1 floor). */
const FLOOR_OF = { export: 'export-floor' };

const log = (message) => console.log(message);
const mb = (value) => `${value.toFixed(0)} MB`;

// --- Load -----------------------------------------------------------------------------------------

/** The calls of issue 7; `kind` picks the target. */
export function defineCalls({ cookies, adminCookie, opportunityIds, floorBytes }) {
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
export async function responseBytes(baseUrl, call) {
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

export async function loadOnce(baseUrl, call, duration, connections) {
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
export async function loadCalls(server, sampler, calls, { rounds, duration, connections }) {
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

export function printCalls(results) {
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
