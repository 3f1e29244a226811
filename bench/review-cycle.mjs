// `npm run bench -- --review-cycle`: the figures of issue 18 (review-cycle control).
//
// Seeds the cycle of the main benchmark through the API (N reviewers who each reviewed and
// commented on the 50 published opportunities in 'open' mode), times auto-assign's preview for
// k = 10 reviewers per opportunity, applies it, then loads the reviewer's list, detail and save
// in 'open' and in 'assigned' mode, each call measured in both modes back to back (the mode
// switched between them through POST /api/admin/settings), on the same assigned (reviewer,
// opportunity) pairs in both modes.
// Targets: 'assigned' within 10% of 'open' (ratio >= 0.9) for each call; the preview under 1 s.
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  forEachLimit,
  formatTable,
  loadOnce,
  median,
  OPPORTUNITIES,
  request,
  settleDatabase,
  signIn,
  withCookie,
} from './lib.mjs';
import { seedOpportunities, seedReviewers } from './seed.mjs';

const PER_OPPORTUNITY = 10;
const PREVIEW_RUNS = 5;
const TARGETS = { ratio: 0.9, previewMs: 1000 };
const WARMUP_SECONDS = 1;
const SEED_CONCURRENCY = 32;

const log = (message) => console.log(message);

const scoresFor = (i, j) => ({
  strategicAlignment: ((i + j) % 5) + 1,
  sustainability: ((i * 3 + j) % 5) + 1,
  technologyReadiness: ((i + j * 2) % 5) + 1,
  marketPotential: ((i * 7 + j * 3) % 5) + 1,
  businessPotential: ((i + j * 5 + 1) % 5) + 1,
});

