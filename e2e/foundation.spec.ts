import { createReviewer } from './support/database';
import { admin, checkScreen, expect, signInThroughApi, test } from './support/fixtures';

const reviewer = {
  email: 'rita.reviewer@assay.test',
  password: 'reviewer-password',
  name: 'Rita Reviewer',
};

test.beforeAll(async () => {
  await createReviewer({ ...reviewer, displayName: 'Rita' });
});

test.describe('sign-in', () => {
  test('an admin signs in through the form, lands on the dashboard and signs out', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveTitle(/Assay/);
    await checkScreen(page, 'login');

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login Failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid email or password', { exact: true })).toBeVisible();

    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const sidebar = page.getByRole('navigation');
    for (const link of [
      'Dashboard',
      'Reviewers',
      'Opportunities',
      'Analytics',
      'Results',
      'Exports',
    ]) {
      await expect(sidebar.getByRole('link', { name: link })).toBeVisible();
    }
    await expect(page.getByText(admin.email)).toBeVisible();
    await expect(page.getByText('AA', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByText('Logged Out', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
  });

  test('a reviewer signs in, lands on the opportunity list and signs out from the menu', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(reviewer.email.toUpperCase());
    await page.getByLabel('Password').fill(reviewer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/reviewer\/opportunities$/);
    await expect(page.getByRole('link', { name: /Assay/ })).toHaveAttribute(
      'href',
      '/reviewer/opportunities',
    );
    await expect(page.getByRole('searchbox', { name: 'Search opportunities' })).toBeVisible();
    await checkScreen(page, 'reviewer-opportunities');

    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menu').getByText(reviewer.email)).toBeVisible();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('sign-out', () => {
  test('removes the session cookie from the browser', async ({ page }) => {
    await signInThroughApi(page, reviewer);
    await page.goto('/reviewer/opportunities');
    const sessionCookie = async () =>
      (await page.context().cookies()).find((cookie) => cookie.name === 'assay.sid');
    expect(await sessionCookie()).toBeDefined();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(sessionCookie).toBeUndefined();
  });
});

test.describe('route guards', () => {
  test('a visitor is sent to /login from guarded routes', async ({ page }) => {
    for (const path of ['/admin/dashboard', '/admin/reviewers', '/reviewer/opportunities']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('a user of the wrong role is sent to their own home', async ({ page }) => {
    await signInThroughApi(page, reviewer);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/reviewer\/opportunities$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/reviewer\/opportunities$/);

    await page.context().clearCookies();
    await signInThroughApi(page, admin);
    await page.goto('/reviewer/opportunities');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(
      page.getByText("The page you're looking for doesn't exist or has been moved."),
    ).toBeVisible();
    await checkScreen(page, 'not-found');
    await page
      .getByRole('link', { name: 'Go to Home' })
      .or(page.getByRole('button', { name: 'Go to Home' }))
      .click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('admin shell', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughApi(page, admin);
  });

  test('every admin screen is reachable from the sidebar and accessible', async ({ page }) => {
    // Twelve axe scans and full-page screenshots (six screens, two themes).
    test.slow();
    await page.goto('/admin/dashboard');
    const screens = [
      ['Dashboard', '/admin/dashboard', 'admin-dashboard'],
      ['Reviewers', '/admin/reviewers', 'admin-reviewers'],
      ['Opportunities', '/admin/opportunities', 'admin-opportunities'],
      ['Analytics', '/admin/analytics', 'admin-analytics'],
      ['Results', '/admin/results', 'admin-results'],
      ['Exports', '/admin/exports', 'admin-exports'],
    ] as const;
    for (const [link, url, name] of screens) {
      await page.getByRole('navigation').getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(new RegExp(`${url}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await checkScreen(page, name);
    }
  });

  test('forms validate with zod under the strict Content-Security-Policy, with no eval probe', async ({
    page,
  }) => {
    // shared/zod.ts turns zod's compiled parsers off in the browser before any schema is built;
    // a schema built first would probe with new Function and the browser would report it.
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`Content Security Policy: ${event.violatedDirective}`),
      );
    });
    await page.goto('/admin/reviewers');
    await page.getByRole('button', { name: 'Add Reviewer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create Reviewer' }).click();
    await expect(dialog.getByText('Invalid email address')).toBeVisible();
    await page.keyboard.press('Escape');
    expect(violations).toEqual([]);
  });

  test('the theme toggle persists across a reload', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    // The colours switch at once: no element starts a colour transition (each one's events cost
    // the main thread; issue 17), and the switch's transition-free state is gone afterwards. The
    // pointer rests on the button first, so that its own hover transition has ended.
    const toggle = page.getByRole('button', { name: 'Toggle theme' });
    await toggle.hover();
    await page.waitForTimeout(300);
    await page.evaluate(() => {
      const started: string[] = [];
      document.addEventListener('transitionrun', (event) => {
        started.push(`${(event.target as Element).tagName} ${event.propertyName}`);
      });
      Object.assign(window, { startedTransitions: started });
    });
    await toggle.click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.locator('html')).not.toHaveClass(/theme-switching/);
    await page.waitForTimeout(300);
    expect(
      await page.evaluate(
        () => (window as unknown as { startedTransitions: string[] }).startedTransitions,
      ),
    ).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    // With the app's code blocked, the shell's inline script alone applies the theme: it runs
    // before the first paint, and the CSP lets it (by its hash).
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.locator('html').evaluate((html) => html.style.colorScheme)).toBe('dark');
    expect(violations).toEqual([]);
    await page.unroute('**/assets/*.js');
    await page.reload();
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });

  test('the sidebar collapses with the toggle and Ctrl+B, and stays so after a reload', async ({
    page,
  }) => {
    await page.goto('/admin/dashboard');
    const sidebarState = async () =>
      (await page.context().cookies()).find((c) => c.name === 'sidebar_state')?.value;
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    const width = async () => (await sidebar.boundingBox())?.width;
    await expect.poll(width).toBe(256); // 16rem

    await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(width).toBe(48); // 3rem icon rail
    expect(await sidebarState()).toBe('false');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');

    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(await sidebarState()).toBe('true');
    await page.reload();
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  });

  test('below 768px the sidebar is a slide-in drawer', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Reviewers' })).toBeHidden();
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await checkScreen(page, 'admin-mobile-drawer');
    await drawer.getByRole('link', { name: 'Reviewers' }).click();
    await expect(page).toHaveURL(/\/admin\/reviewers$/);
    await expect(drawer).toBeHidden();
  });
});
