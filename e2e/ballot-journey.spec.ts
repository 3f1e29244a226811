import type { Browser, Page } from '@playwright/test';
import { DEMO_OPPORTUNITIES, DEMO_REVIEWERS } from '../server/cli/seed-demo-data';
import {
  type ArrangedOpportunity,
  type ArrangedReviewer,
  allScores,
  createPublishedOpportunityViaApi,
  createReviewerViaApi,
  deleteOpportunitiesViaApi,
  nextOpportunityNumbers,
  signedInContext,
  submitReviewViaApi,
} from './support/api-arrange';
import { admin, asAdmin, checkScreen, expect, signInThroughApi, test } from './support/fixtures';

/**
 * The finalist ballot (issue 37) end to end: three shortlisted opportunities, three reviewers who
 * rank them by keyboard alone (one in order, one with a tie, one moving a finalist up), and the
 * admin who opened voting closes it and reads the Schulze order, the winner's certainty and the
 * pairwise matrix. The scores put the finalists in the opposite order, so the page names the
 * differences.
 */

const suffix = Date.now().toString(36);
let finalists: ArrangedOpportunity[] = [];
const reviewers: ArrangedReviewer[] = [];

const nameOf = (o: ArrangedOpportunity) => `#${o.number} ${o.title}`;

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  await asAdmin(browser, baseURL, async (api) => {
    const numbers = await nextOpportunityNumbers(api, 3);
    finalists = [];
    for (const [index, number] of numbers.entries()) {
      const title = `${DEMO_OPPORTUNITIES[index + 20]!.title} ${suffix}`;
      finalists.push(await createPublishedOpportunityViaApi(api, { number, title }));
    }
    for (const index of [0, 1, 2]) {
      const demo = DEMO_REVIEWERS[index + 3]!;
      reviewers.push(
        await createReviewerViaApi(api, {
          name: `${demo.name} ${suffix}`,
          email: `ballot.${index}.${suffix}@assay.test`,
          password: 'ballot-password-1',
        }),
      );
    }
    // The scores rank the finalists last to first: 2, 3 and 4 for every reviewer.
    for (const reviewer of reviewers) {
      const reviewerApi = await signedInContext(baseURL!, reviewer);
      for (const [o, finalist] of finalists.entries()) {
        await submitReviewViaApi(reviewerApi, finalist.id, allScores(2 + o));
      }
      await reviewerApi.dispose();
    }
    const shortlisted = await api.post('/api/admin/decisions/bulk', {
      data: { ids: finalists.map((f) => f.id), outcome: 'shortlisted', rationale: 'Finalists.' },
    });
    expect(shortlisted.status(), await shortlisted.text()).toBe(200);
  });
});

// Other spec files share the server: voting closes and the finalists go (their decisions and
// reviews with them), so that the 50-opportunity limit and every other screen are as they were.
test.afterAll(async ({ browser, baseURL }) => {
  await asAdmin(browser, baseURL, async (api) => {
    await api.post('/api/admin/settings', { data: { key: 'ballot_open', value: 'false' } });
    await deleteOpportunitiesViaApi(api, finalists);
  });
});

/** Presses a button by keyboard: focus, then Enter. */
async function press(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
}

async function reviewerPage(browser: Browser, baseURL: string, reviewer: ArrangedReviewer) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInThroughApi(page, reviewer);
  await page.goto('/reviewer/ballot');
  await expect(page.getByRole('heading', { level: 1, name: 'Finalist ballot' })).toBeVisible();
  return { context, page };
}

async function rankAndSave(page: Page, steps: string[]) {
  for (const step of steps) await press(page, step);
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Unsaved changes');
  await press(page, 'Save ballot');
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText(/^Saved at /);
}

