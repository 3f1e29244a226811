import type { APIRequestContext, Page } from '@playwright/test';
import { checkScreen, expect, signInThroughApi, test } from './support/fixtures';
import {
  adminApi,
  CRITERION_LABELS,
  createPublishedOpportunity,
  createReviewerAccount,
  nextOpportunityNumber,
  type PublishedOpportunity,
  runTag,
} from './support/reviewer-arrange';

// Issue 21: scoring by keyboard, and the save state where the reviewer looks.

const tag = runTag();
let admin: APIRequestContext;
let dunes: PublishedOpportunity;
let reefs: PublishedOpportunity;
let reviewerCount = 0;

test.beforeAll(async () => {
  admin = await adminApi();
  const number = await nextOpportunityNumber(admin);
  // Neighbours in list order, with a description long enough for the page to scroll.
  const description = Array.from({ length: 12 }, (_, i) => `Finding ${i + 1} of run ${tag}.`).join(
    '\n',
  );
  dunes = await createPublishedOpportunity(admin, {
    number,
    title: `Dune Restoration ${tag}`,
    description,
  });
  reefs = await createPublishedOpportunity(admin, {
    number: number + 1,
    title: `Reef Nurseries ${tag}`,
    description,
  });
});

test.afterAll(async () => {
  await admin.dispose();
});

async function signInNewReviewer(page: Page, name: string) {
  reviewerCount += 1;
  const reviewer = await createReviewerAccount(admin, {
    name,
    email: `keyboard-${tag}-${reviewerCount}@assay.test`,
  });
  await signInThroughApi(page, reviewer);
}

const radio = (page: Page, criterion: string, score: number) =>
  page.getByRole('radiogroup', { name: criterion }).getByRole('radio', { name: String(score) });

async function openOpportunity(page: Page, opportunity: PublishedOpportunity) {
  await page.goto(`/reviewer/opportunities/${opportunity.id}`);
  await expect(page.getByRole('heading', { level: 1, name: opportunity.title })).toBeVisible();
}

test('a reviewer scores all five criteria with 1-5, then Alt+ArrowRight saves and moves on', async ({
  page,
}) => {
  await signInNewReviewer(page, 'Kit Keys');
  await openOpportunity(page, dunes);
  await expect(page.getByText('Tip: press 1-5 to score; Alt+← previous, Alt+→ next')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toHaveAttribute(
    'aria-keyshortcuts',
    'Alt+ArrowRight',
  );
  await checkScreen(page, 'reviewer-keyboard-detail');

  await radio(page, 'Strategic Alignment', 1).focus();
  await page.keyboard.press('5');
  await expect(radio(page, 'Sustainability', 1)).toBeFocused();
  await page.keyboard.press('4');
  await page.keyboard.press('3');
  await page.keyboard.press('4');
  await page.keyboard.press('5');
  // The last criterion keeps focus; the arrow keys still move within it.
  await expect(radio(page, 'Business Potential', 5)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(radio(page, 'Business Potential', 4)).toHaveAttribute('aria-checked', 'true');
  for (const [index, score] of [5, 4, 3, 4, 4].entries()) {
    await expect(radio(page, CRITERION_LABELS[index]!, score)).toHaveAttribute(
      'aria-checked',
      'true',
    );
  }
  await expect(page.getByTestId('composite-score')).toContainText('4.00');

  await page.keyboard.press('Alt+ArrowRight');
  await expect(page).toHaveURL(new RegExp(`/reviewer/opportunities/${reefs.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: reefs.title })).toBeVisible();
  // Asked for, so said: the save before leaving toasts.
  await expect(page.getByText('Review Saved', { exact: true })).toBeVisible();
  // Focus waits on the next opportunity's first criterion.
  await expect(radio(page, 'Strategic Alignment', 1)).toBeFocused();
  const saved = await page.request.get(`/api/reviewer/opportunities/${dunes.id}`);
  expect((await saved.json()).userReview).toMatchObject({
    composite: '4.0000',
    strategicAlignment: 5,
    sustainability: 4,
    technologyReadiness: 3,
    marketPotential: 4,
    businessPotential: 4,
  });

  // Typing in a comment keeps Alt+Arrow for the text.
  const comment = page.getByLabel('How can we get this going?');
  await comment.fill('Nursery first');
  await comment.press('Alt+ArrowLeft');
  await expect(comment).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/reviewer/opportunities/${reefs.id}$`));
  await page.getByRole('button', { name: 'Previous' }).focus();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByRole('heading', { level: 1, name: dunes.title })).toBeVisible();
});

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the save state stays in sight while the ${viewport.name} reviewer writes comments, and auto-saves do not toast`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signInNewReviewer(page, `Sam Sticky ${viewport.name}`);
    await openOpportunity(page, viewport.name === 'phone' ? reefs : dunes);
    const status = page.getByRole('status', { name: 'Save status' });
    await expect(status).toHaveText('Nothing saved yet');
    for (const criterion of CRITERION_LABELS) await radio(page, criterion, 3).click();

    const last = page.getByLabel('Any other comments or general view?');
    await last.scrollIntoViewIfNeeded();
    await last.fill('Worth a pilot');
    await expect(last).toBeInViewport();
    await expect(
      page.getByRole('heading', { name: 'Score This Opportunity' }),
    ).not.toBeInViewport();
    // Auto-saved: the status says so, in view and clear of the sticky header; no toast.
    await expect(status).toHaveText('All changes saved');
    await expect(status).toBeInViewport({ ratio: 1 });
    const header = await page.locator('header').first().boundingBox();
    const box = await status.boundingBox();
    expect(header && box && box.y >= header.y + header.height).toBe(true);
    await expect(page.getByText('Review Saved', { exact: true })).toHaveCount(0);
    await checkScreen(page, `reviewer-save-state-${viewport.name}`);
  });
}
