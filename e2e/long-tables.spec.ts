import { hash } from '@node-rs/argon2';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { adminApi } from './support/admin-arrange';
import {
  allScores,
  createPublishedOpportunityViaApi,
  nextOpportunityNumbers,
  signedInContext,
  submitReviewViaApi,
} from './support/api-arrange';
import { withDatabase } from './support/database';
import { admin, expect, expectAccessible, signInThroughApi, test } from './support/fixtures';

/**
 * Issue 17: a panel longer than a screen. Past 100 rows the reviewers table and the results'
 * reviewer calibration draw only the rows near the viewport; scrolling, the keyboard and the
 * counts still reach every row. The 130 reviewers are written straight into the database (130
 * sign-ups through the API would hash 130 passwords) and removed afterwards, so that the files
 * after this one see the short lists they were written for.
 */

const EXTRA = 130;
const DOMAIN = 'long-table.example.test';
const PASSWORD = 'long-table-password';

let opportunityId: string | undefined;

test.beforeAll(async ({ baseURL }) => {
  const passwordHash = await hash(PASSWORD);
  await withDatabase((client) =>
    client.query(
      `insert into users (name, email, password_hash, role)
       select 'Long Table ' || lpad(n::text, 3, '0'), 'long' || lpad(n::text, 3, '0') || '@${DOMAIN}',
              $1, 'reviewer'
       from generate_series(0, ${EXTRA - 1}) as n`,
      [passwordHash],
    ),
  );
  // One review, so that the Results screen shows its tables (every active reviewer is listed).
  const api = await adminApi(baseURL!);
  const [number] = await nextOpportunityNumbers(api, 1);
  const opportunity = await createPublishedOpportunityViaApi(api, {
    number: number!,
    title: `Long table ${Date.now().toString(36)}`,
  });
  opportunityId = opportunity.id;
  const reviewer = await signedInContext(baseURL!, {
    email: `long000@${DOMAIN}`,
    password: PASSWORD,
  });
  await submitReviewViaApi(reviewer, opportunity.id, allScores(4));
  await reviewer.dispose();
  await api.dispose();
});

test.afterAll(async ({ baseURL }) => {
  const api: APIRequestContext = await adminApi(baseURL!);
  if (opportunityId) {
    const response = await api.delete(`/api/admin/opportunities/${opportunityId}`);
    expect(response.ok(), await response.text()).toBe(true);
  }
  await api.dispose();
  await withDatabase((client) => client.query(`delete from users where email like '%@${DOMAIN}'`));
});

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, admin);
});

/** The rows of a table's body that are in the page, with their aria-rowindex. */
const drawnIndexes = (table: Locator) =>
  table
    .locator('tbody tr[aria-rowindex]')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('aria-rowindex'))));

/** Where the focus is: the aria-rowindex of its row in `table`, or null outside the body. */
const focusedRowIndex = (page: Page) =>
  page.evaluate(() => {
    const row = document.activeElement?.closest('tbody tr[aria-rowindex]');
    return row ? Number(row.getAttribute('aria-rowindex')) : null;
  });

async function reviewerCount(page: Page): Promise<number> {
  const response = await page.request.get('/api/admin/reviewers');
  return ((await response.json()) as unknown[]).length;
}

test('the reviewers table draws the rows near the viewport, and every row is reached by scrolling', async ({
  page,
}) => {
  const total = await reviewerCount(page);
  expect(total).toBeGreaterThan(100);
  await page.goto('/admin/reviewers');
  const table = page.getByRole('table', { name: 'Reviewers' });
  await expect(table.locator('tbody tr[aria-rowindex="2"]')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'shown' })).toHaveText(`${total} shown`);
  await expect(table).toHaveAttribute('aria-rowcount', String(total + 1));
  const first = await drawnIndexes(table);
  expect(first[0]).toBe(2);
  expect(first.length).toBeLessThan(total);
  await expectAccessible(page);

  // To the end of the page: the last rows are drawn, in view, numbered up to the last.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(async () => (await drawnIndexes(table)).at(-1)).toBe(total + 1);
  await expect(table.locator(`tbody tr[aria-rowindex="${total + 1}"]`)).toBeInViewport();
  expect((await drawnIndexes(table)).length).toBeLessThan(total);
  await expectAccessible(page);

  // Select all shown counts every reviewer, drawn or not.
  await page.evaluate(() => window.scrollTo(0, 0));
  await table.getByRole('checkbox', { name: 'Select all shown reviewers' }).check();
  await expect(page.getByRole('region', { name: 'Bulk actions on reviewers' })).toContainText(
    `${total} selected`,
  );
});

test('Tab walks the reviewers table past the rows first drawn, never dropping the focus', async ({
  page,
}) => {
  await page.goto('/admin/reviewers');
  const table = page.getByRole('table', { name: 'Reviewers' });
  await expect(table.locator('tbody tr[aria-rowindex="2"]')).toBeVisible();
  const firstDrawn = await drawnIndexes(table);
  await table.locator('tbody tr[aria-rowindex="2"]').getByRole('checkbox').focus();
  let previous = 2;
  // Each row has two stops (its checkbox and its actions): walk well past the first block.
  for (let press = 0; press < 2 * (firstDrawn.length + 20); press++) {
    await page.keyboard.press('Tab');
    const index = await focusedRowIndex(page);
    expect(index, `Tab ${press + 1} left the table body`).not.toBeNull();
    expect(index!).toBeGreaterThanOrEqual(previous);
    previous = index!;
  }
  expect(previous).toBeGreaterThan(firstDrawn.at(-1)! + 10);
  // Back up with Shift+Tab, row by row.
  for (let press = 0; press < 10; press++) await page.keyboard.press('Shift+Tab');
  expect(await focusedRowIndex(page)).toBe(previous - 5);
});

test("the results' reviewer calibration of a long panel is drawn as it scrolls into view", async ({
  page,
}) => {
  await page.goto('/admin/results');
  const table = page.getByRole('table', { name: 'Reviewers with their offset and agreement' });
  await expect(table.getByRole('rowheader').first()).toBeVisible();
  const rowCount = Number(await table.getAttribute('aria-rowcount'));
  expect(rowCount).toBeGreaterThan(EXTRA);
  expect((await drawnIndexes(table)).length).toBeLessThan(rowCount - 1);

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(async () => (await drawnIndexes(table)).at(-1)).toBe(rowCount);
  await expect(table.locator(`tbody tr[aria-rowindex="${rowCount}"]`)).toBeInViewport();
  await expectAccessible(page);
});
