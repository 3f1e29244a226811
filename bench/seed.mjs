// Seeding a review cycle through the API, as an administrator and reviewers would (shared by
// the scripts of bench/): opportunities, reviewer accounts signed in, reviews and comments.
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  forEachLimit,
  OPPORTUNITIES,
  REVIEWER_PASSWORD,
  request,
  settleDatabase,
  signIn,
} from './lib.mjs';

const ACCOUNT_CONCURRENCY = 8; // creating and signing in hash passwords (argon2id) on the server

/** Writes in flight while seeding reviews and comments. */
export const SEED_CONCURRENCY = 32;

/** Creates and publishes the `count` (default 50) opportunities of a cycle; answers their ids. */
export async function seedOpportunities(baseUrl, adminCookie, count = OPPORTUNITIES) {
  const ids = new Array(count);
  const numbers = Array.from({ length: count }, (_, i) => i + 1);
  await forEachLimit(numbers, 4, async (number, index) => {
    const { json } = await request(baseUrl, 'POST', '/api/admin/opportunities', {
      cookie: adminCookie,
      body: {
        number,
        title: `Bench opportunity ${number}: a modular heat pump for district networks`,
        description:
          'A retrofit kit that turns existing district heating substations into reversible heat ' +
          'pumps, cutting peak gas demand while reusing the installed pipework. '.repeat(2),
        tags: ['energy', 'retrofit', `cluster-${number % 5}`],
        batch: `Batch ${(number % 3) + 1}`,
      },
    });
    await request(baseUrl, 'PATCH', `/api/admin/opportunities/${json.id}`, {
      cookie: adminCookie,
      body: { status: 'published' },
    });
    ids[index] = json.id;
  });
  return ids;
}

/** Creates reviewers `from`..`from+count-1` and signs each in; answers their cookies. */
export async function seedReviewers(baseUrl, adminCookie, from, count) {
  const indexes = Array.from({ length: count }, (_, i) => from + i);
  const cookies = new Array(count);
  await forEachLimit(indexes, ACCOUNT_CONCURRENCY, async (i, position) => {
    const email = `reviewer${i}@bench.example.com`;
    await request(baseUrl, 'POST', '/api/admin/reviewers', {
      cookie: adminCookie,
      body: { name: `Bench Reviewer ${i}`, email, password: REVIEWER_PASSWORD },
    });
    cookies[position] = await signIn(baseUrl, email, REVIEWER_PASSWORD);
  });
  return cookies;
}

/** Reviewer `i`'s scores for opportunity `j`: spread over 1-5, the same on every run. */
export const scoresFor = (i, j) => ({
  strategicAlignment: ((i + j) % 5) + 1,
  sustainability: ((i * 3 + j) % 5) + 1,
  technologyReadiness: ((i + j * 2) % 5) + 1,
  marketPotential: ((i * 7 + j * 3) % 5) + 1,
  businessPotential: ((i + j * 5 + 1) % 5) + 1,
});

/** Every reviewer saves a review (and a comment) on every opportunity; answers writes/s. */
export async function seedWork(baseUrl, cookies, opportunityIds, { comments, offset = 0 }) {
  const tasks = [];
  cookies.forEach((cookie, i) => {
    opportunityIds.forEach((opportunityId, j) => {
      tasks.push({ kind: 'review', cookie, i: i + offset, j, opportunityId });
      if (comments) tasks.push({ kind: 'comment', cookie, i: i + offset, j, opportunityId });
    });
  });
  const started = performance.now();
  await forEachLimit(tasks, SEED_CONCURRENCY, async ({ kind, cookie, i, j, opportunityId }) => {
    if (kind === 'review') {
      await request(baseUrl, 'POST', '/api/reviewer/reviews', {
        cookie,
        body: { opportunityId, ...scoresFor(i, j) },
      });
    } else {
      await request(baseUrl, 'POST', '/api/reviewer/comments', {
        cookie,
        body: {
          opportunityId,
          howToBiggerBetter: `Reviewer ${i} on opportunity ${j + 1}: partner with two utilities.`,
          challenges: 'Permitting for the substations takes long; the payback depends on prices.',
          howToGetGoing: 'Pilot in one district with an existing heat network next winter.',
          otherComments: null,
        },
      });
    }
  });
  const seconds = (performance.now() - started) / 1000;
  return { writes: tasks.length, seconds, writesPerSecond: tasks.length / seconds };
}

