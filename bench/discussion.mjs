// `npm run bench -- --discussion`: the figures of issue 36 (deliberation, decision 0030).
//
// Seeds N reviewers x 50 published opportunities through the API, every reviewer reviewing and
// commenting on each. Then:
//   1. a thread of 500 posts on one opportunity, written by 100 reviewers (5 each, every tenth
//      mentioning the previous author): the POST's median latency with one client;
//   2. that thread read in one request (GET /api/opportunities/{id}/discussion) by an admin, by a
//      reviewer with names shown and with names hidden: one client's median latency and the
//      bytes; and GET /api/discussions/unread for a reviewer;
//   3. the reviewers' save (POST /api/reviewer/reviews, --connections) with no discussion and
//      while reviewers post 2 posts a second on the other 49 threads (7,200 an hour: a panel of
//      200 in full debate, well above a real one), in pairs of alternating order as
//      --review-clock does: the bound is a save figure within 5% of the quiet one;
//   4. the digests: how many went out for the 500 posts and how long the outbox took.
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
  timeGets,
  timeOne,
  withCookie,
} from './lib.mjs';
import { scoresFor, seedOpportunities, seedReviewers, seedWork } from './seed.mjs';

const THREAD_POSTS = 500;
const POSTERS = 100;
const READS = 21;
const WARMUP_SECONDS = 1;
const BACKGROUND_POSTERS = 4;
/** The background posters' pace, all together. */
const BACKGROUND_POSTS_PER_SECOND = 2;
const log = (message) => console.log(message);

const postBody = (k) =>
  `Post ${k + 1} of the bench thread: the pilot's payback depends on the heat price.\n` +
  'A second line with a link https://example.com/evidence and some more words to read.';

async function setSetting(baseUrl, adminCookie, key, value) {
  await request(baseUrl, 'POST', '/api/admin/settings', {
    cookie: adminCookie,
    body: { key, value },
  });
}

/** Writes the 500-post thread; answers the POST's median latency. */
async function writeThread(baseUrl, cookies, opportunityId) {
  const threadPath = `/api/opportunities/${opportunityId}/discussion`;
  // Each poster's own handle as others see it with names shown: their user id, from the list.
  const { json: thread } = await request(baseUrl, 'GET', threadPath, { cookie: cookies[0] });
  const handles = new Map(thread.mentionable.map((p) => [p.label, p.handle]));
  const times = [];
  for (let k = 0; k < THREAD_POSTS; k++) {
    const poster = k % POSTERS;
    const previous = (k + POSTERS - 1) % POSTERS;
    const mention = k % 10 === 9 ? handles.get(`Bench Reviewer ${previous}`) : undefined;
    times.push(
      await timeOne(() =>
        request(baseUrl, 'POST', threadPath, {
          cookie: cookies[poster],
          body: { body: postBody(k), ...(mention ? { mentions: [mention] } : {}) },
        }),
      ),
    );
  }
  return median(times);
}

const emlCount = (dataDir) => {
  const dir = path.join(dataDir, 'mail');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).length : 0;
};

