import type { APIRequestContext, Page } from '@playwright/test';
import { checkScreen, expect, signInThroughApi, test } from './support/fixtures';
import {
  adminApi,
  CRITERION_LABELS,
  createPublishedOpportunity,
  createReviewerAccount,
  nextOpportunityNumber,
  type PublishedOpportunity,
  type ReviewerAccount,
  runTag,
  setCommentVisibility,
  signedInApi,
} from './support/reviewer-arrange';

const tag = runTag();
let admin: APIRequestContext;
let kites: PublishedOpportunity;
let bees: PublishedOpportunity;
let glass: PublishedOpportunity;
let reviewerCount = 0;

test.beforeAll(async () => {
  admin = await adminApi();
  const number = await nextOpportunityNumber(admin);
  // Three neighbours in list order; their descriptions share a word unique to this run.
  kites = await createPublishedOpportunity(admin, {
    number,
    title: `Tidal Kites ${tag}`,
    description: `Underwater kites harvest tidal energy.\nRun ${tag}kw.`,
    tags: ['energy', 'ocean', 'hardware', 'pilot'],
  });
  bees = await createPublishedOpportunity(admin, {
    number: number + 1,
    title: `Urban Beekeeping ${tag}`,
    description: `Rooftop hives for city pollination. Run ${tag}kw.`,
    tags: ['biodiversity'],
  });
  glass = await createPublishedOpportunity(admin, {
    number: number + 2,
    title: `Glass Recycling ${tag}`,
    description: `Closed-loop glass collection. Run ${tag}kw.`,
  });
});

test.afterAll(async () => {
  await setCommentVisibility(admin, false);
  await admin.dispose();
});

/** A reviewer of their own per test, so no test inherits another's saved work or redirect. */
async function newReviewer(name: string, displayName?: string): Promise<ReviewerAccount> {
  reviewerCount += 1;
  return createReviewerAccount(admin, {
    name,
    displayName,
    email: `reviewer-${tag}-${reviewerCount}@assay.test`,
  });
}

const radio = (page: Page, criterion: string, score: number) =>
  page.getByRole('radiogroup', { name: criterion }).getByRole('radio', { name: String(score) });

async function openOpportunity(page: Page, opportunity: PublishedOpportunity) {
  await page.goto(`/reviewer/opportunities/${opportunity.id}`);
  await expect(page.getByRole('heading', { level: 1, name: opportunity.title })).toBeVisible();
}

async function scoreAll(page: Page, scores: number[]) {
  for (const [index, score] of scores.entries()) {
    await radio(page, CRITERION_LABELS[index]!, score).click();
  }
}

