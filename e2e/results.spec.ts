import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { DEMO_OPPORTUNITIES, DEMO_REVIEWERS } from '../server/cli/seed-demo-data';
import type { ResultOpportunity, Results } from '../shared/results-schemas';
import {
  createPublishedOpportunityViaApi,
  createReviewerViaApi,
  nextOpportunityNumbers,
  type ReviewScores,
  signedInContext,
  submitReviewViaApi,
} from './support/api-arrange';
import { admin, checkScreen, expect, signInThroughApi, test } from './support/fixtures';

/**
 * The admin's decision-support journey on a panel built from the demo catalogue. Not the demo seed
 * itself: `npm run seed:demo` needs the DATA_DIR the running server owns, refuses a database that
 * other spec files have filled, and would take the opportunity slots later files create theirs in.
 * So the same titles and names go through the API, with scores that give the screen something to
 * show: a lenient and a harsh reviewer on different opportunities (calibration moves ranks), one
 * opportunity the reviewers split over, and one with a single review.
 */

const suffix = Date.now().toString(36);
// True quality of each opportunity, best first; the scores are built around it.
const QUALITY = [4.6, 4.3, 4.0, 3.7, 3.4, 3.1, 2.8, 2.5, 2.2, 1.9];
const titles = QUALITY.map((_, index) => `${DEMO_OPPORTUNITIES[index]!.title} ${suffix}`);
const SPLIT = 5; // reviewers disagree: 5, 1 and 3
const SINGLE = 9; // one review only

// Which opportunities each reviewer scores, and how far above (+) or below the truth they score.
const PANEL: { bias: number; reviews: number[] }[] = [
  { bias: 0, reviews: [0, 1, 2, 3, 4, 5, 6, 7, 8] },
  { bias: 0, reviews: [0, 2, 4, 5, 6, 8] },
  { bias: 0, reviews: [1, 3, 5, 7, 8, SINGLE] },
  { bias: 0, reviews: [0, 1, 2, 3, 4, 6, 7] },
  { bias: 1.5, reviews: [4, 6, 7, 8] }, // lenient, on the weaker half
  { bias: -1.5, reviews: [0, 1, 2, 3] }, // harsh, on the stronger half
];
const SPLIT_SCORES = [5, 1, 3];
// Small per-criterion differences, so composites are not all whole numbers.
const CRITERION_NUDGE = [-0.3, -0.1, 0, 0.1, 0.3];

const clampScore = (value: number) => Math.min(5, Math.max(1, Math.round(value)));

function scoresFor(opportunity: number, bias: number, splitIndex: number): ReviewScores {
  if (opportunity === SPLIT) {
    const score = SPLIT_SCORES[splitIndex % SPLIT_SCORES.length]!;
    return {
      strategicAlignment: score,
      sustainability: score,
      technologyReadiness: score,
      marketPotential: score,
      businessPotential: score,
    };
  }
  const [sa, su, tr, mp, bp] = CRITERION_NUDGE.map((nudge) =>
    clampScore(QUALITY[opportunity]! + bias + nudge),
  );
  return {
    strategicAlignment: sa!,
    sustainability: su!,
    technologyReadiness: tr!,
    marketPotential: mp!,
    businessPotential: bp!,
  };
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const rowOf = (table: Locator, title: string) =>
  table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name: title }) });

async function resultsOf(page: Page): Promise<Results> {
  const response = await page.request.get('/api/admin/results');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Results;
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInThroughApi(page, admin);
  const api = page.request;
  const numbers = await nextOpportunityNumbers(api, titles.length);
  const opportunities = [];
  for (const [index, title] of titles.entries()) {
    opportunities.push(
      await createPublishedOpportunityViaApi(api, {
        number: numbers[index]!,
        title,
        description: DEMO_OPPORTUNITIES[index]!.description,
        tags: ['results-e2e'],
      }),
    );
  }
  let splitIndex = 0;
  for (const [index, member] of PANEL.entries()) {
    const demo = DEMO_REVIEWERS[index]!;
    const reviewer = await createReviewerViaApi(api, {
      name: `${demo.name} ${suffix}`,
      email: `results.${index}.${suffix}@assay.test`,
      password: 'results-password-1',
    });
    const reviewerApi = await signedInContext(baseURL!, reviewer);
    for (const opportunity of member.reviews) {
      const scores = scoresFor(opportunity, member.bias, splitIndex);
      if (opportunity === SPLIT) splitIndex += 1;
      await submitReviewViaApi(reviewerApi, opportunities[opportunity]!.id, scores);
    }
    await reviewerApi.dispose();
  }
  await context.close();
});

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, admin);
});

