import {
  type ArrangedOpportunity,
  type ArrangedReviewer,
  allScores,
  createPublishedOpportunityViaApi,
  createReviewerViaApi,
  deleteOpportunitiesViaApi,
  deleteReviewersViaApi,
  nextOpportunityNumbers,
  signedInContext,
  submitReviewViaApi,
} from './support/api-arrange';
import { admin, asAdmin, checkScreen, expect, signInThroughApi, test } from './support/fixtures';
import { expectCardInView, expectNoSidewaysScroll } from './support/table-layout';

/**
 * Results on a phone (issue 38): each ranked opportunity is a compact card with the figures a
 * decision rests on (calibrated composite, its interval, reviews, flags) in view, where the
 * table used to show them only after a sideways scroll inside its card; so is each reviewer's
 * calibration (reviews, offset, agreement, flags).
 */

const suffix = Date.now().toString(36);
const reviewerName = `Phone Reviewer ${suffix}`;
let opportunities: ArrangedOpportunity[] = [];
let reviewers: ArrangedReviewer[] = [];

test.beforeAll(async ({ browser, baseURL }) => {
  opportunities = await asAdmin(browser, baseURL, async (api) => {
    const numbers = await nextOpportunityNumbers(api, 2);
    const arranged = [];
    for (const [index, number] of numbers.entries()) {
      const title = `Phone card ${index + 1} with a title long enough to wrap ${suffix}`;
      arranged.push(await createPublishedOpportunityViaApi(api, { number, title }));
    }
    const reviewer = await createReviewerViaApi(api, {
      name: reviewerName,
      email: `phone.${suffix}@assay.test`,
      password: 'phone-password-1',
    });
    reviewers = [reviewer];
    const reviewerApi = await signedInContext(baseURL!, reviewer);
    for (const [o, opportunity] of arranged.entries()) {
      await submitReviewViaApi(reviewerApi, opportunity.id, allScores(5 - o));
    }
    await reviewerApi.dispose();
    return arranged;
  });
});

test.afterAll(async ({ browser, baseURL }) => {
  await asAdmin(browser, baseURL, async (api) => {
    await deleteOpportunitiesViaApi(api, opportunities);
    await deleteReviewersViaApi(api, reviewers);
  });
});

test("each ranked opportunity and each reviewer's calibration shows its figures within a 390 px screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughApi(page, admin);
  await page.goto('/admin/results');
  const opportunity = opportunities[0]!;
  const ranking = page.getByRole('table', { name: /^Opportunities ranked by/ });
  const row = ranking
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: opportunity.title }) });
  await expect(row).toBeVisible();
  await expectCardInView(row, {
    labels: ['Calibrated', 'Interval', 'Reviews', 'Flags', 'Outcome'],
    controls: [row.getByRole('checkbox', { name: `Select #${opportunity.number} ` })],
  });
  // 'Select all' stays in view above the cards (the header's labels are for screen readers).
  await expect(
    ranking.getByRole('checkbox', { name: 'Select all shown opportunities' }),
  ).toBeInViewport();
  await expect(row.locator('[data-label="Calibrated"]')).toContainText('5.00');
  await expect(row.locator('[data-label="Reviews"]')).toContainText('1');
  await expectNoSidewaysScroll(ranking);

  const calibration = page.getByRole('table', {
    name: 'Reviewers with their offset and agreement',
  });
  const reviewer = calibration
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: reviewerName }) });
  await expectCardInView(reviewer, { labels: ['Reviews', 'Offset', 'Agreement', 'Flags'] });
  await expect(reviewer.locator('[data-label="Reviews"]')).toContainText('2');
  await expectNoSidewaysScroll(calibration);
  await checkScreen(page, 'results-phone');
});
