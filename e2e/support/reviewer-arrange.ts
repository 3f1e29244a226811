import { type APIRequestContext, request } from '@playwright/test';
import { admin, expect } from './fixtures';

/**
 * Arranges reviewer journeys through the admin API (signed in as the e2e admin), the way an
 * administrator would: reviewers, published opportunities and the comment-visibility setting.
 */

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export type ReviewerAccount = {
  id: string;
  email: string;
  password: string;
  name: string;
  displayName: string | null;
};

export type PublishedOpportunity = { id: string; number: number; title: string };

/** A request context signed in as `user` (an API client sends no Origin, which is allowed). */
export async function signedInApi(user: {
  email: string;
  password: string;
}): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const response = await api.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return api;
}

export function adminApi(): Promise<APIRequestContext> {
  return signedInApi(admin);
}

/** A short tag unique to this run, so names and titles never collide with other specs' rows. */
export function runTag(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

export async function createReviewerAccount(
  api: APIRequestContext,
  fields: { name: string; email: string; displayName?: string },
): Promise<ReviewerAccount> {
  const password = 'reviewer-password-1';
  const response = await api.post('/api/admin/reviewers', {
    data: { ...fields, displayName: fields.displayName ?? null, password, role: 'reviewer' },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const created = (await response.json()) as { id: string };
  return {
    id: created.id,
    email: fields.email,
    password,
    name: fields.name,
    displayName: fields.displayName ?? null,
  };
}

/** The next free opportunity numbers (consecutive, so they are neighbours in list order). */
export async function nextOpportunityNumber(api: APIRequestContext): Promise<number> {
  const response = await api.get('/api/admin/opportunities');
  expect(response.status()).toBe(200);
  const rows = (await response.json()) as { number: number }[];
  return rows.reduce((max, row) => Math.max(max, row.number), 0) + 1;
}

/** Creates a draft opportunity, then publishes it with PATCH {status}. */
export async function createPublishedOpportunity(
  api: APIRequestContext,
  fields: { number: number; title: string; description: string; tags?: string[] },
): Promise<PublishedOpportunity> {
  const created = await api.post('/api/admin/opportunities', {
    data: { ...fields, tags: fields.tags ?? [], status: 'draft' },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const { id } = (await created.json()) as { id: string };
  const published = await api.patch(`/api/admin/opportunities/${id}`, {
    data: { status: 'published' },
  });
  expect(published.status(), await published.text()).toBe(200);
  return { id, number: fields.number, title: fields.title };
}

export async function setCommentVisibility(api: APIRequestContext, isVisible: boolean) {
  const response = await api.post('/api/admin/settings', {
    data: { key: 'show_reviewer_comments', value: String(isVisible) },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** The five criteria as SPEC.md names them on the scoring form, written here rather than taken
 * from shared/criteria.ts so that the journeys check the texts against the spec. */
export const CRITERION_LABELS = [
  'Strategic Alignment',
  'Sustainability',
  'Technology Readiness',
  'Market Potential and Growth',
  'Business Potential',
];
