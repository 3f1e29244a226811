import type { APIRequestContext, Page } from '@playwright/test';
import { expectToast, openRowMenu } from './support/admin-arrange';
import {
  type ArrangedOpportunity,
  createPublishedOpportunityViaApi,
  createReviewerViaApi,
  nextOpportunityNumbers,
  signedInContext,
} from './support/api-arrange';
import { admin, checkScreen, expect, signInThroughApi, test } from './support/fixtures';
import { runTag } from './support/reviewer-arrange';

// Issue 21: the top lists rank the same opportunities, the 50 limit has a way out (deletion), and
// a reviewer whose account is deactivated learns why the session ended. Other spec files share
// the database, so every opportunity made here is deleted again before the test ends.

const MAX_OPPORTUNITIES = 50;
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const uniform = (value: number) => ({
  strategicAlignment: value,
  sustainability: value,
  technologyReadiness: value,
  marketPotential: value,
  businessPotential: value,
});

/** The reviewer's review (all five scores `value`) and comments on each opportunity. */
async function review(
  reviewer: APIRequestContext,
  opportunity: ArrangedOpportunity,
  value: number,
) {
  const saved = await reviewer.post('/api/reviewer/reviews', {
    data: { opportunityId: opportunity.id, ...uniform(value) },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const commented = await reviewer.post('/api/reviewer/comments', {
    data: { opportunityId: opportunity.id, howToBiggerBetter: 'Pilot it in two cities' },
  });
  expect(commented.status(), await commented.text()).toBe(200);
}

async function deleteAll(api: APIRequestContext, ids: string[]) {
  for (const id of ids) await api.delete(`/api/admin/opportunities/${id}`);
}

const dashboardTop = (page: Page) => page.getByRole('list', { name: 'Top opportunities' });

test('the dashboard top 5 is the head of the analytics top list: no archived opportunity', async ({
  page,
}) => {
  const api = await signedInContext(baseURL, admin);
  const tag = runTag();
  const reviewer = await createReviewerViaApi(api, {
    name: `Tia Toplist ${tag}`,
    email: `tia.${tag}@assay.test`,
    password: 'reviewer-password-1',
  });
  const asReviewer = await signedInContext(baseURL, reviewer);
  const [archivedNumber, keptNumber] = await nextOpportunityNumbers(api, 2);
  const archived = await createPublishedOpportunityViaApi(api, {
    number: archivedNumber!,
    title: `Archived best ${tag}`,
  });
  const kept = await createPublishedOpportunityViaApi(api, {
    number: keptNumber!,
    title: `Published best ${tag}`,
  });
  try {
    await review(asReviewer, archived, 5);
    await review(asReviewer, kept, 5);
    const archiving = await api.patch(`/api/admin/opportunities/${archived.id}`, {
      data: { status: 'archived' },
    });
    expect(archiving.status()).toBe(200);

    await signInThroughApi(page, admin);
    await page.goto('/admin/dashboard');
    const items = dashboardTop(page).getByRole('listitem');
    await expect(items.filter({ hasText: kept.title })).toHaveCount(1);
    await expect(items.filter({ hasText: archived.title })).toHaveCount(0);
    // Each item's first line: '#number title'.
    const onDashboard = await items.evaluateAll((lis) =>
      lis.map((li) => li.querySelector('p')?.textContent?.trim() ?? ''),
    );

    await page.goto('/admin/analytics');
    const table = page.getByRole('region', {
      name: 'Top Opportunities by Composite Score',
      exact: true,
    });
    const rows = table.getByRole('row');
    await expect(rows.filter({ hasText: kept.title })).toHaveCount(1);
    await expect(rows.filter({ hasText: archived.title })).toHaveCount(0);
    // Same opportunities in the same order: '#number' and title of the first rows.
    const analyticsHead: string[] = [];
    for (const row of (await rows.all()).slice(1, onDashboard.length + 1)) {
      const cells = await row.getByRole('cell').allTextContents();
      analyticsHead.push(`${cells[1]} ${cells[2]}`);
    }
    expect(analyticsHead).toEqual(onDashboard);
  } finally {
    await deleteAll(api, [archived.id, kept.id]);
    await asReviewer.dispose();
    await api.dispose();
  }
});

test('at the limit Add Opportunity says why it is disabled; deleting one frees a place', async ({
  page,
}) => {
  test.slow();
  const api = await signedInContext(baseURL, admin);
  const tag = runTag();
  const reviewer = await createReviewerViaApi(api, {
    name: `Lena Limit ${tag}`,
    email: `lena.${tag}@assay.test`,
    password: 'reviewer-password-1',
  });
  const asReviewer = await signedInContext(baseURL, reviewer);
  const existing = (await (await api.get('/api/admin/opportunities')).json()) as unknown[];
  const free = MAX_OPPORTUNITIES - existing.length;
  expect(free, 'room for this test').toBeGreaterThan(1);
  const numbers = await nextOpportunityNumbers(api, free + 1);
  const made: string[] = [];
  try {
    // The doomed one is archived and reviewed: archived opportunities count toward the limit.
    const doomed = await createPublishedOpportunityViaApi(api, {
      number: numbers[0]!,
      title: `Doomed ${tag}`,
    });
    made.push(doomed.id);
    await review(asReviewer, doomed, 4);
    await api.patch(`/api/admin/opportunities/${doomed.id}`, { data: { status: 'archived' } });
    for (const number of numbers.slice(1, free)) {
      const created = await api.post('/api/admin/opportunities', {
        data: { number, title: `Filler ${number} ${tag}` },
      });
      expect(created.status(), await created.text()).toBe(201);
      made.push(((await created.json()) as { id: string }).id);
    }

    await signInThroughApi(page, admin);
    await page.goto('/admin/opportunities');
    const add = page.getByRole('button', { name: 'Add Opportunity' });
    const reason =
      'The limit of 50 opportunities is reached (archived ones count). Delete one to add another.';
    await expect(add).toBeDisabled();
    await expect(add).toHaveAccessibleDescription(reason);
    await expect(page.getByText(reason)).toBeVisible();
    await add.click({ force: true });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await checkScreen(page, 'admin-opportunities-at-limit');

    const row = page.getByRole('row').filter({ hasText: doomed.title });
    await openRowMenu(page, row.getByRole('button', { name: `Actions for #${doomed.number}` }));
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Opportunity' });
    await expect(dialog).toContainText(
      `Are you sure you want to delete #${doomed.number} ${doomed.title}?`,
    );
    await expect(
      dialog.getByRole('list', { name: 'What is removed' }).getByRole('listitem'),
    ).toHaveText(['The opportunity', '1 review and their scores', '1 comment']);
    await expect(dialog.getByText('This action cannot be undone.')).toBeVisible();
    await checkScreen(page, 'admin-opportunity-delete-dialog');
    await dialog.getByRole('button', { name: 'Delete Opportunity' }).click();
    await expectToast(page, 'Opportunity Deleted');
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    made.shift();

    // A place is free again: the form opens and the creation succeeds.
    await expect(add).toBeEnabled();
    await expect(page.getByText(reason)).toHaveCount(0);
    await add.click();
    const form = page.getByRole('dialog', { name: 'Create New Opportunity' });
    await form.getByLabel('Number').fill(String(numbers[free]));
    await form.getByLabel('Title').fill(`Replacement ${tag}`);
    await form.getByRole('button', { name: 'Create Opportunity' }).click();
    await expectToast(page, 'Opportunity Created');
    const list = (await (await api.get('/api/admin/opportunities')).json()) as Array<{
      id: string;
      title: string;
    }>;
    expect(list).toHaveLength(MAX_OPPORTUNITIES);
    made.push(list.find((o) => o.title === `Replacement ${tag}`)!.id);
    await expect(add).toBeDisabled();

    // The reviewer's work went with it: the deleted opportunity is gone from their list.
    const theirs = (await (await asReviewer.get('/api/reviewer/opportunities')).json()) as Array<{
      id: string;
    }>;
    expect(theirs.map((o) => o.id)).not.toContain(doomed.id);
  } finally {
    await deleteAll(api, made);
    await asReviewer.dispose();
    await api.dispose();
  }
});

test('a reviewer deactivated while signed in is told so on the login page', async ({ page }) => {
  const api = await signedInContext(baseURL, admin);
  const tag = runTag();
  const reviewer = await createReviewerViaApi(api, {
    name: `Dora Deactivated ${tag}`,
    email: `dora.${tag}@assay.test`,
    password: 'reviewer-password-1',
  });
  const [number] = await nextOpportunityNumbers(api, 1);
  const opportunity = await createPublishedOpportunityViaApi(api, {
    number: number!,
    title: `Seen before deactivation ${tag}`,
  });
  try {
    await signInThroughApi(page, reviewer);
    await page.goto('/reviewer/opportunities');
    const card = page.getByRole('link', { name: new RegExp(opportunity.title) });
    await expect(card).toBeVisible();

    const deactivated = await api.patch(`/api/admin/reviewers/${reviewer.id}`, {
      data: { isActive: false },
    });
    expect(deactivated.status()).toBe(200);
    // The next call of the open session (opening an opportunity) is refused, and the app says why.
    await card.click();
    await expect(page).toHaveURL(/\/login$/);
    const alert = page.getByRole('alert').filter({ hasText: 'deactivated' });
    await expect(alert).toHaveText('Your account has been deactivated. Contact an administrator.');
    await checkScreen(page, 'login-after-deactivation');
    // It stays through a reload of /login until someone signs in.
    await page.reload();
    await expect(alert).toBeVisible();
  } finally {
    await api.delete(`/api/admin/reviewers/${reviewer.id}`);
    await deleteAll(api, [opportunity.id]);
    await api.dispose();
  }
});
