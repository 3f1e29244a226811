import {
  type ArrangedOpportunity,
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
 * Results on a phone (issue 38): each ranked opportunity is a compact card with the figures a
 * decision rests on (calibrated composite, its interval, reviews, flags) in view, where the
 * table used to show them only after a sideways scroll inside its card.
 */

const suffix = Date.now().toString(36);
let opportunities: ArrangedOpportunity[] = [];

test.beforeAll(async ({ browser, baseURL }) => {
  opportunities = await asAdmin(browser, baseURL, async (api) => {
    const numbers = await nextOpportunityNumbers(api, 2);
    const arranged = [];
    for (const [index, number] of numbers.entries()) {
      const title = `Phone card ${index + 1} with a title long enough to wrap ${suffix}`;
      arranged.push(await createPublishedOpportunityViaApi(api, { number, title }));
    }
    const reviewer = await createReviewerViaApi(api, {
      name: `Phone Reviewer ${suffix}`,
      email: `phone.${suffix}@assay.test`,
      password: 'phone-password-1',
    });
    const reviewerApi = await signedInContext(baseURL!, reviewer);
    for (const [o, opportunity] of arranged.entries()) {
      await submitReviewViaApi(reviewerApi, opportunity.id, allScores(5 - o));
    }
    await reviewerApi.dispose();
    return arranged;
  });
});

test.afterAll(async ({ browser, baseURL }) => {
  await asAdmin(browser, baseURL, (api) => deleteOpportunitiesViaApi(api, opportunities));
});

test('each ranked opportunity shows its figures within a 390 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughApi(page, admin);
  await page.goto('/admin/results');
  const opportunity = opportunities[0]!;
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: opportunity.title }) });
  await expect(row).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  for (const label of ['Calibrated', 'Interval', 'Reviews', 'Flags']) {
    const cell = row.locator(`[data-label="${label}"]`);
    await expect(cell, label).toBeInViewport();
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width, `${label} ends inside the screen`).toBeLessThanOrEqual(390);
  }
  await expect(row.locator('[data-label="Calibrated"]')).toContainText('5.00');
  await expect(row.locator('[data-label="Reviews"]')).toContainText('1');
  // The ranking's scroller has nothing to scroll sideways.
  const scroller = page.getByRole('region', { name: /^Opportunities ranked by/ });
  expect(
    await scroller.evaluate((element) => element.scrollWidth - element.clientWidth),
  ).toBeLessThanOrEqual(1);
  await checkScreen(page, 'results-phone');
});
