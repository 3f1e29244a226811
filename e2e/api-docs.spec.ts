import { expect, test } from './support/fixtures';

test('the API reference renders every section under the strict Content-Security-Policy', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(error.message));

  await page.goto('/api/docs');
  await expect(page).toHaveTitle('API reference - Assay');
  await expect(page.getByRole('heading', { name: /Assay API/ })).toBeVisible();
  for (const tag of ['Authentication', 'Admin', 'Reviewer']) {
    await expect(page.locator(`#operations-tag-${tag}`)).toBeVisible();
  }
  await expect(page.getByText('/api/admin/reviewers/{id}/set-password')).toBeVisible();

  // An operation opens with its parameters, its body and the cookie it needs.
  await page.locator('#operations-Authentication-post_api_auth_login').click();
  await expect(page.getByText('Request body').first()).toBeVisible();
  expect(violations).toEqual([]);
});
