import type { Page } from '@playwright/test';
import { DEMO_OPPORTUNITIES, DEMO_REVIEWERS } from '../server/cli/seed-demo-data';
import {
  type ArrangedOpportunity,
  type ArrangedReviewer,
  allScores,
  createReviewerViaApi,
  nextOpportunityNumbers,
  signedInContext,
  submitCommentViaApi,
  submitReviewViaApi,
} from './support/api-arrange';
import { admin, checkScreen, expect, signInThroughApi, test } from './support/fixtures';
import { emailsTo } from './support/mail-drop';

/**
 * The decision step (issue 35) end to end on opportunities and reviewers of the demo catalogue,
 * arranged through the API (other spec files share the server): shortlist three from Results in
 * bulk, accept two, waitlist one, decline the rest; write the owner's letter with one redacted
 * comment, preview it, release with letters, and find the letter in the mail drop with the
 * redacted text and no reviewer's name.
 */

const suffix = Date.now().toString(36);
const ownerEmail = `owner.${suffix}@assay.test`;
const ORIGINAL = 'Honestly the founders seem out of their depth and the deck was a mess.';
const REDACTED = 'The deck could tell the story more clearly.';
const KEPT = 'Partner with two harbour authorities for a pilot.';

let opportunities: ArrangedOpportunity[] = [];
const reviewers: ArrangedReviewer[] = [];

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInThroughApi(page, admin);
  const api = page.request;
  const numbers = await nextOpportunityNumbers(api, 6);
  opportunities = [];
  for (const [index, number] of numbers.entries()) {
    const title = `${DEMO_OPPORTUNITIES[index + 10]!.title} ${suffix}`;
    const created = await api.post('/api/admin/opportunities', {
      data: {
        number,
        title,
        description: DEMO_OPPORTUNITIES[index + 10]!.description,
        status: 'published',
        ...(index === 0 ? { ownerName: 'Olu Owner', ownerEmail } : {}),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    opportunities.push({ id: (await created.json()).id, number, title });
  }
  for (const index of [0, 1, 2]) {
    const demo = DEMO_REVIEWERS[index + 6]!;
    reviewers.push(
      await createReviewerViaApi(api, {
        name: `${demo.name} ${suffix}`,
        email: `decisions.${index}.${suffix}@assay.test`,
        password: 'decisions-password-1',
      }),
    );
  }
  for (const [r, reviewer] of reviewers.entries()) {
    const reviewerApi = await signedInContext(baseURL!, reviewer);
    for (const [o, opportunity] of opportunities.entries()) {
      await submitReviewViaApi(
        reviewerApi,
        opportunity.id,
        allScores(Math.min(5, Math.max(1, 5 - o + (r % 2)))),
      );
    }
    await submitCommentViaApi(reviewerApi, opportunities[0]!.id, {
      howToBiggerBetter: r === 0 ? KEPT : `Bigger idea from reviewer ${r + 1}.`,
      howToGetGoing: r === 1 ? ORIGINAL : `Start small, reviewer ${r + 1}.`,
    });
    await reviewerApi.dispose();
  }
  await context.close();
});

// Other spec files share the server: the opportunities go (their decisions, letters and reviews
// with them), so that the 50-opportunity limit and the spec'd exports are as they found them.
test.afterAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInThroughApi(page, admin);
  for (const opportunity of opportunities) {
    const deleted = await page.request.delete(`/api/admin/opportunities/${opportunity.id}`);
    expect(deleted.status(), await deleted.text()).toBe(200);
  }
  const left = (await (await page.request.get('/api/admin/decisions')).json()) as {
    decisions: unknown[];
  };
  expect(left.decisions).toEqual([]);
  await context.close();
});

async function decideInBulk(page: Page, picks: ArrangedOpportunity[], outcome: string) {
  for (const opportunity of picks) {
    await page
      .getByRole('checkbox', { name: `Select #${opportunity.number} ${opportunity.title}` })
      .check();
  }
  const bar = page.getByRole('region', { name: 'Bulk actions on the ranking' });
  await bar.getByRole('button', { name: 'Decide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decide' });
  await dialog.getByLabel('Outcome').selectOption({ label: outcome });
  await dialog.getByRole('button', { name: 'Save drafts' }).click();
  await expect(dialog).toBeHidden();
  for (const opportunity of picks) {
    const row = page.getByRole('row').filter({
      has: page.getByRole('checkbox', {
        name: `Select #${opportunity.number} ${opportunity.title}`,
      }),
    });
    await expect(row).toContainText(`${outcome} (draft)`);
  }
}

