import type { APIRequestContext, Page } from '@playwright/test';
import { allScores, submitCommentViaApi, submitReviewViaApi } from './support/api-arrange';
import { admin as adminAccount, expect, signInThroughApi, test } from './support/fixtures';
import { emailsTo } from './support/mail-drop';
import { resetCycleSettings, setSetting } from './support/review-cycle-arrange';
import {
  adminApi,
  CRITERION_LABELS,
  createPublishedOpportunity,
  createReviewerAccount,
  nextOpportunityNumber,
  type PublishedOpportunity,
  type ReviewerAccount,
  runTag,
  signedInApi,
} from './support/reviewer-arrange';

/**
 * The review clock (issue 34) end to end, in real time: the admin sets a deadline two minutes
 * ahead with a reminder one minute before it; the reviewer who still owes work gets the email and
 * the one who finished does not; at the deadline the reviewer's open page turns read-only with
 * the banner and keeps the input it had not saved; the admin reopens and that input saves. The
 * server looks for due clock work every second (playwright.config.ts); the rule is the product's.
 * The clock and the mode are global: afterAll puts them back for the spec files after this one.
 */

const tag = runTag();

let admin: APIRequestContext;
let opportunity: PublishedOpportunity;
let owing: ReviewerAccount;
let finished: ReviewerAccount;

const CLOCK_DEFAULTS = { review_deadline: '', review_phase: 'open', review_reminders: '' };

async function resetClock(api: APIRequestContext) {
  // The deadline first: reopening is refused while a past deadline stands.
  for (const [key, value] of Object.entries(CLOCK_DEFAULTS)) await setSetting(api, key, value);
}

test.beforeAll(async () => {
  admin = await adminApi();
  await resetClock(admin);
  // 'assigned' mode, so that what the two reviewers owe is this journey's opportunity alone,
  // whatever the spec files before this one published.
  await setSetting(admin, 'review_assignment', 'assigned');
  opportunity = await createPublishedOpportunity(admin, {
    number: await nextOpportunityNumber(admin),
    title: `Tidal kites ${tag}`,
    description: 'Kites that harvest tidal currents.',
  });
  owing = await createReviewerAccount(admin, {
    name: `Owen Owing ${tag}`,
    email: `clock-owing-${tag}@assay.test`,
  });
  finished = await createReviewerAccount(admin, {
    name: `Fiona Finished ${tag}`,
    email: `clock-finished-${tag}@assay.test`,
  });
  for (const reviewer of [owing, finished]) {
    const assigned = await admin.post('/api/admin/assignments', {
      data: { pairs: [{ reviewerId: reviewer.id, opportunityId: opportunity.id }] },
    });
    expect(assigned.status(), await assigned.text()).toBeLessThan(300);
  }
  const finishedApi = await signedInApi(finished);
  await submitReviewViaApi(finishedApi, opportunity.id, allScores(4));
  await submitCommentViaApi(finishedApi, opportunity.id, { challenges: 'Storms' });
  await finishedApi.dispose();
});

test.afterAll(async () => {
  await resetClock(admin);
  await resetCycleSettings(admin);
  await admin.dispose();
});

const radio = (page: Page, criterion: string, score: number) =>
  page.getByRole('radiogroup', { name: criterion }).getByRole('radio', { name: String(score) });

/**
 * `YYYY-MM-DDTHH:MM` in the browser's time zone: the first whole minute at least 90 s from now, so
 * the deadline is 1.5 to 2.5 minutes ahead and its 1m reminder at least 30 s ahead when it is saved.
 */
