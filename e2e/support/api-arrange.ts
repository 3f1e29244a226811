import { type APIRequestContext, expect, request } from '@playwright/test';

/**
 * Arranging data through the public API (the admin and reviewer calls of SPEC.md section 7), so
 * that the rows a journey needs go through the same validation and rules as the screens' calls.
 */

export type ArrangedReviewer = {
  id: string;
  name: string;
  displayName: string | null;
  email: string;
  password: string;
};

export type ArrangedOpportunity = { id: string; number: number; title: string };

export type ReviewScores = {
  strategicAlignment: number;
  sustainability: number;
  technologyReadiness: number;
  marketPotential: number;
  businessPotential: number;
};

/** The response's JSON body, after expecting a 2xx status (`what` names the call on a failure). */
export async function okJson<T>(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
  what: string,
): Promise<T> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** POST /api/admin/reviewers with an admin's request context. */
export async function createReviewerViaApi(
  admin: APIRequestContext,
  reviewer: { name: string; email: string; password: string; displayName?: string },
): Promise<ArrangedReviewer> {
  const created = await okJson<{ id: string; displayName: string | null }>(
    await admin.post('/api/admin/reviewers', {
      data: { ...reviewer, displayName: reviewer.displayName ?? null, role: 'reviewer' },
    }),
    `create reviewer ${reviewer.email}`,
  );
  return {
    id: created.id,
    name: reviewer.name,
    displayName: created.displayName,
    email: reviewer.email,
    password: reviewer.password,
  };
}

/** The next free opportunity numbers (other spec files share the database). */
export async function nextOpportunityNumbers(
  admin: APIRequestContext,
  count: number,
): Promise<number[]> {
  const existing = await okJson<{ number: number }[]>(
    await admin.get('/api/admin/opportunities'),
    'list opportunities',
  );
  const highest = Math.max(0, ...existing.map((o) => o.number));
  return Array.from({ length: count }, (_, i) => highest + 1 + i);
}

/** POST /api/admin/opportunities (a draft), then PATCH its status to published. */
export async function createPublishedOpportunityViaApi(
  admin: APIRequestContext,
  opportunity: { number: number; title: string; description?: string; tags?: string[] },
): Promise<ArrangedOpportunity> {
  const created = await okJson<{ id: string }>(
    await admin.post('/api/admin/opportunities', {
      data: {
        description: '',
        tags: [],
        ...opportunity,
        status: 'draft',
      },
    }),
    `create opportunity #${opportunity.number}`,
  );
  await okJson(
    await admin.patch(`/api/admin/opportunities/${created.id}`, { data: { status: 'published' } }),
    `publish opportunity #${opportunity.number}`,
  );
  return { id: created.id, number: opportunity.number, title: opportunity.title };
}

/**
 * A separate request context signed in as `user` (its own cookie jar), for acting as a reviewer
 * while the page stays signed in as the admin. Dispose it when done.
 */
export async function signedInContext(
  baseURL: string,
  user: { email: string; password: string },
): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL });
  await okJson(
    await context.post('/api/auth/login', { data: { email: user.email, password: user.password } }),
    `sign in ${user.email}`,
  );
  return context;
}

/** POST /api/reviewer/reviews as the signed-in reviewer. */
export async function submitReviewViaApi(
  reviewer: APIRequestContext,
  opportunityId: string,
  scores: ReviewScores,
): Promise<void> {
  await okJson(
    await reviewer.post('/api/reviewer/reviews', { data: { opportunityId, ...scores } }),
    'submit review',
  );
}

/** POST /api/reviewer/comments as the signed-in reviewer. */
export async function submitCommentViaApi(
  reviewer: APIRequestContext,
  opportunityId: string,
  fields: {
    howToBiggerBetter?: string;
    challenges?: string;
    howToGetGoing?: string;
    otherComments?: string;
  },
): Promise<void> {
  await okJson(
    await reviewer.post('/api/reviewer/comments', { data: { opportunityId, ...fields } }),
    'submit comment',
  );
}

/** Five equal scores. */
export const allScores = (score: number): ReviewScores => ({
  strategicAlignment: score,
  sustainability: score,
  technologyReadiness: score,
  marketPotential: score,
  businessPotential: score,
});

/**
 * Deletes the opportunities a spec arranged (their reviews, decisions and ballots go with them):
 * other spec files share the server, its 50-opportunity limit and its exports.
 */
export async function deleteOpportunitiesViaApi(
  admin: APIRequestContext,
  opportunities: { id: string }[],
) {
  for (const opportunity of opportunities) {
    const deleted = await admin.delete(`/api/admin/opportunities/${opportunity.id}`);
    expect(deleted.status(), await deleted.text()).toBe(200);
  }
}

/** Deletes the reviewers a spec arranged, after their opportunities (other spec files list them). */
export async function deleteReviewersViaApi(admin: APIRequestContext, reviewers: { id: string }[]) {
  for (const reviewer of reviewers) {
    await okJson(await admin.delete(`/api/admin/reviewers/${reviewer.id}`), 'delete reviewer');
  }
}