/**
 * A review cycle at scale through the API, as `npm run bench` seeds it: `opportunities` published
 * opportunities and `reviewers` reviewers who each review and comment on every one of them.
 * Answers the admin's and the reviewers' cookies and the opportunity ids.
 */
export async function seedReviewCycle(baseUrl, { reviewers, opportunities, log = () => {} }) {
  const adminCookie = await signIn(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  let started = performance.now();
  const opportunityIds = await seedOpportunities(baseUrl, adminCookie, opportunities);
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  log(`  ${opportunities} opportunities created and published in ${seconds()} s`);
  started = performance.now();
  const cookies = await seedReviewers(baseUrl, adminCookie, 0, reviewers);
  log(`  ${reviewers} reviewers created and signed in in ${seconds()} s`);
  const work = await seedWork(baseUrl, cookies, opportunityIds, { comments: true });
  log(`  ${work.writes} reviews and comments saved in ${work.seconds.toFixed(1)} s`);
  return { adminCookie, cookies, opportunityIds };
}

/**
 * The pages `npm run lighthouse` audits: the login page, the reviewer
 * list and a detail page (of `opportunityId`), and every admin page (web/app/router.tsx).
 */
export function measuredPages({ adminCookie, reviewerCookie, opportunityId }) {
  const admin = (name, pagePath) => ({ name, path: pagePath, cookie: adminCookie });
  return [
    { name: 'login', path: '/login' },
    { name: 'reviewer list', path: '/reviewer/opportunities', cookie: reviewerCookie },
    {
      name: 'reviewer detail',
      path: `/reviewer/opportunities/${opportunityId}`,
      cookie: reviewerCookie,
    },
    admin('admin dashboard', '/admin/dashboard'),
    admin('admin reviewers', '/admin/reviewers'),
    admin('admin opportunities', '/admin/opportunities'),
    admin('admin analytics', '/admin/analytics'),
    admin('admin results', '/admin/results'),
    admin('admin exports', '/admin/exports'),
    admin('admin assignments', '/admin/assignments'),
    admin('admin decisions', '/admin/results/decisions'),
    admin('admin decision panel', `/admin/results/decisions/${opportunityId}`),
  ];
}

/** Turns on 'Show Reviewer Comments', so that a detail page shows the other reviewers'. */
export async function showReviewerComments(baseUrl, adminCookie) {
  await request(baseUrl, 'POST', '/api/admin/settings', {
    cookie: adminCookie,
    body: { key: 'show_reviewer_comments', value: 'true' },
  });
}

// --- Seeding through the API ----------------------------------------------------------------------

/** A whole cycle through the API, then `vacuum (analyze)`; answers the cookies and ids. */
export async function seedCycle(server, reviewers, log) {
  const adminCookie = await signIn(server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  let started = performance.now();
  const opportunityIds = await seedOpportunities(server.baseUrl, adminCookie);
  const opportunitySeconds = (performance.now() - started) / 1000;
  log(
    `  ${OPPORTUNITIES} opportunities created and published in ${opportunitySeconds.toFixed(1)} s`,
  );
  started = performance.now();
  const cookies = await seedReviewers(server.baseUrl, adminCookie, 0, reviewers);
  const accountSeconds = (performance.now() - started) / 1000;
  log(`  ${reviewers} reviewers created and signed in in ${accountSeconds.toFixed(1)} s`);
  const work = await seedWork(server.baseUrl, cookies, opportunityIds, { comments: true });
  log(
    `  ${work.writes} reviews and comments saved in ${work.seconds.toFixed(1)} s: ` +
      `${work.writesPerSecond.toFixed(0)} writes/s (${SEED_CONCURRENCY} in flight)`,
  );
  started = performance.now();
  await settleDatabase(server);
  log(`  vacuum (analyze) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return {
    adminCookie,
    cookies,
    opportunityIds,
    seeding: {
      opportunities: OPPORTUNITIES,
      opportunitySeconds,
      reviewers,
      accountSeconds,
      accountsPerSecond: reviewers / accountSeconds,
      writes: work.writes,
      writeSeconds: work.seconds,
      writesPerSecond: work.writesPerSecond,
    },
  };
}