test('three reviewers rank the finalists by keyboard; the admin closes voting and reads the count', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const [x, y, z] = finalists as [ArrangedOpportunity, ArrangedOpportunity, ArrangedOpportunity];

  // The admin opens voting from the ballot page (linked from Results).
  await signInThroughApi(page, admin);
  await page.goto('/admin/results');
  await page.getByRole('link', { name: 'Finalist ballot' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Finalist ballot' })).toBeVisible();
  const voting = page.getByRole('switch', { name: 'Voting open' });
  await expect(voting).not.toBeChecked();
  await voting.focus();
  await page.keyboard.press('Space');
  await expect(voting).toBeChecked();

  // First reviewer: x > y > z. Every finalist starts in "Not ranked".
  const first = await reviewerPage(browser, baseURL!, reviewers[0]!);
  await expect(first.page.getByText(nameOf(z))).toBeVisible();
  await checkScreen(first.page, 'ballot-reviewer');
  await rankAndSave(first.page, [`Rank ${nameOf(x)}`, `Rank ${nameOf(y)}`, `Rank ${nameOf(z)}`]);
  await first.context.close();

  // Second: x > (y = z), by tying z with the one above.
  const second = await reviewerPage(browser, baseURL!, reviewers[1]!);
  await rankAndSave(second.page, [
    `Rank ${nameOf(x)}`,
    `Rank ${nameOf(y)}`,
    `Rank ${nameOf(z)}`,
    `Tie ${nameOf(z)} with the one above`,
  ]);
  await expect(second.page.getByText('2 (tied)')).toBeVisible();
  await second.context.close();

  // Third: y > x with z unranked, by moving y up; the saved ballot reads back as arranged.
  const third = await reviewerPage(browser, baseURL!, reviewers[2]!);
  await rankAndSave(third.page, [`Rank ${nameOf(x)}`, `Rank ${nameOf(y)}`, `Move ${nameOf(y)} up`]);
  const saved = await (await third.page.request.get('/api/reviewer/ballot')).json();
  expect(saved.ranking).toEqual([[y.id], [x.id]]);
  // Reviewers never read the count.
  expect((await third.page.request.get('/api/admin/ballot/results')).status()).toBe(403);

  // The admin closes voting and reads the count.
  await page.reload();
  await expect(voting).toBeChecked();
  await expect(page.getByText(/^3 of \d+ reviewers have voted$/)).toBeVisible();
  await voting.focus();
  await page.keyboard.press('Space');
  await expect(voting).not.toBeChecked();

  // d: x over y 2 to 1, x over z 3 to 0, y over z 2 to 0: x > y > z, the scores' reverse.
  const order = page.getByRole('list', { name: 'Ballot order' });
  const places = order.locator(':scope > li');
  await expect(places).toHaveCount(3);
  await expect(places.nth(0)).toContainText(x.title);
  await expect(places.nth(1)).toContainText(y.title);
  await expect(places.nth(2)).toContainText(z.title);
  // Three ballots are few: resampled, y often comes first, and the page says the winner is not clear.
  await expect(page.getByRole('region', { name: 'Winner' })).toContainText(
    'The winner is not clear',
  );
  await expect(page.getByText(`#${x.number} over #${y.number}: 2 to 1`)).toBeAttached();
  await expect(page.getByText(`#${x.number} over #${z.number}: 3 to 0`)).toBeAttached();
  await expect(page.getByText(`#${z.number} loses to #${y.number}: 0 to 2`)).toBeAttached();
  await expect(page.getByText('Where the ballot differs from the scores')).toBeVisible();
  await checkScreen(page, 'ballot-admin');

  // On a phone the order needs no sideways scroll (the matrix scrolls inside its own region).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(places.nth(0)).toContainText(x.title);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkScreen(page, 'ballot-admin-phone');

  // A reviewer now finds the ballot closed, their ranking shown without controls.
  await third.page.reload();
  await expect(third.page.getByText('The ballot is closed.')).toBeVisible();
  await expect(third.page.getByRole('button', { name: 'Save ballot' })).toHaveCount(0);
  await third.context.close();
});
