// `npm run bench -- --decisions`: the figures of issue 35 (decisions and letters, decision 0029).
//
// Seeds N reviewers x 50 published opportunities through the API, every reviewer reviewing and
// commenting on each, and gives every opportunity an owner (PATCH ownerName, ownerEmail). Then:
//   1. GET /api/admin/decisions with no decision (autocannon, --connections; and one client);
//   2. one client PUTs a draft on each of the 50 (mixed outcomes: 10 accepted, 5 waitlisted,
//      5 shortlisted, 30 declined): the PUT's latency; the letter of the measured opportunity
//      quoting 20 comments (10 reviewers x 2 fields) saved; then --rounds releases of the 50
//      drafts with sendLetters (each after a bulk re-draft of the 50): the release's latency, its
//      dry run, and how long the outbox took to write the 50 letters; finally 10 drafts over the
//      released ones, so that the list holds both states and the waitlist is 5;
//   3. with all 50 decided: the list, the panel (GET .../decision), the letter editor (GET
//      .../letter, every reviewer's comments) and the rendered letter (GET .../feedback), with
//      autocannon in interleaved rounds, one client's median latency, and the response bytes;
//   4. the reviewer's list, detail and save with show_decisions_to_reviewers 'false' and 'true'
//      (50 released outcomes), in pairs of alternating order as --review-clock does: the feature's
//      cost for reviewers, whose list and detail statements probe the setting either way.
import fs from 'node:fs';
import path from 'node:path';
import {
  draftAll,
  outcomeOf,
  rationaleOf,
  redraftSome,
  saveLetter,
  setOwners,
} from './decisions-arrange.mjs';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  formatTable,
  loadOnce,
  median,
  OPPORTUNITIES,
  request,
  settleDatabase,
  signIn,
  sleep,
  summarisePairs,
  timeGets,
  withCookie,
} from './lib.mjs';
import { scoresFor, seedOpportunities, seedReviewers, seedWork } from './seed.mjs';

const READS = 21;
const WARMUP_SECONDS = 1;
const log = (message) => console.log(message);

async function timed(work) {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
};

const emlCount = (dataDir) => {
  const dir = path.join(dataDir, 'mail');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).length : 0;
};

async function waitFor(check, timeoutMs, intervalMs = 50) {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error('timed out');
    await sleep(intervalMs);
  }
}

/** Autocannon rounds of `calls` in turn after a warm-up: medians, plus one client's latency. */
async function loadAdminReads(baseUrl, adminCookie, calls, { rounds, duration, connections }) {
  const runs = new Map(calls.map((call) => [call.name, []]));
  for (const call of calls) {
    Object.assign(call, await timeGets(baseUrl, call.path, adminCookie, { reads: READS }));
    await loadOnce(call, WARMUP_SECONDS, connections);
  }
  for (let round = 1; round <= rounds; round++) {
    for (const call of calls) {
      const run = await loadOnce(call, duration, connections);
      runs.get(call.name).push(run);
      log(`  round ${round}/${rounds} ${call.name}: ${run.reqPerSec.toFixed(0)} req/s`);
    }
  }
  return calls.map((call) => {
    const r = runs.get(call.name);
    return {
      name: call.name,
      state: call.state,
      reqPerSec: median(r.map((x) => x.reqPerSec)),
      p50: median(r.map((x) => x.p50)),
      p99: median(r.map((x) => x.p99)),
      oneClientMs: call.ms,
      bytes: call.bytes,
      failures: r.reduce((sum, x) => sum + x.failures, 0),
    };
  });
}

function adminCall(baseUrl, adminCookie, name, urlPath, state) {
  return {
    name,
    state,
    baseUrl,
    method: 'GET',
    path: urlPath,
    setup: (req) => withCookie(req, adminCookie),
  };
}

function reviewerCalls(baseUrl, cookies, opportunityIds) {
  let next = 0;
  return [
    {
      name: 'GET /api/reviewer/opportunities',
      method: 'GET',
      path: '/api/reviewer/opportunities',
      setup: (req) => withCookie(req, cookies[next++ % cookies.length]),
    },
    {
      name: 'GET /api/reviewer/opportunities/{id}',
      method: 'GET',
      path: `/api/reviewer/opportunities/${opportunityIds[0]}`,
      setup: (req) => {
        const i = next++;
        return withCookie(req, cookies[i % cookies.length], {
          path: `/api/reviewer/opportunities/${opportunityIds[i % opportunityIds.length]}`,
        });
      },
    },
    {
      name: 'POST /api/reviewer/reviews',
      method: 'POST',
      path: '/api/reviewer/reviews',
      setup: (req) => {
        const i = next++;
        const j = i % opportunityIds.length;
        return withCookie(req, cookies[i % cookies.length], {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ opportunityId: opportunityIds[j], ...scoresFor(i, j + 1) }),
        });
      },
    },
  ].map((call) => ({ ...call, baseUrl }));
}