async function deadlineAboutTwoMinutesAhead(page: Page): Promise<string> {
  return page.evaluate(() => {
    const at = new Date(Date.now() + 90_000);
    if (at.getSeconds() > 0 || at.getMilliseconds() > 0) at.setMinutes(at.getMinutes() + 1, 0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  });
}

test('a deadline closes reviewing by itself, the reminder reaches only who owes work, and the kept draft saves on reopening', async ({
  browser,
}) => {
  test.setTimeout(6 * 60_000);

  // The admin sets a 1m reminder and a deadline two minutes ahead on the dashboard.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInThroughApi(adminPage, adminAccount);
  await adminPage.goto('/admin/dashboard');
  const clockCard = adminPage.getByRole('region', { name: 'Review Clock' });
  await expect(clockCard).toBeVisible();
  await clockCard.getByLabel('Reminders').fill('1m');
  await clockCard.getByRole('button', { name: 'Save reminders' }).click();
  const schedule = clockCard.getByRole('list', { name: 'Reminder schedule' });
  await expect(schedule.getByRole('listitem')).toHaveCount(1);
  await clockCard.getByLabel('Deadline').fill(await deadlineAboutTwoMinutesAhead(adminPage));
  await clockCard.getByRole('button', { name: 'Save deadline' }).click();
  await expect(clockCard.getByText(/^Closes in/)).toBeVisible();
  await expect(schedule.getByRole('listitem')).toContainText('Would reach');

  // The owing reviewer opens the opportunity and writes: four scores and a comment, which do not
  // save (a review needs all five), so the input lives only in the browser.
  const reviewerContext = await browser.newContext();
  const page = await reviewerContext.newPage();
  await signInThroughApi(page, owing);
  await page.goto(`/reviewer/opportunities/${opportunity.id}`);
  await expect(page.getByRole('heading', { level: 1, name: opportunity.title })).toBeVisible();
  await expect(page.getByText(/Reviewing closes on/)).toBeVisible();
  for (const criterion of CRITERION_LABELS.slice(0, 4)) await radio(page, criterion, 3).click();
  const challenges = page.getByLabel('What are the challenges you see?');
  await challenges.fill('Permits take a year');

  // One minute before the deadline: the reminder to the reviewer who owes work, and only to them.
  const remindersTo = (address: string) =>
    emailsTo(address).filter((email) => / to review before /.test(email.subject));
  await expect
    .poll(() => remindersTo(owing.email).length, { timeout: 150_000, intervals: [1000] })
    .toBe(1);
  const [reminder] = remindersTo(owing.email);
  expect(reminder!.subject).toContain('Assay: 1 opportunity to review before');
  expect(reminder!.text).toContain('in 1 minute');
  expect(reminder!.text).toContain(`/reviewer/opportunities/${opportunity.id}`);
  expect(remindersTo(finished.email)).toEqual([]);

  // At the deadline the open page turns read-only with the banner, and the input stays.
  const banner = page.getByRole('status', { name: /^Reviewing closed on / });
  await expect(banner).toBeVisible({ timeout: 150_000 });
  await expect(banner).toContainText('not saved because reviewing closed');
  await expect(radio(page, CRITERION_LABELS[4]!, 5)).toBeDisabled();
  await expect(challenges).toHaveValue('Permits take a year');
  await expect(radio(page, CRITERION_LABELS[0]!, 3)).toHaveAttribute('aria-checked', 'true');
  // The server agrees, on its own clock: a save now is refused.
  const ownApi = await signedInApi(owing);
  const refused = await ownApi.post('/api/reviewer/reviews', {
    data: { opportunityId: opportunity.id, ...allScores(2) },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toMatch(/^Reviewing closed on/);
  await expect(clockCard.getByText('Closed', { exact: true })).toBeVisible({ timeout: 20_000 });

  // The admin reopens: the passed deadline must be moved or cleared first.
  await clockCard.getByRole('button', { name: 'Reopen reviewing' }).click();
  const dialog = adminPage.getByRole('alertdialog', { name: 'Reopen Reviewing' });
  await dialog.getByLabel('Clear the deadline').check();
  await dialog.getByRole('button', { name: 'Reopen reviewing' }).click();
  await expect(
    clockCard.getByText('No deadline set: reviewing stays open until you close it', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(clockCard.getByText('Open', { exact: true })).toBeVisible();

  // The reviewer's page learns it when it looks again (the tab comes back into focus).
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(banner).toBeHidden({ timeout: 70_000 });
  await radio(page, CRITERION_LABELS[4]!, 5).click();
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('All changes saved', {
    timeout: 15_000,
  });
  const saved = await ownApi.get(`/api/reviewer/opportunities/${opportunity.id}`);
  const detail = (await saved.json()) as {
    userReview: { businessPotential: number } | null;
    userComment: { challenges: string | null } | null;
  };
  expect(detail.userReview?.businessPotential).toBe(5);
  expect(detail.userComment?.challenges).toBe('Permits take a year');
  await ownApi.dispose();
  await reviewerContext.close();
  await adminContext.close();
});
