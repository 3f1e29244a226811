// `npm run bench -- --ballot`: the figures of issue 37 (the finalist ballot, decision 0031).
//
// Seeds N reviewers x 50 published opportunities through the API, every reviewer reviewing each
// (Results' calibrated scores are the ballot page's score order), drafts `shortlisted` on 10 of
// them and opens the ballot. Then:
//   1. every reviewer saves a ballot (PUT /api/reviewer/ballot): a noisy order of the 10, every
//      fourth with two finalists tied, every fifth ranking only its first six: the PUT's median
//      latency with one client, then all N ballots at SEED_CONCURRENCY;
//   2. a reviewer's GET /api/reviewer/ballot, one client's median;
//   3. the count: GET /api/admin/ballot/results (N ballots over 10 candidates, the Schulze count,
//      Borda, the score order from Results and 1,000 resamples of the ballots), one client's
//      median and the bytes, first the cold call and then READS warm ones; and the CSV export.
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  forEachLimit,
  formatTable,
  median,
  request,
  settleDatabase,
  signIn,
  timeGets,
  timeOne,
} from './lib.mjs';
import { SEED_CONCURRENCY, seedOpportunities, seedReviewers, seedWork } from './seed.mjs';

const CANDIDATES = 10;
const SEQUENTIAL_PUTS = 40;
const READS = 21;
const log = (message) => console.log(message);

/** A small deterministic hash in [0, 1) for reviewer i and candidate j. */
const noise = (i, j) => (((i * 2654435761 + j * 40503) >>> 0) % 1000) / 1000;

/** Reviewer i's ballot over `ids`: candidate j's quality falls with j, blurred by noise. */
export function ballotOf(i, ids) {
  const order = ids
    .map((id, j) => ({ id, value: j + 4 * noise(i, j) }))
    .sort((a, b) => a.value - b.value)
    .map(({ id }) => id);
  const ranked = i % 5 === 0 ? order.slice(0, 6) : order;
  const groups = ranked.map((id) => [id]);
  if (i % 4 === 0 && groups.length > 3) groups.splice(2, 2, [...groups[2], ...groups[3]]);
  return groups;
}

export async function ballotBenchmark(server, { reviewers }) {
  const { baseUrl } = server;
  const adminCookie = await signIn(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  log(`Seeding ${reviewers} reviewers x 50 opportunities (reviews only)...`);
  const opportunityIds = await seedOpportunities(baseUrl, adminCookie);
  const cookies = await seedReviewers(baseUrl, adminCookie, 0, reviewers);
  await seedWork(baseUrl, cookies, opportunityIds, { comments: false });
  const candidates = opportunityIds.slice(0, CANDIDATES);
  await request(baseUrl, 'POST', '/api/admin/decisions/bulk', {
    cookie: adminCookie,
    body: { ids: candidates, outcome: 'shortlisted', rationale: 'Bench: the finalists.' },
  });
  await request(baseUrl, 'POST', '/api/admin/settings', {
    cookie: adminCookie,
    body: { key: 'ballot_open', value: 'true' },
  });
  await settleDatabase(server);

  log(`Saving ${reviewers} ballots over ${CANDIDATES} finalists...`);
  const putTimes = [];
  for (let i = 0; i < Math.min(SEQUENTIAL_PUTS, reviewers); i++) {
    putTimes.push(
      await timeOne(() =>
        request(baseUrl, 'PUT', '/api/reviewer/ballot', {
          cookie: cookies[i],
          body: { ranking: ballotOf(i, candidates) },
        }),
      ),
    );
  }
  const started = performance.now();
  await forEachLimit(cookies, SEED_CONCURRENCY, (cookie, i) =>
    request(baseUrl, 'PUT', '/api/reviewer/ballot', {
      cookie,
      body: { ranking: ballotOf(i, candidates) },
    }),
  );
  const putAllSeconds = (performance.now() - started) / 1000;
  const reviewerRead = await timeGets(baseUrl, '/api/reviewer/ballot', cookies[1], {
    reads: READS,
  });

  const resultsPath = '/api/admin/ballot/results';
  const coldMs = await timeOne(() => request(baseUrl, 'GET', resultsPath, { cookie: adminCookie }));
  const results = await timeGets(baseUrl, resultsPath, adminCookie, {
    reads: READS,
    metric: 'count',
  });
  const csv = await timeGets(baseUrl, '/api/admin/export/ballot', adminCookie, { reads: READS });
  const { json: count } = await request(baseUrl, 'GET', resultsPath, { cookie: adminCookie });

  log('');
  log(
    formatTable(
      [
        ['call', 'l'],
        ['median ms', 'r'],
        ['bytes', 'r'],
      ],
      [
        ['PUT /api/reviewer/ballot (one client)', median(putTimes).toFixed(1), ''],
        [`PUT x ${reviewers} at ${SEED_CONCURRENCY} connections (s)`, putAllSeconds.toFixed(2), ''],
        ['GET /api/reviewer/ballot', reviewerRead.ms.toFixed(1), String(reviewerRead.bytes)],
        [`GET ${resultsPath} (first call)`, coldMs.toFixed(1), ''],
        [`GET ${resultsPath}`, results.ms.toFixed(1), String(results.bytes)],
        ['  of which the count (Server-Timing)', results.serverMs.toFixed(1), ''],
        ['GET /api/admin/export/ballot', csv.ms.toFixed(1), String(csv.bytes)],
      ],
    ),
  );
  log(`Ballots counted: ${count.ballots}; winner: ${count.winner.message}`);
  return {
    reviewers,
    candidates: CANDIDATES,
    ballots: count.ballots,
    putMs: median(putTimes),
    putAllSeconds,
    reviewerReadMs: reviewerRead.ms,
    resultsColdMs: coldMs,
    resultsMs: results.ms,
    countMs: results.serverMs,
    resultsBytes: results.bytes,
    csvMs: csv.ms,
    winner: count.winner.message,
  };
}
