import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEMO_OPPORTUNITIES, DEMO_REVIEWERS } from '../server/cli/seed-demo-data';
import { expectToast } from './support/admin-arrange';
import {
  allScores,
  signedInContext,
  submitCommentViaApi,
  submitReviewViaApi,
} from './support/api-arrange';
import {
  admin as adminAccount,
  checkScreen,
  expect,
  signInThroughApi,
  test,
} from './support/fixtures';
import {
  analyticsReviewCount,
  assignedTo,
  boardOf,
  resetCycleSettings,
  settingOf,
} from './support/review-cycle-arrange';
import {
  adminApi,
  CRITERION_LABELS,
  createPublishedOpportunity,
  createReviewerAccount,
  nextOpportunityNumber,
  type PublishedOpportunity,
  type ReviewerAccount,
  runTag,
} from './support/reviewer-arrange';

/**
 * Review-cycle control (issue 18) end to end: assignments, conflicts of interest and the comment
 * visibility beside the spec's switch. The panel is the demo catalogue's names and titles, made
 * through the API in a batch of its own (the demo seed itself needs a database no other spec file
 * has filled). Every setting changed here is global: afterAll puts them all back.
 */

const tag = runTag();
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const batch = `Demo cycle ${tag}`;
const OPPORTUNITIES = 6;
const REVIEWERS = 5;

let admin: APIRequestContext;
let opportunities: PublishedOpportunity[];
let reviewers: ReviewerAccount[];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  admin = await adminApi();
  await resetCycleSettings(admin);
  const first = await nextOpportunityNumber(admin);
  opportunities = [];
  for (let i = 0; i < OPPORTUNITIES; i += 1) {
    const demo = DEMO_OPPORTUNITIES[i]!;
    const created = await createPublishedOpportunity(admin, {
      number: first + i,
      title: `${demo.title} ${tag}`,
      description: demo.description,
      tags: demo.tags,
    });
    const placed = await admin.patch(`/api/admin/opportunities/${created.id}`, {
      data: { batch },
    });
    expect(placed.status(), await placed.text()).toBe(200);
    opportunities.push(created);
  }
  reviewers = [];
  for (let i = 0; i < REVIEWERS; i += 1) {
    const demo = DEMO_REVIEWERS[i]!;
    reviewers.push(
      await createReviewerAccount(admin, {
        name: `${demo.name} ${tag}`,
        email: `cycle-${tag}-${i}@assay.test`,
      }),
    );
  }
});

test.afterAll(async () => {
  await resetCycleSettings(admin);
  await admin.dispose();
});

async function signedInPage(browser: Browser, user: ReviewerAccount): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughApi(page, user);
  return page;
}

const radio = (page: Page, criterion: string, score: number) =>
  page.getByRole('radiogroup', { name: criterion }).getByRole('radio', { name: String(score) });

async function scoreAll(page: Page, score: number) {
  for (const label of CRITERION_LABELS) await radio(page, label, score).click();
}