async function seed(baseUrl, reviewers) {
  const adminCookie = await signIn(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const opportunityIds = await seedOpportunities(baseUrl, adminCookie);
  const cookies = await seedReviewers(baseUrl, adminCookie, 0, reviewers);
  const tasks = cookies.flatMap((cookie, i) =>
    opportunityIds.flatMap((opportunityId, j) => [
      { path: '/api/reviewer/reviews', cookie, body: { opportunityId, ...scoresFor(i, j) } },
      {
        path: '/api/reviewer/comments',
        cookie,
        body: { opportunityId, challenges: `Reviewer ${i}: permitting takes long.` },
      },
    ]),
  );
  const started = performance.now();
  await forEachLimit(tasks, SEED_CONCURRENCY, (task) =>
    request(baseUrl, 'POST', task.path, { cookie: task.cookie, body: task.body }),
  );
  log(
    `  ${reviewers} reviewers x ${OPPORTUNITIES} opportunities: ${tasks.length} reviews and ` +
      `comments saved in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { adminCookie, opportunityIds, cookies };
}

/** Auto-assign's preview, timed from the client (request, statement, plan, answer). */
async function timePreviews(baseUrl, adminCookie) {
  const times = [];
  let plan;
  for (let run = 0; run < PREVIEW_RUNS; run++) {
    const started = performance.now();
    plan = (
      await request(baseUrl, 'POST', '/api/admin/assignments/auto', {
        cookie: adminCookie,
        body: { perOpportunity: PER_OPPORTUNITY, apply: false },
      })
    ).json;
    times.push(performance.now() - started);
  }
  return { times, plan };
}

function callsFor({ baseUrl, pairs }) {
  let next = 0;
  const pair = () => pairs[next++ % pairs.length];
  return [
    {
      name: 'GET /api/reviewer/opportunities',
      method: 'GET',
      path: '/api/reviewer/opportunities',
      setup: (req) => withCookie(req, pair().cookie),
    },
    {
      name: 'GET /api/reviewer/opportunities/{id}',
      method: 'GET',
      path: '/api/reviewer/opportunities',
      setup: (req) => {
        const p = pair();
        return withCookie(req, p.cookie, {
          path: `/api/reviewer/opportunities/${p.opportunityId}`,
        });
      },
    },
    {
      name: 'POST /api/reviewer/reviews',
      method: 'POST',
      path: '/api/reviewer/reviews',
      setup: (req) => {
        const p = pair();
        const i = next;
        return withCookie(req, p.cookie, {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ opportunityId: p.opportunityId, ...scoresFor(i, i >> 3) }),
        });
      },
    },
  ].map((call) => ({ ...call, baseUrl }));
}

async function setMode(baseUrl, adminCookie, mode) {
  await request(baseUrl, 'POST', '/api/admin/settings', {
    cookie: adminCookie,
    body: { key: 'review_assignment', value: mode },
  });
}

/** Answers the figures; `server` is a started production server with a fresh database. */
export async function reviewCycleBenchmark(server, { reviewers, rounds, duration, connections }) {
  const { baseUrl } = server;
  log(`Seeding ${reviewers} reviewers x ${OPPORTUNITIES} opportunities via the API...`);
  const { adminCookie, cookies } = await seed(baseUrl, reviewers);
  await settleDatabase(server);

  log(`\nAuto-assign preview, ${reviewers} x ${OPPORTUNITIES}, k = ${PER_OPPORTUNITY}:`);
  const preview = await timePreviews(baseUrl, adminCookie);
  const loads = preview.plan.loads.map((l) => l.after);
  log(
    `  ${PREVIEW_RUNS} previews: median ${median(preview.times).toFixed(0)} ms, slowest ` +
      `${Math.max(...preview.times).toFixed(0)} ms (target < ${TARGETS.previewMs} ms: ` +
      `${Math.max(...preview.times) < TARGETS.previewMs ? 'met' : 'MISSED'}); ` +
      `${preview.plan.added.length} pairs, loads ${Math.min(...loads)}-${Math.max(...loads)}, ` +
      `${preview.plan.unplaced.length} opportunities short`,
  );
  const applied = (
    await request(baseUrl, 'POST', '/api/admin/assignments/auto', {
      cookie: adminCookie,
      body: { perOpportunity: PER_OPPORTUNITY, apply: true, fingerprint: preview.plan.fingerprint },
    })
  ).json;
  await settleDatabase(server);

  // The assigned pairs, each with its reviewer's cookie (bench reviewers are reviewer{i}@...).
  const board = (await request(baseUrl, 'GET', '/api/admin/assignments', { cookie: adminCookie }))
    .json;
  const cookieOf = new Map(
    board.reviewers.map((r) => [r.id, cookies[Number(/^reviewer(\d+)@/.exec(r.email)[1])]]),
  );
  const pairs = applied.added.map((p) => ({ ...p, cookie: cookieOf.get(p.reviewerId) }));
  // Spread consecutive requests over reviewers rather than one reviewer's pairs in a row.
  pairs.sort((a, b) => (a.opportunityId < b.opportunityId ? -1 : 1));

  const calls = callsFor({ baseUrl, pairs });
  const runs = Object.fromEntries(
    calls.map((c) => [c.name, { open: [], assigned: [], ratios: [] }]),
  );
  const bytes = {};
  for (const mode of ['open', 'assigned']) {
    await setMode(baseUrl, adminCookie, mode);
    bytes[mode] = (
      await request(baseUrl, 'GET', '/api/reviewer/opportunities', {
        cookie: pairs[0].cookie,
      })
    ).bytes;
    for (const call of calls) await loadOnce(call, WARMUP_SECONDS, connections);
  }
  log(
    `\nLoad: ${connections} connections, ${rounds} rounds x ${duration} s per call and mode, ` +
      `over the ${pairs.length} assigned pairs...`,
  );
  // Each call is measured in both modes back to back (the mode switched between them), the first
  // mode alternating, so that the machine's other load hits a pair alike; the ratio reported is
  // the median of the pairs' ratios.
  let switches = 0;
  for (let round = 1; round <= rounds; round++) {
    for (const call of calls) {
      const order = switches++ % 2 ? ['open', 'assigned'] : ['assigned', 'open'];
      const pair = {};
      for (const mode of order) {
        await setMode(baseUrl, adminCookie, mode);
        pair[mode] = await loadOnce(call, duration, connections);
        runs[call.name][mode].push(pair[mode]);
      }
      runs[call.name].ratios.push(pair.assigned.reqPerSec / pair.open.reqPerSec);
      const failures = pair.open.failures + pair.assigned.failures;
      log(
        `  round ${round}/${rounds} ${call.name}: open ${pair.open.reqPerSec.toFixed(0)} req/s, ` +
          `assigned ${pair.assigned.reqPerSec.toFixed(0)} req/s` +
          `${failures ? ` (${failures} failed)` : ''}`,
      );
    }
  }
  await setMode(baseUrl, adminCookie, 'open');

  const rows = calls.map((call) => {
    const open = median(runs[call.name].open.map((r) => r.reqPerSec));
    const assigned = median(runs[call.name].assigned.map((r) => r.reqPerSec));
    const ratio = median(runs[call.name].ratios);
    return {
      name: call.name,
      open,
      assigned,
      openP50: median(runs[call.name].open.map((r) => r.p50)),
      assignedP50: median(runs[call.name].assigned.map((r) => r.p50)),
      ratio,
      targetMet: ratio >= TARGETS.ratio,
      failures: [...runs[call.name].open, ...runs[call.name].assigned].reduce(
        (sum, r) => sum + r.failures,
        0,
      ),
      rounds: runs[call.name],
    };
  });
  log('');
  log(
    formatTable(
      [
        ['call', 'l'],
        ['open req/s', 'r'],
        ['p50 ms', 'r'],
        ['assigned req/s', 'r'],
        ['p50 ms', 'r'],
        ['assigned / open (paired)', 'r'],
        ['target', 'r'],
        ['failed', 'r'],
      ],
      rows.map((r) => [
        r.name,
        r.open.toFixed(0),
        r.openP50.toFixed(1),
        r.assigned.toFixed(0),
        r.assignedP50.toFixed(1),
        r.ratio.toFixed(2),
        `>= ${TARGETS.ratio} ${r.targetMet ? 'met' : 'MISSED'}`,
        r.failures,
      ]),
    ),
  );
  log(
    `  the list is ${bytes.open} bytes in 'open' mode (every opportunity) and ${bytes.assigned} ` +
      `bytes in 'assigned' mode (the reviewer's own)`,
  );
  return {
    reviewers,
    perOpportunity: PER_OPPORTUNITY,
    preview: {
      runsMs: preview.times,
      medianMs: median(preview.times),
      maxMs: Math.max(...preview.times),
      targetMet: Math.max(...preview.times) < TARGETS.previewMs,
      added: preview.plan.added.length,
      loadMin: Math.min(...loads),
      loadMax: Math.max(...loads),
    },
    listBytes: bytes,
    calls: rows,
  };
}