test('the admin shortlists, decides, writes a redacted letter, releases and the owner gets it without names', async ({
  page,
}) => {
  test.slow();
  await signInThroughApi(page, admin);
  await page.goto('/admin/results');
  await expect(page.getByRole('columnheader', { name: 'Outcome' })).toBeVisible();

  const [owned, second, third, ...rest] = opportunities;
  await decideInBulk(page, [owned!, second!, third!], 'Shortlisted');
  await decideInBulk(page, [owned!, second!], 'Accepted');
  await decideInBulk(page, [third!], 'Waitlisted');
  await decideInBulk(page, rest, 'Declined');

  // Filter the ranking by outcome: the two accepted ones.
  const checkboxOf = (opportunity: ArrangedOpportunity) =>
    page.getByRole('checkbox', { name: `Select #${opportunity.number} ${opportunity.title}` });
  await page.locator('#ranking-outcome-filter').selectOption({ label: 'Accepted' });
  for (const opportunity of [owned!, second!]) await expect(checkboxOf(opportunity)).toBeVisible();
  for (const opportunity of [third!, ...rest]) await expect(checkboxOf(opportunity)).toHaveCount(0);
  await page.locator('#ranking-outcome-filter').selectOption({ label: 'All outcomes' });

  // The Decisions page, from the Results header.
  await page.getByRole('link', { name: 'Decisions' }).click();
  await expect(page).toHaveURL(/\/admin\/results\/decisions$/);
  await expect(page.getByRole('heading', { name: 'Decisions', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Waitlist order' })).toContainText(third!.title);
  await checkScreen(page, 'decisions');

  // The owned opportunity's panel and its letter.
  await page.getByRole('link', { name: owned!.title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/results/decisions/${owned!.id}$`));
  const letter = page.getByRole('form', { name: 'Letter to the owner' });
  await letter.getByLabel('Message (optional)').fill('Thank you for taking part in this round.');
  const [kept, redacted] = [reviewers[0]!, reviewers[1]!];
  const keptGroup = letter.getByRole('group').filter({ hasText: kept.name });
  await keptGroup.getByLabel('How to make this bigger and better').check();
  const redactedGroup = letter.getByRole('group').filter({ hasText: redacted.name });
  await redactedGroup.getByLabel('How to get this going').check();
  const text = redactedGroup.getByLabel('Text in the letter: How to get this going');
  await expect(text).toHaveValue(ORIGINAL);
  await text.fill(REDACTED);
  await expect(redactedGroup.getByText('Redacted')).toBeVisible();
  await letter.getByRole('button', { name: 'Save letter' }).click();

  const preview = page.getByTestId('letter-preview');
  await expect(preview).toContainText(`<${ownerEmail}>`);
  await expect(preview).toContainText(REDACTED);
  await expect(preview).toContainText(KEPT);
  await expect(preview).not.toContainText(ORIGINAL);
  await checkScreen(page, 'decision-panel');

  // Release everything with letters: the confirmation names the owner's address.
  await page.getByRole('link', { name: 'Decisions' }).first().click();
  await page.getByRole('button', { name: 'Release drafts' }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(confirm).toContainText(ownerEmail);
  await confirm.getByLabel('Send letters to owners').check();
  await confirm.getByRole('button', { name: 'Release' }).click();
  await expect(page.getByText(/decisions? released, 1 letter queued/).first()).toBeVisible();

  // The mail drop: exactly one letter, redacted, naming no reviewer.
  await expect.poll(() => emailsTo(ownerEmail).length, { timeout: 20_000 }).toBe(1);
  const [mail] = emailsTo(ownerEmail);
  // The subject may arrive as RFC 2047 encoded words; the text states the outcome plainly.
  expect(mail!.text).toContain(`#${owned!.number} "${owned!.title}": Accepted.`);
  expect(mail!.text).toContain(REDACTED);
  expect(mail!.text).toContain(KEPT);
  expect(mail!.text).toContain('Thank you for taking part in this round.');
  expect(mail!.text).not.toContain(ORIGINAL);
  for (const reviewer of reviewers) {
    expect(mail!.text).not.toContain(reviewer.name);
    expect(mail!.text).not.toContain(reviewer.email);
    expect(mail!.text).not.toContain(reviewer.id);
  }
});

test('on a phone the Decisions page and a panel fit the screen, pass axe, and the waitlist moves by keyboard', async ({
  page,
}) => {
  await signInThroughApi(page, admin);
  await page.setViewportSize({ width: 390, height: 844 });
  const api = page.request;
  // Two waitlisted opportunities, so that the waitlist has an order to change (arranged here: after
  // a failure Playwright runs this test in a new worker, with beforeAll's fresh opportunities).
  const waitlisted = opportunities[3]!;
  for (const opportunity of [opportunities[2]!, waitlisted]) {
    const put = await api.put(`/api/admin/opportunities/${opportunity.id}/decision`, {
      data: { outcome: 'waitlisted' },
    });
    expect(put.status(), await put.text()).toBe(200);
  }
  const widthOf = () =>
    page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));

  await page.goto('/admin/results/decisions');
  const waitlist = page.getByRole('list', { name: 'Waitlist order' });
  await expect(waitlist.getByRole('listitem')).toHaveCount(2);
  const before = await waitlist.getByRole('listitem').allInnerTexts();
  expect(before[1]).toContain(waitlisted.title);
  const { scrollWidth, viewport } = await widthOf();
  expect(scrollWidth).toBe(viewport);
  await checkScreen(page, 'decisions-390');

  // Keyboard: focus the second one's "Move up" and press Enter; the order is saved.
  await page.getByRole('button', { name: `Move #${waitlisted.number} up` }).focus();
  await page.keyboard.press('Enter');
  await expect(waitlist.getByRole('listitem').first()).toContainText(waitlisted.title);
  // The order shows at once and is saved by the PATCH it sent.
  await expect
    .poll(
      async () =>
        ((await (await api.get('/api/admin/decisions')).json()) as { waitlist: string[] })
          .waitlist[0],
    )
    .toBe(waitlisted.id);

  await page.goto(`/admin/results/decisions/${waitlisted.id}`);
  await expect(page.getByRole('form', { name: 'Letter to the owner' })).toBeVisible();
  await expect(page.getByTestId('letter-preview')).toBeVisible();
  const panel = await widthOf();
  expect(panel.scrollWidth).toBe(panel.viewport);
  await checkScreen(page, 'decision-panel-390');
});