test('a reviewer filters and searches the list, scores with comments, and finds it saved after a reload', async ({
  page,
}) => {
  test.slow();
  const reviewer = await newReviewer('Quinn Reviewer');
  await signInThroughApi(page, reviewer);
  await page.goto('/reviewer/opportunities');
  await expect(page.getByRole('heading', { level: 1, name: 'Opportunities' })).toBeVisible();
  await expect(page.getByText(/^\d+ opportunities available for review$/)).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search opportunities' });
  const cards = page.getByTestId('opportunity-card');
  await search.fill(`${tag}KW`);
  await expect(cards).toHaveCount(3);
  await search.fill(`urban beekeeping ${tag}`.toUpperCase());
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(`#${bees.number}`);
  await expect(cards.first()).toContainText('Not Started');

  await search.fill(`${tag}kw`);
  const status = page.getByRole('combobox', { name: 'Filter by status' });
  await status.selectOption('Done');
  await expect(page.getByRole('heading', { name: 'No Opportunities Found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filters')).toBeVisible();
  await status.selectOption('All Status');
  await expect(cards).toHaveCount(3);
  const kitesCard = cards.filter({ hasText: kites.title });
  await expect(kitesCard.getByRole('listitem')).toHaveText(['energy', 'ocean', 'hardware']);
  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByRole('list', { name: 'Opportunities' })).toHaveAttribute(
    'data-layout',
    'list',
  );
  await checkScreen(page, 'reviewer-opportunity-list');

  await kitesCard.click();
  await expect(page).toHaveURL(new RegExp(`/reviewer/opportunities/${kites.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: kites.title })).toBeVisible();
  await expect(page.getByText(`Opportunity #${kites.number}`)).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit Review' });
  await expect(submit).toBeDisabled();
  await checkScreen(page, 'reviewer-opportunity-detail');

  await scoreAll(page, [4, 3, 5, 2, 4]);
  await expect(page.getByTestId('composite-score')).toContainText('3.60');
  await expect(page.getByTestId('composite-score')).toContainText('Out of 5.00');
  await page.getByLabel('How to make this bigger and better?').fill('Partner with ports');
  await page.getByLabel('What are the challenges you see?').fill('Corrosion\nand permits');

  // No click: the auto-save runs 2 s after the last keystroke, shown by the save state alone.
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('All changes saved');
  await expect(page.getByText('Review Saved', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Update Review' })).toBeEnabled();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: kites.title })).toBeVisible();
  await expect(radio(page, 'Strategic Alignment', 4)).toHaveAttribute('aria-checked', 'true');
  await expect(radio(page, 'Market Potential and Growth', 2)).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByTestId('composite-score')).toContainText('3.60');
  await expect(page.getByLabel('What are the challenges you see?')).toHaveValue(
    'Corrosion\nand permits',
  );
  await expect(page.getByRole('button', { name: 'Update Review' })).toBeVisible();
  await expect(page.getByText(/Restored your unsaved changes/)).toBeHidden();

  await page.getByRole('link', { name: 'Back to Opportunities' }).click();
  await status.selectOption('Done');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(kites.title);
  await expect(cards.first().getByTestId('your-score')).toHaveText('3.60');
});

test('Next saves complete scores before moving on', async ({ page }) => {
  const reviewer = await newReviewer('Nora Next');
  await signInThroughApi(page, reviewer);
  await openOpportunity(page, kites);
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  await scoreAll(page, [5, 5, 4, 4, 3]);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/reviewer/opportunities/${bees.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: bees.title })).toBeVisible();

  // Saved before the page changed: the server already holds it.
  const saved = await page.request.get(`/api/reviewer/opportunities/${kites.id}`);
  expect((await saved.json()).userReview).toMatchObject({
    composite: '4.2000',
    strategicAlignment: 5,
    businessPotential: 3,
  });
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByRole('heading', { level: 1, name: kites.title })).toBeVisible();
  await expect(radio(page, 'Technology Readiness', 4)).toHaveAttribute('aria-checked', 'true');
});

test('a reload in the middle of scoring warns, then restores the partial scores and comments', async ({
  page,
}) => {
  const reviewer = await newReviewer('Pia Partial');
  await signInThroughApi(page, reviewer);
  await openOpportunity(page, bees);
  await radio(page, 'Strategic Alignment', 2).click();
  await radio(page, 'Sustainability', 5).click();
  await radio(page, 'Technology Readiness', 3).click();
  await page.getByLabel('How can we get this going?').fill('Start with two rooftops');
  await expect(page.getByRole('status', { name: 'Save status' })).toContainText(
    'Draft kept on this device',
  );

  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.type());
    await dialog.accept();
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: bees.title })).toBeVisible();
  expect(dialogs).toEqual(['beforeunload']);
  await expect(page.getByText(/Restored your unsaved changes/)).toBeVisible();
  await expect(radio(page, 'Strategic Alignment', 2)).toHaveAttribute('aria-checked', 'true');
  await expect(radio(page, 'Sustainability', 5)).toHaveAttribute('aria-checked', 'true');
  await expect(radio(page, 'Technology Readiness', 3)).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel('How can we get this going?')).toHaveValue(
    'Start with two rooftops',
  );
  await expect(page.getByRole('button', { name: 'Submit Review' })).toBeDisabled();
  const server = await page.request.get(`/api/reviewer/opportunities/${bees.id}`);
  expect((await server.json()).userReview).toBeNull();

  // Completing the scores saves everything, and the draft is gone.
  await radio(page, 'Market Potential and Growth', 4).click();
  await radio(page, 'Business Potential', 4).click();
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('All changes saved');
  await page.reload();
  await expect(page.getByLabel('How can we get this going?')).toHaveValue(
    'Start with two rooftops',
  );
  await expect(page.getByText(/Restored your unsaved changes/)).toBeHidden();
  expect(dialogs).toEqual(['beforeunload']);
});

