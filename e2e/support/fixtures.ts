import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  test as base,
  expect,
  type Page,
} from '@playwright/test';

export const admin = {
  email: process.env.E2E_ADMIN_EMAIL!,
  password: process.env.E2E_ADMIN_PASSWORD!,
  name: 'Ada Admin',
};

/** Signs in through the API; the page's context keeps the session cookie. */
export async function signInThroughApi(page: Page, user: { email: string; password: string }) {
  const response = await page.request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Runs `work` with the API as the admin, in a context of its own (beforeAll and afterAll have no
 * page): what a spec arranges before its journeys and removes after them.
 */
export async function asAdmin<T>(
  browser: Browser,
  baseURL: string | undefined,
  work: (api: APIRequestContext) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await signInThroughApi(page, admin);
    return await work(page.request);
  } finally {
    await context.close();
  }
}

/**
 * Fails on serious or critical accessibility violations of the current screen. Legacy mode runs
 * `axe.run` in the page itself: the default runs each frame's part and then opens a blank page to
 * merge them, which took half of every scan (2.4 against 1.1 s on the dashboard at 200 x 50, the
 * same findings) and is only needed for cross-origin frames, which the app has none of.
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

const artifactsDir = path.resolve('e2e/artifacts/screenshots');

/**
 * Checks one screen in the light and the dark theme: an axe scan with no serious or critical
 * violations, and a full-page screenshot kept as a test artefact.
 */
export async function checkScreen(page: Page, name: string) {
  fs.mkdirSync(artifactsDir, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    // The scan waits for the colour transitions the switch starts (links, rows): scanned while
    // they ran, on a loaded host, axe read half-way colours and reported their contrast.
    await page.evaluate(async (t) => {
      localStorage.setItem('theme', t);
      document.documentElement.classList.toggle('dark', t === 'dark');
      await new Promise((resolve) => requestAnimationFrame(resolve));
      // Transitions only: a spinner's or a skeleton's animation never finishes.
      const transitions = document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition);
      await Promise.all(transitions.map((animation) => animation.finished.catch(() => {})));
    }, theme);
    await expectAccessible(page);
    await page.screenshot({
      path: path.join(artifactsDir, `${name}-${theme}.png`),
      fullPage: true,
    });
  }
  await page.evaluate(() => {
    localStorage.setItem('theme', 'light');
    document.documentElement.classList.remove('dark');
  });
}

export const test = base;
export { expect };
