import {
  adminApi,
  createPublishedOpportunity,
  createReviewerThroughApi,
  expectToast,
  makePng,
  openRowMenu,
  signedInApi,
  signInStatus,
} from './support/admin-arrange';
import { admin, checkScreen, expect, signInThroughApi, test } from './support/fixtures';

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, admin);
});

test.describe('admin reviewers', () => {
  test('creates a reviewer, resets and sets their password; the reviewer signs in with it', async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const reviewer = {
      name: 'Petra Pipeline',
      email: 'petra.pipeline@assay.test',
      password: 'initial-password',
    };
    await page.goto('/admin/reviewers');
    await expect(page.getByRole('heading', { name: 'Reviewers', level: 1 })).toBeVisible();
    await expect(page.getByText('Manage reviewer accounts and access')).toBeVisible();

    await page.getByRole('button', { name: 'Add Reviewer' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create New Reviewer' });
    await create.getByRole('button', { name: 'Create Reviewer' }).click();
    await expect(create.getByText('Name is required')).toBeVisible();
    await expect(create.getByText('Invalid email address')).toBeVisible();
    await expect(create.getByText('Password must be at least 8 characters')).toBeVisible();
    await checkScreen(page, 'admin-reviewer-create-dialog');
    await create.getByLabel('Full Name').fill(reviewer.name);
    await create.getByLabel('Email').fill(reviewer.email);
    await create.getByLabel('Initial Password').fill(reviewer.password);
    await create.getByRole('button', { name: 'Create Reviewer' }).click();
    await expectToast(page, 'Reviewer Created');
    await expect(create).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: reviewer.email });
    await expect(row).toContainText(reviewer.name);
    await expect(row.getByRole('cell').nth(2)).toHaveText('-No display name');
    await expect(row.getByRole('cell').nth(3)).toHaveText('Active');
    await expect(row.getByRole('cell').nth(4)).toHaveText('Never');
    expect(await signInStatus(baseURL!, reviewer)).toBe(200);
    await checkScreen(page, 'admin-reviewers-table');

    const menuButton = row.getByRole('button', { name: `Actions for ${reviewer.name}` });
    await openRowMenu(page, menuButton);
    await page.getByRole('menuitem', { name: 'Reset Password', exact: true }).click();
    // Nothing changes until the admin confirms.
    const reset = page.getByRole('alertdialog', { name: 'Reset Password' });
    await expect(reset.getByText(`Reset the password of ${reviewer.name}?`)).toBeVisible();
    expect(await signInStatus(baseURL!, reviewer)).toBe(200);
    await checkScreen(page, 'admin-reviewer-reset-password-dialog');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Password Reset');
    await expect(reset).toBeHidden();
    const toastText = await page
      .getByRole('region', { name: 'Notifications (F8)' })
      .getByText(/Temporary password: /)
      .textContent();
    const tempPassword = toastText!.replace('Temporary password: ', '').trim();
    expect(tempPassword.length).toBeGreaterThanOrEqual(8);
    expect(await signInStatus(baseURL!, reviewer)).toBe(401);
    expect(await signInStatus(baseURL!, { ...reviewer, password: tempPassword })).toBe(200);

    // Keyboard only: the menu opens on Enter with its first item, Set Password, focused.
    await menuButton.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Set Password', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    const setPassword = page.getByRole('dialog', { name: 'Set Password' });
    await expect(setPassword.getByLabel('New Password')).toBeFocused();
    await expect(setPassword.getByText(`Set a new password for ${reviewer.name}`)).toBeVisible();
    await setPassword.getByLabel('New Password').fill('12345');
    await setPassword.getByRole('button', { name: 'Set Password' }).click();
    await expect(setPassword.getByText('Password must be at least 6 characters')).toBeVisible();
    await checkScreen(page, 'admin-reviewer-set-password-dialog');
    await setPassword.getByLabel('New Password').fill('chosen-by-admin');
    await setPassword.getByRole('button', { name: 'Set Password' }).click();
    await expectToast(page, 'Password Updated');
    await expect(setPassword).toBeHidden();
    await expect(menuButton).toBeFocused();
    const chosen = { ...reviewer, password: 'chosen-by-admin' };
    expect(await signInStatus(baseURL!, chosen)).toBe(200);

    // The reviewer signs in through the form with the password the admin chose.
    const reviewerPage = await page.context().browser()!.newPage({ baseURL });
    await reviewerPage.goto('/login');
    await reviewerPage.getByLabel('Email').fill(chosen.email);
    await reviewerPage.getByLabel('Password').fill(chosen.password);
    await reviewerPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(reviewerPage).toHaveURL(/\/reviewer\/opportunities$/);
    await reviewerPage.close();

    await page.reload();
    await expect(row.getByRole('cell').nth(4)).not.toHaveText('Never');
  });

  test('deactivates, reactivates and deletes a reviewer after confirmation', async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const api = await adminApi(baseURL!);
    const reviewer = await createReviewerThroughApi(api, {
      name: 'Otto Outgoing',
      email: 'otto.outgoing@assay.test',
      password: 'otto-password',
    });
    await api.dispose();
    await page.goto('/admin/reviewers');
    const row = page.getByRole('row').filter({ hasText: reviewer.email });
    const menuButton = row.getByRole('button', { name: `Actions for ${reviewer.name}` });
    await expect(row.getByRole('cell').nth(3)).toHaveText('Active');

    await openRowMenu(page, menuButton);
    await page.getByRole('menuitem', { name: 'Deactivate', exact: true }).click();
    await expectToast(page, 'Reviewer Updated');
    await expect(row.getByRole('cell').nth(3)).toHaveText('Inactive');
    expect(await signInStatus(baseURL!, reviewer)).toBe(403);

    await openRowMenu(page, menuButton);
    await page.getByRole('menuitem', { name: 'Activate', exact: true }).click();
    await expect(row.getByRole('cell').nth(3)).toHaveText('Active');
    expect(await signInStatus(baseURL!, reviewer)).toBe(200);

    await openRowMenu(page, menuButton);
    await page.getByRole('menuitem', { name: 'Delete Reviewer', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(reviewer.name);
    for (const item of [
      'The reviewer account',
      'All their reviews and scores',
      'All their comments',
      'This action cannot be undone.',
    ]) {
      await expect(confirm.getByText(item)).toBeVisible();
    }
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await checkScreen(page, 'admin-reviewer-delete-dialog');
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(menuButton).toBeFocused();
    await expect(row).toBeVisible();

    await openRowMenu(page, menuButton);
    await page.getByRole('menuitem', { name: 'Delete Reviewer', exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete Reviewer' }).click();
    await expectToast(page, 'Reviewer Deleted');
    await expect(row).toHaveCount(0);
    expect(await signInStatus(baseURL!, reviewer)).toBe(401);
  });
});

test.describe('admin opportunities', () => {
  test('creates an opportunity with an image and tags, edits, publishes, unpublishes and archives it', async ({
    page,
  }) => {
    test.slow();
    await page.goto('/admin/opportunities');
    await expect(page.getByRole('heading', { name: 'Opportunities', level: 1 })).toBeVisible();
    await expect(page.getByText('Manage opportunities for review (up to 50)')).toBeVisible();

    await page.getByRole('button', { name: 'Add Opportunity' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Opportunity' });
    await expect(dialog.getByLabel('Number')).toHaveValue(/^\d+$/);

    // The client refuses a 16:9 picture before any upload.
    await dialog.getByLabel('Image').setInputFiles({
      name: 'wide.png',
      mimeType: 'image/png',
      buffer: await makePng(320, 180),
    });
    await expectToast(
      page,
      'Invalid Aspect Ratio',
      'Image must be square (1:1) or 4:3 aspect ratio',
    );

    await dialog.getByLabel('Number').fill('901');
    await dialog.getByLabel('Title').fill('E2E Solar Farm');
    await dialog.getByLabel('Description').fill('Panels over parking lots');
    await expect(dialog.getByText('24/1000 characters')).toBeVisible();
    await dialog.getByLabel('Image').setInputFiles({
      name: 'solar.png',
      mimeType: 'image/png',
      buffer: await makePng(400, 300),
    });
    await expect(dialog.getByRole('img', { name: 'Selected opportunity' })).toBeVisible();
    await dialog.getByLabel('Tags').fill(' energy, , solar ,');
    await dialog.getByLabel('Batch').fill('E2E Batch');
    await checkScreen(page, 'admin-opportunity-dialog');
    await dialog.getByRole('button', { name: 'Create Opportunity' }).click();
    await expectToast(page, 'Opportunity Created');
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: '#901' });
    await expect(row.getByRole('cell').nth(1)).toHaveText('E2E Solar Farm');
    await expect(row.getByRole('cell').nth(2)).toHaveText('Draft');
    await expect(row.getByRole('cell').nth(3)).toHaveText('E2E Batch');
    await expect(row.getByRole('cell').nth(4)).toHaveText('energy, solar');

    const stored = (await (await page.request.get('/api/admin/opportunities')).json()) as {
      number: number;
      imageUrl: string | null;
      tags: string[];
    }[];
    const created = stored.find((o) => o.number === 901)!;
    expect(created.tags).toEqual(['energy', 'solar']);
    expect(created.imageUrl).toMatch(/^\/api\/images\//);
    const image = await page.request.get(created.imageUrl!);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');

    await expect(page.getByLabel('Batch')).toHaveValue('');
    await expect(page.getByLabel('Batch').locator('option').first()).toHaveText('All Batches');
    await checkScreen(page, 'admin-opportunities-table');

    const menuButton = row.getByRole('button', { name: 'Actions for #901' });
    await openRowMenu(page, menuButton);
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Opportunity' });
    await expect(edit.getByLabel('Tags')).toHaveValue('energy, solar');
    await edit.getByLabel('Title').fill('E2E Solar Farm II');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Opportunity Updated');
    await expect(row.getByRole('cell').nth(1)).toHaveText('E2E Solar Farm II');

    for (const [action, status] of [
      ['Publish', 'Published'],
      ['Unpublish', 'Draft'],
      ['Archive', 'Archived'],
    ] as const) {
      await openRowMenu(page, menuButton);
      await page.getByRole('menuitem', { name: action, exact: true }).click();
      await expectToast(page, 'Status Updated');
      await expect(row.getByRole('cell').nth(2)).toHaveText(status);
    }
    await openRowMenu(page, menuButton);
    await expect(page.getByRole('menuitem', { name: 'Publish', exact: true })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Unpublish', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  test('refuses an upload the server rejects and keeps the dialog open', async ({ page }) => {
    await page.goto('/admin/opportunities');
    await page.getByRole('button', { name: 'Add Opportunity' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Opportunity' });
    // Named and typed as a PNG but not one: the client's checks cannot tell, the server can.
    await page.route('**/api/admin/upload-image', (route) =>
      route.fulfill({ status: 415, json: { message: 'Upload a PNG, JPEG or WebP image' } }),
    );
    await dialog.getByLabel('Number').fill('902');
    await dialog.getByLabel('Title').fill('Never saved');
    await dialog.getByLabel('Image').setInputFiles({
      name: 'square.png',
      mimeType: 'image/png',
      buffer: await makePng(200, 200),
    });
    await dialog.getByRole('button', { name: 'Create Opportunity' }).click();
    await expectToast(page, 'Image Upload Failed', 'Upload a PNG, JPEG or WebP image');
    await expect(dialog).toBeVisible();
    const stored = (await (await page.request.get('/api/admin/opportunities')).json()) as {
      number: number;
    }[];
    expect(stored.some((o) => o.number === 902)).toBe(false);
  });
});

test.describe('admin dashboard', () => {
  test('toggles comment visibility', async ({ page }) => {
    await page.goto('/admin/dashboard');
    const toggle = page.getByRole('switch', { name: 'Show Reviewer Comments' });
    await expect(toggle).toBeEnabled();
    const before = await toggle.getAttribute('aria-checked');
    const after = before === 'true' ? 'false' : 'true';
    await toggle.click();
    await expectToast(page, 'Settings Updated', 'Comment visibility setting has been changed');
    await expect(toggle).toHaveAttribute('aria-checked', after);
    const read = async () =>
      (await (await page.request.get('/api/admin/settings/show_reviewer_comments')).json()).value;
    expect(await read()).toBe(after);
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-checked', after);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', before!);
    expect(await read()).toBe(before);
  });

  test('shows the figures and the top list after a reviewer has reviewed', async ({
    page,
    baseURL,
  }) => {
    const api = await adminApi(baseURL!);
    const reviewer = await createReviewerThroughApi(api, {
      name: 'Dana Dashboard',
      email: 'dana.dashboard@assay.test',
      password: 'dana-password',
    });
    const opportunity = await createPublishedOpportunity(api, {
      number: 903,
      title: 'E2E Top Pick',
    });
    const reviewerApi = await signedInApi(baseURL!, reviewer);
    const review = await reviewerApi.post('/api/reviewer/reviews', {
      data: {
        opportunityId: opportunity.id,
        strategicAlignment: 5,
        sustainability: 5,
        technologyReadiness: 5,
        marketPotential: 5,
        businessPotential: 5,
      },
    });
    expect(review.ok(), await review.text()).toBe(true);
    const stats = await (await api.get('/api/admin/stats')).json();
    await reviewerApi.dispose();
    await api.dispose();
    expect(stats.totalReviews).toBeGreaterThanOrEqual(1);

    await page.goto('/admin/dashboard');
    const card = (title: string) => page.getByTestId(`stat-${title}`);
    await expect(card('Total Reviewers')).toContainText(String(stats.totalReviewers));
    await expect(card('Total Reviewers')).toContainText(`${stats.activeReviewers} active`);
    await expect(card('Opportunities')).toContainText(String(stats.publishedOpportunities));
    await expect(card('Opportunities')).toContainText(`${stats.totalOpportunities} total`);
    await expect(card('Total Reviews')).toContainText(String(stats.totalReviews));
    await expect(card('Completion Rate')).toContainText(`${stats.completionRate}%`);

    const top = page.getByRole('list', { name: 'Top opportunities' });
    const entry = top.getByRole('listitem').filter({ hasText: '#903 E2E Top Pick' });
    await expect(entry).toContainText('1 review');
    await expect(entry).toContainText('5.00');
    await checkScreen(page, 'admin-dashboard-figures');
  });
});
