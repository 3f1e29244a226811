// `npm run bench -- --review-clock`: the figures of issue 34 (the review clock, decision 0028).
//
// Seeds N reviewers x 50 published opportunities through the API, each reviewer reviewing and
// commenting on 49 of them, so that every reviewer still owes one: a reminder reaches all N. Then:
//   1. the clock's reads with one client: GET /api/admin/reminders/schedule (which counts who
//      owes work) and GET /api/reviewer/review-clock;
//   2. the reviewer's save and list with the clock off (no deadline, the spec) and on (a deadline
//      a month ahead with reminders), back to back in alternating order, as --review-cycle does:
//      the closed check is read in the save's own statement either way, so the ratio should be 1;
//   3. a reminder batch to all N: the offset's send time a few seconds ahead, then how long after
//      it the batch was queued (the server polls every REVIEW_CLOCK_POLL_SECONDS = 0.2 here) and
//      how long the outbox took to write the N emails;
//   4. the close: a deadline 2 s ahead while one client saves in a loop: the first refused save
//      against the deadline, and when the stored phase flipped.
import fs from 'node:fs';
import path from 'node:path';
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
  withCookie,
} from './lib.mjs';
import { scoresFor, seedOpportunities, seedReviewers, seedWork } from './seed.mjs';

/** The server's poll period for this benchmark (REVIEW_CLOCK_POLL_SECONDS). */
export const REVIEW_CLOCK_POLL_SECONDS = '0.2';
const READS = 21;
const WARMUP_SECONDS = 1;
const log = (message) => console.log(message);

async function setClock(baseUrl, adminCookie, key, value) {
  await request(baseUrl, 'POST', '/api/admin/settings', {
    cookie: adminCookie,
    body: { key, value },
  });
}

async function clockOff(baseUrl, adminCookie) {
  await setClock(baseUrl, adminCookie, 'review_deadline', '');
  await setClock(baseUrl, adminCookie, 'review_phase', 'open');
  await setClock(baseUrl, adminCookie, 'review_reminders', '');
}

async function clockOn(baseUrl, adminCookie) {
  const monthAhead = new Date(Date.now() + 30 * 86_400_000).toISOString();
  await setClock(baseUrl, adminCookie, 'review_deadline', monthAhead);
  await setClock(baseUrl, adminCookie, 'review_reminders', '7d,2d,6h');
}

/** Median milliseconds of `READS` sequential GETs. */
async function timeReads(baseUrl, urlPath, cookie) {
  const times = [];
  for (let i = 0; i < READS; i++) {
    const started = performance.now();
    await request(baseUrl, 'GET', urlPath, { cookie });
    times.push(performance.now() - started);
  }
  return median(times);
}

function callsFor(baseUrl, cookies, opportunityIds) {
  let next = 0;
  return [
    {
      name: 'GET /api/reviewer/opportunities',
      method: 'GET',
      path: '/api/reviewer/opportunities',
      setup: (req) => withCookie(req, cookies[next++ % cookies.length]),
    },
    {
      name: 'POST /api/reviewer/reviews',
      method: 'POST',
      path: '/api/reviewer/reviews',
      setup: (req) => {
        const i = next++;
        const j = i % (opportunityIds.length - 1);
        return withCookie(req, cookies[i % cookies.length], {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ opportunityId: opportunityIds[j], ...scoresFor(i, j + 1) }),
        });
      },
    },
  ].map((call) => ({ ...call, baseUrl }));
}

const emlCount = (dataDir) => {
  const dir = path.join(dataDir, 'mail');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).length : 0;
};

async function waitFor(check, timeoutMs, intervalMs = 50) {
  const started = performance.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() - started > timeoutMs) throw new Error('timed out');
    await sleep(intervalMs);
  }
}