/** Answers the figures; `server` was started with REVIEW_CLOCK_POLL_SECONDS (the digest's poll). */
export async function discussionBenchmark(server, { reviewers, rounds, duration, connections }) {
  const { baseUrl } = server;
  log(`Seeding ${reviewers} reviewers x ${OPPORTUNITIES} opportunities via the API...`);
  const adminCookie = await signIn(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const opportunityIds = await seedOpportunities(baseUrl, adminCookie);
  const cookies = await seedReviewers(baseUrl, adminCookie, 0, reviewers);
  const work = await seedWork(baseUrl, cookies, opportunityIds, { comments: true });
  log(`  ${work.writes} reviews and comments saved in ${work.seconds.toFixed(1)} s`);
  await settleDatabase(server);
  const emailsBefore = emlCount(server.dataDir);

  // 1. The thread.
  const threadId = opportunityIds[0];
  const postMs = await writeThread(baseUrl, cookies.slice(0, POSTERS), threadId);
  log(`\n${THREAD_POSTS} posts by ${POSTERS} reviewers: POST median ${postMs.toFixed(1)} ms`);

  // 2. Reads.
  const threadPath = `/api/opportunities/${threadId}/discussion`;
  const reads = {
    admin: await timeGets(baseUrl, threadPath, adminCookie, { reads: READS }),
    reviewerNamesShown: await timeGets(baseUrl, threadPath, cookies[POSTERS], { reads: READS }),
  };
  await setSetting(baseUrl, adminCookie, 'show_reviewer_names', 'false');
  reads.reviewerNamesHidden = await timeGets(baseUrl, threadPath, cookies[POSTERS], {
    reads: READS,
  });
  await setSetting(baseUrl, adminCookie, 'show_reviewer_names', 'true');
  reads.unread = await timeGets(baseUrl, '/api/discussions/unread', cookies[1], { reads: READS });
  log(
    formatTable(
      [
        ['read (one client, median of 21)', 'l'],
        ['ms', 'r'],
        ['bytes', 'r'],
      ],
      [
        ['thread of 500, admin', reads.admin],
        ['thread of 500, reviewer, names shown', reads.reviewerNamesShown],
        ['thread of 500, reviewer, names hidden', reads.reviewerNamesHidden],
        ['GET /api/discussions/unread', reads.unread],
      ].map(([name, r]) => [name, r.ms.toFixed(1), r.bytes]),
    ),
  );

  // 3. The save, quiet and while others post.
  let next = 0;
  const save = {
    name: 'POST /api/reviewer/reviews',
    method: 'POST',
    path: '/api/reviewer/reviews',
    baseUrl,
    setup: (req) => {
      const i = next++;
      const j = i % opportunityIds.length;
      return withCookie(req, cookies[i % cookies.length], {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ opportunityId: opportunityIds[j], ...scoresFor(i, j + 1) }),
      });
    },
  };
  let posting = false;
  let backgroundPosts = 0;
  const posters = Array.from({ length: BACKGROUND_POSTERS }, async (_, p) => {
    for (let k = 0; ; k++) {
      if (posting === null) return;
      if (!posting) {
        await sleep(20);
        continue;
      }
      const i = (p * 37 + k) % cookies.length;
      const j = 1 + ((p + k) % (OPPORTUNITIES - 1));
      const started = performance.now();
      await request(baseUrl, 'POST', `/api/opportunities/${opportunityIds[j]}/discussion`, {
        cookie: cookies[i],
        body: { body: postBody(k) },
      });
      backgroundPosts++;
      const interval = (1000 * BACKGROUND_POSTERS) / BACKGROUND_POSTS_PER_SECOND;
      await sleep(Math.max(0, interval - (performance.now() - started)));
    }
  });
  const runs = { [save.name]: { off: [], on: [], ratios: [] } };
  for (const state of ['off', 'on']) {
    posting = state === 'on';
    await loadOnce(save, WARMUP_SECONDS, connections);
  }
  log(`\nSave: ${connections} connections, ${rounds} rounds x ${duration} s, quiet and posting...`);
  let postSeconds = 0;
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 ? ['on', 'off'] : ['off', 'on'];
    const pair = {};
    for (const state of order) {
      posting = state === 'on';
      const before = backgroundPosts;
      pair[state] = await loadOnce(save, duration, connections);
      if (posting) postSeconds += duration;
      if (posting) pair.postsPerSecond = (backgroundPosts - before) / duration;
      runs[save.name][state].push(pair[state]);
    }
    runs[save.name].ratios.push(pair.on.reqPerSec / pair.off.reqPerSec);
    log(
      `  round ${round}/${rounds}: quiet ${pair.off.reqPerSec.toFixed(0)}, while posting ` +
        `${pair.on.reqPerSec.toFixed(0)} req/s (${pair.postsPerSecond.toFixed(0)} posts/s)`,
    );
  }
  posting = null;
  await Promise.all(posters);
  const [load] = summarisePairs([save], runs);
  log(
    `  median: quiet ${load.off.toFixed(0)}, posting ${load.on.toFixed(0)} req/s, ` +
      `posting / quiet ${load.ratio.toFixed(3)} (${backgroundPosts} posts in ${postSeconds} s)`,
  );

  // 4. The digests of everything above: one per person per window, written by the outbox.
  const drainStarted = performance.now();
  let settled = emlCount(server.dataDir);
  for (let quiet = 0; quiet < 10; ) {
    await sleep(500);
    const count = emlCount(server.dataDir);
    quiet = count === settled ? quiet + 1 : 0;
    settled = count;
  }
  const digests = {
    emails: settled - emailsBefore,
    seconds: (performance.now() - drainStarted) / 1000 - 5,
  };
  log(
    `\nDigests: ${digests.emails} emails (the ${POSTERS} posters and those mentioned, one each ` +
      `in the window) written within ${Math.max(0, digests.seconds).toFixed(1)} s of the load`,
  );
  return { reviewers, posts: THREAD_POSTS, postMs, reads, load, backgroundPosts, digests };
}
