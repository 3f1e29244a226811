import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  adminApi,
  createReviewerThroughApi,
  expectToast,
  openRowMenu,
} from './support/admin-arrange';
import { nextOpportunityNumbers } from './support/api-arrange';
import { admin, checkScreen, expect, signInThroughApi, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/table-layout';

/**
 * Issue 21: the admin tables at laptop and phone widths (defect 2), row menus after a mutation
 * (defect 4), and search, sort, filters and all-or-nothing bulk actions.
 */

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, admin);
});

type Arranged = { id: string; number: number; title: string };

/** Opportunities with the next free numbers, in the given statuses, through the admin API. */
async function arrangeOpportunities(
  api: APIRequestContext,
  rows: { title: string; status: 'draft' | 'published'; batch?: string; tags?: string[] }[],
): Promise<Arranged[]> {
  const numbers = await nextOpportunityNumbers(api, rows.length);
  const created: Arranged[] = [];
  for (const [index, row] of rows.entries()) {
    const response = await api.post('/api/admin/opportunities', {
      data: { number: numbers[index], description: '', tags: [], ...row },
    });
    expect(response.status(), await response.text()).toBe(201);
    created.push(await response.json());
  }
  return created;
}

async function statusOf(api: APIRequestContext, id: string) {
  const list = (await (await api.get('/api/admin/opportunities')).json()) as Arranged[];
  return (list.find((o) => o.id === id) as unknown as { status: string }).status;
}