/** Answers the figures; `server` was started with REVIEW_CLOCK_POLL_SECONDS above. */
export async function reviewClockBenchmark(server, { reviewers, rounds, duration, connections }) {
  const { baseUrl } = server;
  log(`Seeding ${reviewers} reviewers x ${OPPORTUNITIES} opportunities via the API...`);
  const adminCookie = await signIn(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const opportunityIds = await seedOpportunities(baseUrl, adminCookie);
  const cookies = await seedReviewers(baseUrl, adminCookie, 0, reviewers);
  // Every reviewer reviews 49 of the 50: each still owes the last one.
  const work = await seedWork(baseUrl, cookies, opportunityIds.slice(0, -1), { comments: true });
  log(`  ${work.writes} reviews and comments saved in ${work.seconds.toFixed(1)} s`);
  await settleDatabase(server);

  // 1. Reads.
  await clockOn(baseUrl, adminCookie);
  const reads = {
    scheduleMs: await timeReads(baseUrl, '/api/admin/reminders/schedule', adminCookie),
    reviewerClockMs: await timeReads(baseUrl, '/api/reviewer/review-clock', cookies[0]),
  };
  const { json: planned } = await request(baseUrl, 'GET', '/api/admin/reminders/schedule', {
    cookie: adminCookie,
  });
  log(
    `\nReads (one client, median of ${READS}): GET /api/admin/reminders/schedule ` +
      `${reads.scheduleMs.toFixed(1)} ms (would reach ${planned.offsets[0].wouldReach}), ` +
      `GET /api/reviewer/review-clock ${reads.reviewerClockMs.toFixed(1)} ms`,
  );

  // 2. Save and list, clock off against on, in pairs of alternating order.
  const calls = callsFor(baseUrl, cookies, opportunityIds);
  const runs = Object.fromEntries(calls.map((c) => [c.name, { off: [], on: [], ratios: [] }]));
  for (const state of ['off', 'on']) {
    await (state === 'on' ? clockOn : clockOff)(baseUrl, adminCookie);
    for (const call of calls) await loadOnce(call, WARMUP_SECONDS, connections);
  }
  log(`\nLoad: ${connections} connections, ${rounds} rounds x ${duration} s per call and state...`);
  let switches = 0;
  for (let round = 1; round <= rounds; round++) {
    for (const call of calls) {
      const order = switches++ % 2 ? ['off', 'on'] : ['on', 'off'];
      const pair = {};
      for (const state of order) {
        await (state === 'on' ? clockOn : clockOff)(baseUrl, adminCookie);
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
  const load = summarisePairs(calls, runs);
  log('');
  log(
    formatTable(
      [
        ['call', 'l'],
        ['clock off req/s', 'r'],
        ['clock on req/s', 'r'],
        ['on / off (paired)', 'r'],
        ['failed', 'r'],
      ],
      load.map((r) => [r.name, r.off.toFixed(0), r.on.toFixed(0), r.ratio.toFixed(3), r.failures]),
    ),
  );

  // 3. A reminder batch to every reviewer.
  await clockOff(baseUrl, adminCookie);
  const emailsBefore = emlCount(server.dataDir);
  const deadline = new Date(Date.now() + 60_000 + 4000);
  await setClock(baseUrl, adminCookie, 'review_reminders', '1m');
  await setClock(baseUrl, adminCookie, 'review_deadline', deadline.toISOString());
  const sent = await waitFor(async () => {
    const { json } = await request(baseUrl, 'GET', '/api/admin/reminders/schedule', {
      cookie: adminCookie,
    });
    return json.offsets[0].state === 'sent' ? json.offsets[0] : null;
  }, 60_000);
  const queuedAfterMs = Date.parse(sent.sentAt) - Date.parse(sent.sendAt);
  const drainStarted = performance.now();
  await waitFor(() => emlCount(server.dataDir) >= emailsBefore + sent.sentCount, 300_000, 100);
  const drainedMs = performance.now() - drainStarted;
  const batch = { reached: sent.sentCount, queuedAfterMs, outboxMs: drainedMs };
  log(
    `\nReminder batch: ${sent.sentCount} reviewers; queued ${queuedAfterMs} ms after its send ` +
      `time (poll ${REVIEW_CLOCK_POLL_SECONDS} s); the outbox wrote them in ` +
      `${(drainedMs / 1000).toFixed(1)} s more`,
  );

  // 4. The close: saves refused from the deadline, the stored phase flipped by the job. The
  // batch's deadline may have passed while the outbox wrote (at 1,000 reviewers it takes longer
  // than the minute), so the clock is reopened first.
  await clockOff(baseUrl, adminCookie);
  const closeAt = new Date(Date.now() + 2000);
  await setClock(baseUrl, adminCookie, 'review_deadline', closeAt.toISOString());
  let firstRefusedMs = null;
  let lastAcceptedMs = null;
  for (let i = 0; firstRefusedMs === null; i++) {
    const response = await fetch(`${baseUrl}/api/reviewer/reviews`, {
      method: 'POST',
      headers: { cookie: cookies[0], 'content-type': 'application/json' },
      body: JSON.stringify({ opportunityId: opportunityIds[0], ...scoresFor(i, 0) }),
    });
    await response.arrayBuffer();
    const at = Date.now() - closeAt.getTime();
    if (response.status === 409) firstRefusedMs = at;
    else if (response.ok) lastAcceptedMs = at;
    else throw new Error(`save answered ${response.status}`);
  }
  const flippedMs = await waitFor(async () => {
    const { json } = await request(baseUrl, 'GET', '/api/admin/settings/review_phase', {
      cookie: adminCookie,
    });
    return json.value === 'closed' ? Date.now() - closeAt.getTime() : null;
  }, 120_000);
  const close = { lastAcceptedMs, firstRefusedMs, phaseFlippedMs: flippedMs };
  log(
    `Close: last save accepted ${lastAcceptedMs} ms and first refused ${firstRefusedMs} ms from ` +
      `the deadline (answer times, this client's clock); stored phase closed ${flippedMs} ms after`,
  );
  return { reviewers, reads, load, batch, close };
}