test('the admin ranks by calibrated and raw, reads an interval, finds the discussion and downloads the CSV', async ({
  page,
}) => {
  test.slow();
  const expected = await resultsOf(page);
  const ours = titles.map(
    (title) => expected.opportunities.find((row) => row.title === title) as ResultOpportunity,
  );
  expect(ours.every(Boolean), 'every arranged opportunity is in the results').toBe(true);
  // The harsh and the lenient reviewer make calibration move at least one of ours.
  const mover = ours.find((row) => row.rawRank !== row.calibratedRank);
  expect(mover, 'an opportunity whose rank calibration changes').toBeDefined();

  // From the sidebar, where Results follows Analytics.
  await page.goto('/admin/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'Reviewers',
    'Opportunities',
    'Analytics',
    'Results',
    'Exports',
    'Assignments',
  ]);
  await nav.getByRole('link', { name: 'Results' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Results' })).toBeVisible();
  await expect(page).toHaveTitle('Results · Assay');

  // Ranked by the calibrated composite first.
  const ranking = region(page, 'Ranking');
  const switcher = ranking.getByRole('radiogroup', { name: 'Rank by' });
  await expect(switcher.getByRole('radio', { name: 'Calibrated' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  let table = ranking.getByRole('table', { name: 'Opportunities ranked by calibrated composite' });
  const moverRow = () => rowOf(table, mover!.title);
  await expect(moverRow().getByRole('cell').first()).toHaveText(String(mover!.calibratedRank));
  const gained = mover!.rawRank! - mover!.calibratedRank!;
  await expect(moverRow().getByRole('cell').nth(1)).toContainText(
    `${gained > 0 ? '▲' : '▼'}${Math.abs(gained)}`,
  );

  // Reading a rank interval: '3 (2-6)' is the rank and where it could lie.
  const best = ours[0]!;
  const interval = best.calibratedRankInterval!;
  await expect(rowOf(table, best.title).getByRole('cell').nth(5)).toContainText(
    `${best.calibratedRank} (${interval.low}-${interval.high})`,
  );
  await expect(rowOf(table, best.title).getByRole('cell').nth(5)).toContainText(
    interval.low === interval.high
      ? `Rank ${best.calibratedRank}, certain`
      : `Rank ${best.calibratedRank}, likely between ${interval.low} and ${interval.high}`,
  );

  // The switch re-sorts by the raw composite and the move turns round.
  await switcher.getByRole('radio', { name: 'Raw' }).click();
  table = ranking.getByRole('table', { name: 'Opportunities ranked by raw composite' });
  await expect(moverRow().getByRole('cell').first()).toHaveText(String(mover!.rawRank));
  await expect(moverRow().getByRole('cell').nth(1)).toContainText(
    `${gained > 0 ? '▼' : '▲'}${Math.abs(gained)}`,
  );
  const ranks = await table.locator('tbody tr td:first-child').allTextContents();
  const numeric = ranks.filter((rank) => rank !== '-').map(Number);
  expect(numeric).toEqual(numeric.toSorted((a, b) => a - b));
  await expect(
    region(page, 'Rank Intervals').getByRole('img', { name: /ranked by raw composite/ }),
  ).toBeVisible();

  // The discussion queue names the single-review and the split opportunity, with why.
  const queue = region(page, 'Discussion Queue');
  const single = queue.getByTestId('discussion-item').filter({ hasText: titles[SINGLE]! });
  await expect(single).toContainText('Fewer than 2 reviews');
  await expect(single).toContainText('1 review');
  const split = queue.getByTestId('discussion-item').filter({ hasText: titles[SPLIT]! });
  await expect(split).toContainText('Reviewers disagree');

  // Every number has its words.
  await ranking.getByText('What do these numbers mean?').click();
  await expect(ranking.getByRole('term')).toHaveText([
    'Raw',
    'Calibrated',
    'Moved',
    'Rank interval',
    'SD',
    'Reviews',
    'Flags',
  ]);

  await checkScreen(page, 'results');

  // The results CSV from the page, under the server's file name, with its header row.
  const before = new Date().toISOString().slice(0, 10);
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download results CSV' }).click();
  const download = await downloaded;
  const after = new Date().toISOString().slice(0, 10);
  expect([`results_export_${before}.csv`, `results_export_${after}.csv`]).toContain(
    download.suggestedFilename(),
  );
  const text = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const [header] = text.split('\r\n');
  expect(header).toBe(
    [
      'number,title,reviews,raw_composite,calibrated_composite,rank,rank_low,rank_high,sd,min,max,flags',
      'strategic_alignment_raw,strategic_alignment_calibrated',
      'sustainability_raw,sustainability_calibrated',
      'technology_readiness_raw,technology_readiness_calibrated',
      'market_potential_raw,market_potential_calibrated',
      'business_potential_raw,business_potential_calibrated',
    ].join(','),
  );
  expect(text).toContain(titles[SINGLE]!);
  await expect(page.getByText('Results data exported successfully', { exact: true })).toBeVisible();

  // The same export has its card on the Exports page.
  await page.goto('/admin/exports');
  const card = page.getByTestId('export-results');
  await expect(card.getByRole('heading', { name: 'Results' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
});

test('at 390 px only the tables and the chart scroll, never the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/results');
  await expect(region(page, 'Ranking')).toBeVisible();
  await expect(region(page, 'Reviewer Calibration')).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(
      (t) => document.documentElement.classList.toggle('dark', t === 'dark'),
      theme,
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal page overflow in the ${theme} theme`).toBe(0);
  }
  // The ranking's rows are cards on a phone (issue 38, e2e/phone-results.spec.ts): nothing to
  // scroll sideways; its region stays reachable by keyboard, as on wider screens.
  const scroller = region(page, 'Ranking').getByRole('region', {
    name: 'Opportunities ranked by calibrated composite',
  });
  await expect(scroller).toHaveAttribute('tabindex', '0');
  expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(
    false,
  );
  await checkScreen(page, 'results-390');
});
