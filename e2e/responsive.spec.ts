import path from 'node:path';
import type { Page } from '@playwright/test';
import { admin, checkScreen, expect, signInThroughApi, test } from './support/fixtures';
import { arrangeLongData, type LongData } from './support/long-data-arrange';

/**
 * Every admin page at phone, tablet and laptop widths, over the longest data an administrator
 * enters: no page is wider than the viewport (a phone would zoom it out), and on a laptop every
 * row's Actions button shows without scrolling sideways (issue 21).
 */

const WIDTHS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
] as const;

type AdminPage = { label: string; href: string };

// One suffix per run (the run's data directory), the same in a worker restarted after a failure.
const suffix = path.basename(process.env.E2E_DATA_DIR!).replace(/\W/g, '').slice(-6);
let pages: AdminPage[] = [];
let data: LongData;

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInThroughApi(page, admin);
  data = await arrangeLongData(page.request, baseURL!, suffix);
  // The pages are the admin sidebar's links, so a page added to the navigation joins the journey.
  await page.goto('/admin/dashboard');
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  pages = await links.evaluateAll((anchors) =>
    anchors.map((a) => ({
      label: a.textContent?.trim() ?? '',
      href: new URL((a as HTMLAnchorElement).href).pathname,
    })),
  );
  await context.close();
});

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, admin);
});

/** What shows once a page has its arranged data (pages without an entry: their heading). */
function arrangedText(href: string): string | undefined {
  switch (href) {
    case '/admin/dashboard':
    case '/admin/opportunities':
    case '/admin/analytics':
      // The dashboard's top 5 holds titles[0] first of the six (equal composites go by number).
      return data.titles[0];
    case '/admin/reviewers':
      return data.emails[0];
    default:
      return undefined;
  }
}

async function openLoaded(page: Page, href: string) {
  await page.goto(href);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const text = arrangedText(href);
  if (text) await expect(page.getByText(text).first()).toBeAttached();
  await expect(
    page.locator('[data-slot="skeleton"], [aria-label="Loading analytics"]'),
  ).toHaveCount(0);
}

/** The page's width and the elements that reach past the viewport's right edge (for the message). */
function pageOverflow(page: Page) {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > viewport + 0.5)
      .slice(0, 5)
      .map((el) => {
        const rect = el.getBoundingClientRect();
        const name = `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')}`;
        return `${name} (right ${Math.round(rect.right)})`;
      });
    return { scrollWidth: document.documentElement.scrollWidth, viewport, culprits };
  });
}

for (const size of WIDTHS) {
  test(`no admin page is wider than the viewport at ${size.width} px`, async ({ page }) => {
    test.slow();
    await page.setViewportSize(size);
    expect(pages.length).toBeGreaterThanOrEqual(5);
    for (const { label, href } of pages) {
      await openLoaded(page, href);
      const { scrollWidth, viewport, culprits } = await pageOverflow(page);
      expect(scrollWidth, `${label} at ${size.width} px: ${culprits.join(', ')}`).toBe(viewport);
      await checkScreen(page, `responsive-${href.split('/').pop()}-${size.width}`);
    }
  });
}

/**
 * Each row action button of a table, with the parts of it hidden: outside the viewport, or
 * clipped by a sideways-scrolling ancestor (reachable only by scrolling that ancestor).
 */
function hiddenRowActions(page: Page, table: string) {
  return page.getByRole('table', { name: table, exact: true }).evaluate((tableElement) => {
    const viewport = window.innerWidth;
    const buttons = [...tableElement.querySelectorAll('button[aria-label^="Actions for "]')];
    const hidden: string[] = [];
    for (const button of buttons) {
      const rect = button.getBoundingClientRect();
      let left = 0;
      let right = viewport;
      for (let el = button.parentElement; el; el = el.parentElement) {
        if (getComputedStyle(el).overflowX === 'visible') continue;
        const box = el.getBoundingClientRect();
        left = Math.max(left, box.left);
        right = Math.min(right, box.right);
      }
      if (rect.left < left - 0.5 || rect.right > right + 0.5) {
        const label = button.getAttribute('aria-label');
        hidden.push(`${label}: ${Math.round(rect.left)}-${Math.round(rect.right)} px`);
      }
    }
    return { count: buttons.length, hidden };
  });
}

test('row actions are visible without horizontal scrolling at 1024 and 1280 px', async ({
  page,
}) => {
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const [href, table] of [
      ['/admin/reviewers', 'Reviewers'],
      ['/admin/opportunities', 'Opportunities'],
    ] as const) {
      await openLoaded(page, href);
      const { count, hidden } = await hiddenRowActions(page, table);
      expect(count, `${table} rows at ${width} px`).toBeGreaterThan(0);
      // Soft, so that one run reports every width and table that hides an action.
      expect.soft(hidden, `${table} actions hidden at ${width} px`).toEqual([]);
    }
  }
});