test('an admin switches to assigned mode, auto-assigns 3 per opportunity, and a reviewer sees only theirs', async ({
  page,
  browser,
}) => {
  test.slow();
  await signInThroughApi(page, adminAccount);
  await page.goto('/admin/assignments');
  await expect(page.getByRole('heading', { level: 1, name: 'Assignments' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assignments' }),
  ).toHaveAttribute('aria-current', 'page');

  await page.getByRole('radio', { name: /^Assigned/ }).check();
  await expectToast(
    page,
    'Review Mode Updated',
    'Reviewers now see only the opportunities assigned to them',
  );
  expect(await settingOf(admin, 'review_assignment')).toBe('assigned');

  // The grid narrowed to this run's panel: its reviewers by name, its opportunities by batch.
  await page.getByRole('searchbox', { name: 'Filter reviewers by name or email' }).fill(tag);
  await page.getByRole('combobox', { name: 'Batch' }).selectOption(batch);
  const grid = page.getByRole('grid', { name: 'Assignments' });
  await expect(grid.getByRole('rowheader')).toHaveCount(REVIEWERS);
  await expect(grid.getByRole('columnheader')).toHaveCount(OPPORTUNITIES + 1);

  // One assignment by hand, with the keyboard: the first reviewer on the first opportunity.
  const amara = reviewers[0]!;
  const firstCell = grid.getByRole('gridcell', {
    name: `${amara.name}, #${opportunities[0]!.number}: not assigned`,
  });
  await firstCell.focus();
  await page.keyboard.press('Enter');
  await expect(
    grid.getByRole('gridcell', {
      name: `${amara.name}, #${opportunities[0]!.number}: assigned, not reviewed yet`,
    }),
  ).toBeVisible();
  await checkScreen(page, 'admin-assignments-grid');

  // Auto-assign k = 3 on the batch: preview first, then apply.
  await page.getByRole('button', { name: 'Auto-Assign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Auto-Assign Reviewers' });
  await dialog.getByRole('textbox', { name: 'Reviewers per opportunity (k)' }).fill('3');
  await dialog.getByRole('combobox', { name: 'Opportunities' }).selectOption(`Batch: ${batch}`);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('list', { name: 'Summary' })).toContainText(
    `${OPPORTUNITIES} of ${OPPORTUNITIES} opportunities reach 3 reviewers`,
  );
  // k x 6 places, one already filled by hand.
  await expect(preview.getByRole('list', { name: 'Summary' })).toContainText(
    `Adds ${3 * OPPORTUNITIES - 1} assignments`,
  );
  await checkScreen(page, 'admin-assignments-auto-preview');
  await dialog.getByRole('button', { name: `Apply ${3 * OPPORTUNITIES - 1} Assignments` }).click();
  await expectToast(page, 'Assignments Applied', `${3 * OPPORTUNITIES - 1} assignments added`);
  await expect(dialog).toBeHidden();

  const board = await boardOf(admin);
  for (const opportunity of opportunities) {
    const row = board.opportunities.find((o) => o.id === opportunity.id)!;
    expect(row.assigned, `coverage of #${opportunity.number}`).toBe(3);
  }
  const assigned = assignedTo(board, amara.id);
  expect(assigned.has(opportunities[0]!.id)).toBe(true);

  // The reviewer's list holds exactly their assigned opportunities, nothing of other batches.
  const reviewerPage = await signedInPage(browser, amara);
  await reviewerPage.goto('/reviewer/opportunities');
  const mine = board.opportunities.filter((o) => assigned.has(o.id) && o.status === 'published');
  await expect(
    reviewerPage.getByText(`${mine.length} opportunities available for review`),
  ).toBeVisible();
  const cards = reviewerPage.getByTestId('opportunity-card');
  await expect(cards).toHaveCount(mine.length);
  const titles = await cards.getByRole('heading', { level: 2 }).allTextContents();
  expect(titles.sort()).toEqual(mine.map((o) => o.title).sort());

  // Anything else answers like an unpublished opportunity.
  const other = opportunities.find((o) => !assigned.has(o.id))!;
  await reviewerPage.goto(`/reviewer/opportunities/${other.id}`);
  await expect(
    reviewerPage.getByRole('heading', { level: 1, name: 'Opportunity not found' }),
  ).toBeVisible();
  await reviewerPage.context().close();

  // Back to open mode from the screen: every published opportunity again.
  await page.getByRole('radio', { name: /^Open/ }).check();
  await expectToast(
    page,
    'Review Mode Updated',
    'Every active reviewer now sees every published opportunity',
  );
  expect(await settingOf(admin, 'review_assignment')).toBe('open');
});

test('a reviewer declares a conflict of interest and their review leaves the aggregates', async ({
  page,
}) => {
  test.slow();
  const reviewer = reviewers[1]!;
  const opportunity = opportunities[1]!;
  const api = await signedInContext(baseURL, reviewer);
  await submitReviewViaApi(api, opportunity.id, allScores(5));
  await api.dispose();
  const before = await analyticsReviewCount(admin, opportunity.id);
  expect(before).toBeGreaterThanOrEqual(1);
  const totalBefore = (
    (await (await admin.get('/api/admin/stats')).json()) as { totalReviews: number }
  ).totalReviews;

  await signInThroughApi(page, reviewer);
  await page.goto(`/reviewer/opportunities/${opportunity.id}`);
  await expect(page.getByRole('heading', { level: 1, name: opportunity.title })).toBeVisible();
  await page.getByRole('button', { name: 'I have a conflict of interest' }).click();
  const dialog = page.getByRole('dialog', { name: 'Declare a Conflict of Interest' });
  await expect(dialog).toContainText('only an administrator can withdraw the declaration.');
  await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill(`Advised the team ${tag}`);
  await checkScreen(page, 'reviewer-declare-conflict');
  await dialog.getByRole('button', { name: 'Declare Conflict' }).click();
  await expectToast(page, 'Conflict Declared');

  await expect(
    page.getByRole('region', { name: /^Conflict of interest declared on / }),
  ).toContainText(`Reason: Advised the team ${tag}`);
  await expect(radio(page, 'Strategic Alignment', 5)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Update Review' })).toHaveCount(0);
  await checkScreen(page, 'reviewer-conflict-declared');

  // Saves are refused by the server, with its message.
  const refused = await page.request.post('/api/reviewer/reviews', {
    data: { opportunityId: opportunity.id, ...allScores(1) },
  });
  expect(refused.status()).toBe(409);

  await page.goto('/reviewer/opportunities');
  const card = page.getByTestId('opportunity-card').filter({ hasText: opportunity.title });
  await expect(card.getByText('Conflict', { exact: true })).toBeVisible();

  // The review is kept but counts nowhere.
  expect(await analyticsReviewCount(admin, opportunity.id)).toBe(before - 1);
  const totalAfter = (
    (await (await admin.get('/api/admin/stats')).json()) as { totalReviews: number }
  ).totalReviews;
  expect(totalAfter).toBe(totalBefore - 1);

  // The admin sees it in the conflicts list.
  await signInThroughApi(page, adminAccount);
  await page.goto('/admin/assignments');
  const conflicts = page.getByRole('table', { name: 'Conflicts of interest' });
  const row = conflicts.getByRole('row').filter({ hasText: `Advised the team ${tag}` });
  await expect(row).toContainText(reviewer.name);
  await expect(row).toContainText(`#${opportunity.number}`);
  await expect(row).toContainText('Reviewer');
});

test('"only after the reviewer\'s own review" hides comments until the review, and hidden names show labels', async ({
  page,
  browser,
}) => {
  test.slow();
  const opportunity = opportunities[2]!;
  const commenter = reviewers[2]!;
  const reader = reviewers[3]!;
  const api = await signedInContext(baseURL, commenter);
  await submitReviewViaApi(api, opportunity.id, allScores(4));
  await submitCommentViaApi(api, opportunity.id, {
    howToBiggerBetter: `Partner with coastal towns ${tag}`,
  });
  await api.dispose();

  // The admin turns comments on, then "only after own review", on the dashboard.
  await signInThroughApi(page, adminAccount);
  await page.goto('/admin/dashboard');
  const showComments = page.getByRole('switch', { name: 'Show Reviewer Comments' });
  await expect(showComments).toBeEnabled();
  if ((await showComments.getAttribute('aria-checked')) !== 'true') {
    await showComments.click();
    await expectToast(page, 'Settings Updated', 'Comment visibility setting has been changed');
  }
  await page.getByRole('switch', { name: "Only after the reviewer's own review" }).click();
  await expectToast(
    page,
    'Settings Updated',
    "Reviewers now see others' comments only after their own review",
  );
  await expect(
    page.getByRole('switch', { name: "Only after the reviewer's own review" }),
  ).toHaveAttribute('aria-checked', 'true');
  await checkScreen(page, 'admin-dashboard-comment-settings');
  expect(await settingOf(admin, 'reviewer_comments_after_own_review')).toBe('true');

  const readerPage = await signedInPage(browser, reader);
  await readerPage.goto(`/reviewer/opportunities/${opportunity.id}`);
  await expect(
    readerPage.getByText("Submit your review to see other reviewers' comments"),
  ).toBeVisible();
  await expect(readerPage.getByText(`Partner with coastal towns ${tag}`)).toHaveCount(0);
  await scoreAll(readerPage, 3);
  await readerPage.getByRole('button', { name: 'Submit Review' }).click();
  await expect(readerPage.getByText(`Partner with coastal towns ${tag}`)).toBeVisible();
  await expect(
    readerPage.getByText("Submit your review to see other reviewers' comments"),
  ).toHaveCount(0);
  await expect(readerPage.getByText(commenter.name)).toBeVisible();

  // Names hidden: the same comment under a label, never the name.
  await page.getByRole('switch', { name: 'Show reviewer names' }).click();
  await expectToast(
    page,
    'Settings Updated',
    'Comments now show labels such as Reviewer A instead of names',
  );
  await readerPage.reload();
  const comments = readerPage
    .getByRole('listitem')
    .filter({ hasText: `Partner with coastal towns ${tag}` });
  await expect(comments).toContainText(/Reviewer [A-Z]/);
  await expect(readerPage.getByText(commenter.name)).toHaveCount(0);
  await checkScreen(readerPage, 'reviewer-comments-labelled');
  await readerPage.context().close();
});