const showDecisions = (baseUrl, adminCookie, on) =>
  request(baseUrl, 'POST', '/api/admin/settings', {
    cookie: adminCookie,
    body: { key: 'show_decisions_to_reviewers', value: on ? 'true' : 'false' },
  });

/** Answers the figures of the four parts above. */
export async function decisionsBenchmark(server, { reviewers, rounds, duration, connections }) {
  const { baseUrl } = server;
  log(`Seeding ${reviewers} reviewers x ${OPPORTUNITIES} opportunities via the API...`);
  const adminCookie = await signIn(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const opportunityIds = await seedOpportunities(baseUrl, adminCookie);
  const cookies = await seedReviewers(baseUrl, adminCookie, 0, reviewers);
  const work = await seedWork(baseUrl, cookies, opportunityIds, { comments: true });
  log(`  ${work.writes} reviews and comments saved in ${work.seconds.toFixed(1)} s`);
  await setOwners(baseUrl, adminCookie, opportunityIds);
  await settleDatabase(server);
  const measuredId = opportunityIds[0];
  const options = { rounds, duration, connections };

  // 1. The list with no decision.
  log(`\nNo decision: ${connections} connections, ${rounds} rounds x ${duration} s...`);
  const empty = await loadAdminReads(
    baseUrl,
    adminCookie,
    [adminCall(baseUrl, adminCookie, 'GET /api/admin/decisions', '/api/admin/decisions', 'none')],
    options,
  );

  // 2. Writes, one client.
  const putTimes = [];
  for (const [j, id] of opportunityIds.entries()) {
    const { ms } = await timed(() =>
      request(baseUrl, 'PUT', `/api/admin/opportunities/${id}/decision`, {
        cookie: adminCookie,
        body: { outcome: outcomeOf(j), rationale: rationaleOf(j) },
      }),
    );
    putTimes.push(ms);
  }
  const letter = await saveLetter(baseUrl, adminCookie, measuredId);
  const releases = [];
  for (let round = 1; round <= rounds; round++) {
    const bulk =
      round === 1 ? null : await timed(() => draftAll(baseUrl, adminCookie, opportunityIds, round));
    const dryRun = await timed(() =>
      request(baseUrl, 'POST', '/api/admin/decisions/release', {
        cookie: adminCookie,
        body: { sendLetters: true, dryRun: true },
      }),
    );
    const before = emlCount(server.dataDir);
    const release = await timed(() =>
      request(baseUrl, 'POST', '/api/admin/decisions/release', {
        cookie: adminCookie,
        body: { sendLetters: true },
      }),
    );
    const { released, letters } = release.result.json;
    const outboxMs = await waitFor(
      () => emlCount(server.dataDir) >= before + letters.length,
      300_000,
    );
    releases.push({
      released: released.length,
      letters: letters.length,
      ms: release.ms,
      dryRunMs: dryRun.ms,
      bulkDraftMs: bulk?.ms ?? null,
      outboxMs,
      bytes: release.result.bytes,
    });
    log(
      `  release ${round}/${rounds}: ${released.length} drafts, ${letters.length} letters in ` +
        `${release.ms.toFixed(0)} ms (dry run ${dryRun.ms.toFixed(0)} ms); outbox wrote them in ` +
        `${(outboxMs / 1000).toFixed(1)} s more`,
    );
  }
  await redraftSome(baseUrl, adminCookie, opportunityIds);
  const writes = {
    put: {
      count: putTimes.length,
      medianMs: median(putTimes),
      p90Ms: percentile(putTimes, 90),
      maxMs: Math.max(...putTimes),
    },
    letter,
    release: {
      rounds: releases,
      medianMs: median(releases.map((r) => r.ms)),
      dryRunMedianMs: median(releases.map((r) => r.dryRunMs)),
      outboxMedianMs: median(releases.map((r) => r.outboxMs)),
    },
  };
  log(
    `\nWrites (one client): PUT .../decision median ${writes.put.medianMs.toFixed(1)} ms ` +
      `(p90 ${writes.put.p90Ms.toFixed(1)}, max ${writes.put.maxMs.toFixed(1)}) over 50; ` +
      `PUT .../letter with ${letter.items} comments ${letter.ms.toFixed(1)} ms; ` +
      `POST /decisions/release of 50 with letters median ${writes.release.medianMs.toFixed(0)} ms ` +
      `(dry run ${writes.release.dryRunMedianMs.toFixed(0)} ms)`,
  );

  // 3. The reads with all 50 decided.
  await settleDatabase(server);
  log(`\nAll 50 decided: ${connections} connections, ${rounds} rounds x ${duration} s...`);
  const opportunity = `/api/admin/opportunities/${measuredId}`;
  const decided = await loadAdminReads(
    baseUrl,
    adminCookie,
    [
      adminCall(baseUrl, adminCookie, 'GET /api/admin/decisions', '/api/admin/decisions', '50'),
      adminCall(baseUrl, adminCookie, 'GET .../{id}/decision', `${opportunity}/decision`, '50'),
      adminCall(baseUrl, adminCookie, 'GET .../{id}/letter', `${opportunity}/letter`, '50'),
      adminCall(baseUrl, adminCookie, 'GET .../{id}/feedback', `${opportunity}/feedback`, '50'),
    ],
    options,
  );
  const { json: list } = await request(baseUrl, 'GET', '/api/admin/decisions', {
    cookie: adminCookie,
  });
  const arranged = {
    entries: list.decisions.length,
    drafts: list.decisions.filter((d) => d.state === 'draft').length,
    released: list.decisions.filter((d) => d.state === 'released').length,
    waitlist: list.waitlist.length,
    accepted: list.acceptedCount,
  };
  const { json: editor } = await request(baseUrl, 'GET', `${opportunity}/letter`, {
    cookie: adminCookie,
  });
  arranged.letterSources = editor.sources.length;
  arranged.letterItems = editor.items.length;
  const exportCall = await timed(() =>
    fetch(`${baseUrl}/api/admin/export/decisions`, { headers: { cookie: adminCookie } }).then((r) =>
      r.arrayBuffer(),
    ),
  );
  arranged.exportMs = exportCall.ms;
  arranged.exportBytes = exportCall.result.byteLength;

  const adminReads = [...empty, ...decided];
  log('');
  log(
    formatTable(
      [
        ['call', 'l'],
        ['decisions', 'l'],
        ['req/s', 'r'],
        ['p50 ms', 'r'],
        ['p99 ms', 'r'],
        ['1 client ms', 'r'],
        ['bytes', 'r'],
        ['failed', 'r'],
      ],
      adminReads.map((r) => [
        r.name,
        r.state,
        r.reqPerSec.toFixed(0),
        r.p50.toFixed(1),
        r.p99.toFixed(1),
        r.oneClientMs.toFixed(1),
        r.bytes,
        r.failures,
      ]),
    ),
  );
  log(
    `  (${arranged.entries} entries: ${arranged.released} released, ${arranged.drafts} drafts; ` +
      `waitlist ${arranged.waitlist}; the editor lists ${arranged.letterSources} reviewers, the ` +
      `letter quotes ${arranged.letterItems}; GET /api/admin/export/decisions ` +
      `${arranged.exportBytes} bytes in ${arranged.exportMs.toFixed(0)} ms)`,
  );

  // 4. The reviewer's calls with the setting off and on.
  const calls = reviewerCalls(baseUrl, cookies, opportunityIds);
  const runs = Object.fromEntries(calls.map((c) => [c.name, { off: [], on: [], ratios: [] }]));
  const bytes = {};
  for (const on of [false, true]) {
    await showDecisions(baseUrl, adminCookie, on);
    const state = on ? 'on' : 'off';
    bytes[state] = {
      list: (await request(baseUrl, 'GET', '/api/reviewer/opportunities', { cookie: cookies[0] }))
        .bytes,
      detail: (
        await request(baseUrl, 'GET', `/api/reviewer/opportunities/${measuredId}`, {
          cookie: cookies[0],
        })
      ).bytes,
    };
    for (const call of calls) await loadOnce(call, WARMUP_SECONDS, connections);
  }
  log(
    `\nReviewers, show_decisions_to_reviewers 'false' against 'true': ${connections} ` +
      `connections, ${rounds} rounds x ${duration} s per call and state...`,
  );
  let switches = 0;
  for (let round = 1; round <= rounds; round++) {
    for (const call of calls) {
      const order = switches++ % 2 ? ['off', 'on'] : ['on', 'off'];
      const pair = {};
      for (const state of order) {
        await showDecisions(baseUrl, adminCookie, state === 'on');
        pair[state] = await loadOnce(call, duration, connections);
        runs[call.name][state].push(pair[state]);
      }
      runs[call.name].ratios.push(pair.on.reqPerSec / pair.off.reqPerSec);
      log(
        `  round ${round}/${rounds} ${call.name}: off ${pair.off.reqPerSec.toFixed(0)}, ` +
          `on ${pair.on.reqPerSec.toFixed(0)} req/s`,
      );
    }
  }
  await showDecisions(baseUrl, adminCookie, false);
  const reviewer = summarisePairs(calls, runs);
  log('');
  log(
    formatTable(
      [
        ['call', 'l'],
        ["'false' req/s", 'r'],
        ["'true' req/s", 'r'],
        ['p50 ms false / true', 'r'],
        ['true / false (paired)', 'r'],
        ['failed', 'r'],
      ],
      reviewer.map((r) => [
        r.name,
        r.off.toFixed(0),
        r.on.toFixed(0),
        `${r.offP50.toFixed(1)} / ${r.onP50.toFixed(1)}`,
        r.ratio.toFixed(3),
        r.failures,
      ]),
    ),
  );
  log(
    `  bytes: list ${bytes.off.list} ('false') / ${bytes.on.list} ('true'), ` +
      `detail ${bytes.off.detail} / ${bytes.on.detail}`,
  );
  return {
    reviewers,
    seeding: { writes: work.writes, seconds: work.seconds },
    adminReads,
    arranged,
    writes,
    reviewer,
    reviewerBytes: bytes,
  };
}