/** The element lies inside the window, and the page itself does not scroll sideways. */
async function expectInView(page: Page, element: Locator) {
  const box = (await element.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

test.describe('table widths', () => {
  test('every row action is in view without sideways scrolling at 1280 and 1024 px, and reachable at 390 px', async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const api = await adminApi(baseURL!);
    const [long] = await arrangeOpportunities(api, [
      {
        title: `Wide ${'very long opportunity title that goes on '.repeat(6)}`,
        status: 'draft',
        batch: 'Spring cohort of the regional innovation programme 2026',
        tags: ['energy', 'water', 'cities', 'mobility', 'agriculture', 'health'],
      },
    ]);
    await createReviewerThroughApi(api, {
      name: 'Maximiliane Wide-Columns von Tablehausen',
      email: 'maximiliane.wide-columns.von.tablehausen@a-rather-long-domain.assay.test',
      password: 'wide-password',
    });
    await api.dispose();

    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/admin/opportunities');
      const table = page.getByRole('table', { name: 'Opportunities' });
      const menu = page.getByRole('button', { name: `Actions for #${long!.number}` });
      await expect(menu).toBeVisible();
      await expectNoSidewaysScroll(table);
      for (const button of await table.getByRole('button', { name: /^Actions for / }).all()) {
        await expectInView(page, button);
      }
      // The long title keeps to one line, whole in its tooltip.
      const title = table.getByTitle(long!.title.trim());
      expect((await title.boundingBox())!.height).toBeLessThan(24);

      await page.goto('/admin/reviewers');
      const reviewers = page.getByRole('table', { name: 'Reviewers' });
      await expect(reviewers.getByText('Maximiliane Wide-Columns von Tablehausen')).toBeVisible();
      await expectNoSidewaysScroll(reviewers);
      for (const button of await reviewers.getByRole('button', { name: /^Actions for / }).all()) {
        await expectInView(page, button);
      }
    }

    // A phone: the table scrolls inside its card, the Actions column stays in view.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/admin/opportunities');
    const phoneMenu = page.getByRole('button', { name: `Actions for #${long!.number}` });
    await expectInView(page, phoneMenu);
    await openRowMenu(page, phoneMenu);
    await expect(page.getByRole('menuitem', { name: 'Edit', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/admin/reviewers');
    const reviewerMenu = page.getByRole('button', {
      name: 'Actions for Maximiliane Wide-Columns von Tablehausen',
    });
    await expectInView(page, reviewerMenu);
  });
});

test.describe('row menus after a change', () => {
  test('the Actions button opens its menu on the first click right after Unpublish, and an open menu survives a refetch', async ({
    page,
    baseURL,
  }) => {
    const api = await adminApi(baseURL!);
    const [first, second] = await arrangeOpportunities(api, [
      { title: 'Menu first', status: 'published' },
      { title: 'Menu second', status: 'published' },
    ]);
    await api.dispose();
    await page.goto('/admin/opportunities');
    const firstMenu = page.getByRole('button', { name: `Actions for #${first!.number}` });
    const secondMenu = page.getByRole('button', { name: `Actions for #${second!.number}` });

    // One click each, no retry: the menu that just closed must not swallow the next click.
    await firstMenu.click();
    await page.getByRole('menuitem', { name: 'Unpublish', exact: true }).click();
    await firstMenu.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Archive', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('row').filter({ hasText: `#${first!.number}` })).toContainText(
      'Draft',
    );

    // Hold the list's refetch until another row's menu is open, then let it land.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let refetches = 0;
    await page.route('**/api/admin/opportunities', async (route) => {
      if (route.request().method() === 'GET') {
        refetches++;
        await held;
      }
      await route.continue();
    });
    await openRowMenu(page, firstMenu);
    await page.getByRole('menuitem', { name: 'Publish', exact: true }).click();
    await expect.poll(() => refetches).toBe(1);
    await secondMenu.click();
    await expect(page.getByRole('menu')).toBeVisible();
    release();
    await expect(page.getByRole('row').filter({ hasText: `#${first!.number}` })).toContainText(
      'Published',
    );
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(secondMenu).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await page.unroute('**/api/admin/opportunities');
  });
});

test.describe('search, sort, filters and bulk actions', () => {
  test('bulk Unpublish with a row archived in between changes nothing and says which; without it, applies', async ({
    page,
    baseURL,
  }) => {
    const api = await adminApi(baseURL!);
    const [kept, spoiled] = await arrangeOpportunities(api, [
      { title: 'Bulk kept', status: 'published', batch: 'Bulk batch' },
      { title: 'Bulk spoiled', status: 'published', batch: 'Bulk batch' },
    ]);
    await page.goto('/admin/opportunities');
    await page.getByLabel('Search opportunities').fill('bulk batch');
    const table = page.getByRole('table', { name: 'Opportunities' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await page.getByLabel('Select all shown opportunities').check();
    const bar = page.getByRole('region', { name: 'Bulk actions on opportunities' });
    await expect(bar).toContainText('2 selected');
    await checkScreen(page, 'admin-opportunities-bulk-selection');

    // Another admin archives one of them meanwhile.
    const archived = await api.patch(`/api/admin/opportunities/${spoiled!.id}`, {
      data: { status: 'archived' },
    });
    expect(archived.status()).toBe(200);
    await bar.getByRole('button', { name: 'Unpublish' }).click();
    await expectToast(
      page,
      'Nothing Changed',
      `Only published opportunities can be unpublished: #${spoiled!.number} is archived`,
    );
    expect(await statusOf(api, kept!.id)).toBe('published');
    expect(await statusOf(api, spoiled!.id)).toBe('archived');
    await expect(bar).toContainText('2 selected');

    await page.getByLabel(`Select #${spoiled!.number}`).uncheck();
    await bar.getByRole('button', { name: 'Unpublish' }).click();
    await expectToast(page, '1 opportunity unpublished');
    await expect(bar).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: `#${kept!.number}` })).toContainText(
      'Draft',
    );
    expect(await statusOf(api, kept!.id)).toBe('draft');
    await api.dispose();

    // Filter by status and sort by number, descending, from the keyboard.
    await page.getByLabel('Status', { exact: true }).selectOption('Archived');
    await expect(table.getByRole('row').filter({ hasText: 'Bulk kept' })).toHaveCount(0);
    await expect(table.getByRole('row').filter({ hasText: 'Bulk spoiled' })).toHaveCount(1);
    await page.getByLabel('Status', { exact: true }).selectOption('All Statuses');
    const numberHeader = table.getByRole('columnheader', { name: 'Number' });
    await numberHeader.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(numberHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(table.getByRole('row').nth(1)).toContainText(`#${spoiled!.number}`);
  });

  test('bulk Deactivate and Activate reviewers found by search', async ({ page, baseURL }) => {
    const api = await adminApi(baseURL!);
    const reviewers = [];
    for (const name of ['Bulk Berta', 'Bulk Bruno']) {
      reviewers.push(
        await createReviewerThroughApi(api, {
          name,
          email: `${name.toLowerCase().replace(' ', '.')}@assay.test`,
          password: 'bulk-password',
        }),
      );
    }
    await api.dispose();
    await page.goto('/admin/reviewers');
    await page.getByLabel('Search reviewers').fill('bulk b');
    const table = page.getByRole('table', { name: 'Reviewers' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await page.getByLabel('Select all shown reviewers').check();
    const bar = page.getByRole('region', { name: 'Bulk actions on reviewers' });
    await bar.getByRole('button', { name: 'Deactivate' }).click();
    await expectToast(page, '2 reviewers deactivated');
    for (const reviewer of reviewers) {
      await expect(table.getByRole('row').filter({ hasText: reviewer.email })).toContainText(
        'Inactive',
      );
    }
    await page.getByLabel('Status', { exact: true }).selectOption('Inactive');
    await page.getByLabel('Select Bulk Berta').check();
    await page
      .getByRole('region', { name: 'Bulk actions on reviewers' })
      .getByRole('button', { name: 'Activate', exact: true })
      .click();
    await expectToast(page, '1 reviewer activated');
    await expect(table.getByRole('row').filter({ hasText: 'Bulk Berta' })).toHaveCount(0);
    await checkScreen(page, 'admin-reviewers-filtered');
  });
});
