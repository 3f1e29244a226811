import { type APIRequestContext, expect, type Locator, type Page, request } from '@playwright/test';
import sharp from 'sharp';
import { admin } from './fixtures';

/** A solid PNG of the given size, made in memory for the image picker. */
export async function makePng(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
}

/** A request context of its own (its own cookie jar), signed in as `user`. */
export async function signedInApi(
  baseURL: string,
  user: { email: string; password: string },
): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const response = await api.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return api;
}

/** The status of a sign-in attempt through a fresh context (nothing is kept). */
export async function signInStatus(
  baseURL: string,
  user: { email: string; password: string },
): Promise<number> {
  const api = await request.newContext({ baseURL });
  try {
    const response = await api.post('/api/auth/login', {
      data: { email: user.email, password: user.password },
    });
    return response.status();
  } finally {
    await api.dispose();
  }
}

export function adminApi(baseURL: string) {
  return signedInApi(baseURL, admin);
}

/** Creates a reviewer through the admin API and returns their credentials. */
export async function createReviewerThroughApi(
  api: APIRequestContext,
  reviewer: { name: string; email: string; password: string },
) {
  const response = await api.post('/api/admin/reviewers', {
    data: { ...reviewer, role: 'reviewer' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return reviewer;
}

/** Creates a published opportunity through the admin API and returns it. */
export async function createPublishedOpportunity(
  api: APIRequestContext,
  opportunity: { number: number; title: string },
): Promise<{ id: string; number: number; title: string }> {
  const response = await api.post('/api/admin/opportunities', {
    data: { ...opportunity, description: 'Arranged by the e2e suite', status: 'published' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** The toast's text (there is at most one visible), waiting for `title`. */
export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const region = page.getByRole('region', { name: 'Notifications (F8)', includeHidden: true });
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  if (description) {
    await expect(
      typeof description === 'string'
        ? region.getByText(description, { exact: true })
        : region.getByText(description),
    ).toBeVisible();
  }
}

/**
 * Opens a row's action menu with one click, as an administrator would: a closed menu leaves the
 * page at once (no closing animation), so even a click right after a row action opens it.
 */
export async function openRowMenu(page: Page, menuButton: Locator) {
  await menuButton.click();
  await expect(page.getByRole('menu')).toBeVisible();
}