test("others' comments are shown only while the admin allows it", async ({ page }) => {
  const first = await newReviewer('Frank First', 'Frankie');
  const firstApi = await signedInApi(first);
  const review = await firstApi.post('/api/reviewer/reviews', {
    data: {
      opportunityId: glass.id,
      strategicAlignment: 3,
      sustainability: 3,
      technologyReadiness: 3,
      marketPotential: 3,
      businessPotential: 3,
    },
  });
  expect(review.status()).toBe(200);
  const comment = await firstApi.post('/api/reviewer/comments', {
    data: {
      opportunityId: glass.id,
      howToBiggerBetter: 'Add deposit machines',
      challenges: 'Transport costs',
      howToGetGoing: 'Private note',
      otherComments: null,
    },
  });
  expect(comment.status()).toBe(200);
  await firstApi.dispose();

  const second = await newReviewer('Sam Second');
  await signInThroughApi(page, second);
  await setCommentVisibility(admin, true);
  await openOpportunity(page, glass);
  const others = page
    .getByRole('heading', { name: 'Comments from Other Reviewers' })
    .locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
  await expect(others).toBeVisible();
  await expect(others.getByText('Frankie', { exact: true })).toBeVisible();
  await expect(others.getByText('Add deposit machines')).toBeVisible();
  await expect(others.getByText('Transport costs')).toBeVisible();
  await expect(others.getByText('Private note')).toHaveCount(0);

  // Wide: the comments under the opportunity, the form beside them. A phone stacks the form
  // before the comments, which load after the page and must not push it down.
  const title = page.getByRole('heading', { level: 1, name: glass.title });
  const form = page.getByRole('radiogroup', { name: 'Sustainability' });
  const box = async (locator: typeof form) => {
    const found = await locator.boundingBox();
    if (!found) throw new Error('not laid out');
    return found;
  };
  const [titleBox, othersBox, formBox] = [await box(title), await box(others), await box(form)];
  expect(othersBox.y).toBeGreaterThan(titleBox.y);
  expect(formBox.x).toBeGreaterThan(othersBox.x + othersBox.width);
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  expect((await box(others)).y).toBeGreaterThan((await box(form)).y);
  if (wide) await page.setViewportSize(wide);

  await setCommentVisibility(admin, false);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: glass.title })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Sustainability' })).toBeVisible();
  await expect(page.getByText('Comments from Other Reviewers')).toHaveCount(0);
  await expect(page.getByText('Add deposit machines')).toHaveCount(0);
});

test('the list takes a reviewer to the last viewed opportunity once per browser session', async ({
  page,
  browser,
}) => {
  const reviewer = await newReviewer('Remy Return');
  await signInThroughApi(page, reviewer);
  const remembered = page.waitForResponse(
    (r) => r.url().endsWith('/api/reviewer/viewer-state') && r.request().method() === 'POST',
  );
  await openOpportunity(page, bees);
  expect((await remembered).status()).toBe(200);
  await page.context().close();

  // A new browser session: the first visit to the list goes to the remembered opportunity.
  const context = await browser.newContext();
  const next = await context.newPage();
  await signInThroughApi(next, reviewer);
  await next.goto('/reviewer/opportunities');
  await expect(next).toHaveURL(new RegExp(`/reviewer/opportunities/${bees.id}$`));
  await expect(next.getByRole('heading', { level: 1, name: bees.title })).toBeVisible();

  // Once only: back on the list, and after a reload, the reviewer stays there.
  await next.getByRole('link', { name: 'Back to Opportunities' }).click();
  await expect(next).toHaveURL(/\/reviewer\/opportunities$/);
  await expect(next.getByRole('heading', { level: 1, name: 'Opportunities' })).toBeVisible();
  await next.reload();
  await expect(next.getByRole('list', { name: 'Opportunities' })).toBeVisible();
  await expect(next).toHaveURL(/\/reviewer\/opportunities$/);
  await context.close();
});

test('on a phone the list has its own search box and the detail page stacks', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 740 });
  const reviewer = await newReviewer('Mo Mobile');
  await signInThroughApi(page, reviewer);
  await page.goto('/reviewer/opportunities');
  await expect(page.getByRole('searchbox', { name: 'Search opportunities' })).toBeHidden();
  const search = page.getByRole('searchbox', { name: 'Search by title or description' });
  await search.fill(`glass recycling ${tag}`);
  const cards = page.getByTestId('opportunity-card');
  await expect(cards).toHaveCount(1);
  await checkScreen(page, 'reviewer-mobile-list');

  await cards.first().click();
  await expect(page.getByRole('heading', { level: 1, name: glass.title })).toBeVisible();
  const five = radio(page, 'Business Potential', 5);
  await five.scrollIntoViewIfNeeded();
  const box = await five.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(375);
  // Keyboard: one tab stop per criterion, arrows choose.
  await radio(page, 'Business Potential', 1).focus();
  await page.keyboard.press('End');
  await expect(five).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(radio(page, 'Business Potential', 1)).toHaveAttribute('aria-checked', 'true');
  await checkScreen(page, 'reviewer-mobile-detail');
});
