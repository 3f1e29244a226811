import type { APIRequestContext, Page } from '@playwright/test';
import {
  admin as adminAccount,
  checkScreen,
  expect,
  signInThroughApi,
  test,
} from './support/fixtures';
import { setSetting } from './support/review-cycle-arrange';
import {
  adminApi,
  createPublishedOpportunity,
  createReviewerAccount,
  nextOpportunityNumber,
  type PublishedOpportunity,
  type ReviewerAccount,
  runTag,
} from './support/reviewer-arrange';

/**
 * The review clock's screens (issue 34) in the axe scans and screenshots, at a phone's and a
 * laptop's width: the dashboard card with a deadline and reminders, and a reviewer's pages once
 * reviewing is closed. Not the journey (a deadline passing, reminders going out): that is written
 * with the server. The clock's settings are global: afterAll puts them back to the defaults, under
 * which every other spec file runs.
 */

const CLOCK_DEFAULTS = { review_phase: 'open', review_deadline: '', review_reminders: '' };
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

const tag = runTag();
let admin: APIRequestContext;
let reviewer: ReviewerAccount;
let opportunity: PublishedOpportunity;

async function resetClock() {
  for (const [key, value] of Object.entries(CLOCK_DEFAULTS)) await setSetting(admin, key, value);
}

test.beforeAll(async () => {
  admin = await adminApi();
  await resetClock();
  reviewer = await createReviewerAccount(admin, {
    name: 'Casey Clock',
    email: `clock-${tag}@example.com`,
  });
  opportunity = await createPublishedOpportunity(admin, {
    number: await nextOpportunityNumber(admin),
    title: `Harbour heat pumps ${tag}`,
    description: 'District heating from seawater',
  });
});

test.afterAll(async () => {
  await resetClock();
  await admin.dispose();
});

/** The page is no wider than the viewport (a phone would zoom it out). */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scrollWidth).toBe(viewport);
}

for (const size of WIDTHS) {
  test(`the dashboard's review clock card at ${size.width} px`, async ({ page }) => {
    await resetClock();
    const deadline = new Date(Date.now() + 10 * 86_400_000);
    deadline.setUTCSeconds(0, 0);
    await setSetting(admin, 'review_deadline', deadline.toISOString().replace('Z', '+00:00'));
    await setSetting(admin, 'review_reminders', '7d,2d,6h');
    await page.setViewportSize(size);
    await signInThroughApi(page, adminAccount);
    await page.goto('/admin/dashboard');
    const card = page.getByRole('region', { name: 'Review Clock' });
    await expect(card.getByText(/^Closes in 9 days/)).toBeVisible();
    await expect(card.getByText('Open', { exact: true })).toBeVisible();
    await expect(card.getByLabel('Deadline')).toBeVisible();
    await expect(card.getByLabel('Reminders')).toHaveValue('7d,2d,6h');
    await expect(
      card.getByRole('list', { name: 'Reminder schedule' }).getByRole('listitem'),
    ).toHaveCount(3);
    for (const name of [
      'Save deadline',
      'Clear deadline',
      'Save reminders',
      'Close reviewing now',
    ]) {
      await expect(card.getByRole('button', { name })).toBeVisible();
    }
    await card.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await checkScreen(page, `review-clock-card-${size.width}`);

    await card.getByRole('button', { name: 'Close reviewing now' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Close Reviewing Now' })).toBeVisible();
    await checkScreen(page, `review-clock-close-dialog-${size.width}`);
  });

  test(`a reviewer's pages once reviewing is closed at ${size.width} px`, async ({ page }) => {
    await resetClock();
    await setSetting(admin, 'review_phase', 'closed');
    await page.setViewportSize(size);
    await signInThroughApi(page, reviewer);
    await page.addInitScript(() => sessionStorage.setItem('hasAutoRedirected', 'true'));

    await page.goto('/reviewer/opportunities');
    await expect(page.getByRole('status', { name: /^Reviewing closed on / })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await checkScreen(page, `reviewer-list-reviewing-closed-${size.width}`);

    await page.goto(`/reviewer/opportunities/${opportunity.id}`);
    await expect(page.getByRole('heading', { level: 1, name: opportunity.title })).toBeVisible();
    const banner = page.getByRole('status', { name: /^Reviewing closed on / });
    await expect(banner).toContainText('Scores and comments can no longer be changed.');
    await expect(
      page
        .getByRole('radiogroup', { name: 'Strategic Alignment' })
        .getByRole('radio', { name: '3' }),
    ).toBeDisabled();
    await expect(page.getByRole('button', { name: /Submit Review|Update Review/ })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await checkScreen(page, `reviewer-detail-reviewing-closed-${size.width}`);
  });
}
