import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createSignedInUser } from '../../test/factories';
import {
  createOpportunity,
  SAMPLE_SCORES,
  unknownId,
} from '../../test/reviewer-workspace-factories';

const ctx = setupTestApp();

type Endpoint = {
  name: string;
  method: 'GET' | 'POST';
  url: (opportunityId: string) => string;
  payload?: (opportunityId: string) => object;
};

const comment = { howToBiggerBetter: 'More', challenges: null };

const ENDPOINTS: Endpoint[] = [
  { name: 'list', method: 'GET', url: () => '/api/reviewer/opportunities' },
  { name: 'detail', method: 'GET', url: (id) => `/api/reviewer/opportunities/${id}` },
  { name: 'comments', method: 'GET', url: (id) => `/api/reviewer/opportunities/${id}/comments` },
  { name: 'reviews', method: 'GET', url: (id) => `/api/reviewer/opportunities/${id}/reviews` },
  {
    name: 'save review',
    method: 'POST',
    url: () => '/api/reviewer/reviews',
    payload: (opportunityId) => ({ opportunityId, ...SAMPLE_SCORES }),
  },
  {
    name: 'save comment',
    method: 'POST',
    url: () => '/api/reviewer/comments',
    payload: (opportunityId) => ({ opportunityId, ...comment }),
  },
  { name: 'get viewer state', method: 'GET', url: () => '/api/reviewer/viewer-state' },
  {
    name: 'save viewer state',
    method: 'POST',
    url: () => '/api/reviewer/viewer-state',
    payload: (lastOpportunityId) => ({ lastOpportunityId }),
  },
];

// Every endpoint that names an opportunity must hide drafts, archived and unknown ones.
const OPPORTUNITY_SCOPED = ENDPOINTS.filter((e) => !['list', 'get viewer state'].includes(e.name));

function call(endpoint: Endpoint, opportunityId: string, cookie?: string) {
  return ctx.app.inject({
    method: endpoint.method,
    url: endpoint.url(opportunityId),
    headers: cookie ? { cookie } : {},
    ...(endpoint.payload ? { payload: endpoint.payload(opportunityId) } : {}),
  });
}

let publishedId: string;
let draftId: string;
let archivedId: string;
let reviewerCookie: string;

beforeAll(async () => {
  publishedId = (await createOpportunity(ctx.db)).id;
  draftId = (await createOpportunity(ctx.db, { status: 'draft', publishedAt: null })).id;
  archivedId = (await createOpportunity(ctx.db, { status: 'archived' })).id;
  reviewerCookie = (await createSignedInUser(ctx.app, ctx.db)).cookie;
});

describe.each(ENDPOINTS)('$method $name: access', (endpoint) => {
  it('answers 401 to an anonymous caller', async () => {
    const response = await call(endpoint, publishedId);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Not signed in' });
  });

  it('answers 403 to an admin', async () => {
    const { cookie } = await createSignedInUser(ctx.app, ctx.db, 'admin');
    const response = await call(endpoint, publishedId, cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toHaveProperty('message');
  });

  it('answers 403 to a deactivated reviewer', async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const response = await call(endpoint, publishedId, cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/deactivated/);
  });

  it('serves an active reviewer', async () => {
    expect((await call(endpoint, publishedId, reviewerCookie)).statusCode).toBe(200);
  });
});

describe.each(OPPORTUNITY_SCOPED)('$method $name: unpublished opportunities', (endpoint) => {
  it.each([
    ['draft', () => draftId],
    ['archived', () => archivedId],
    ['unknown', unknownId],
  ])('answers 404 for a %s opportunity and writes nothing', async (_kind, idOf) => {
    const id = idOf();
    const response = await call(endpoint, id, reviewerCookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Opportunity not found' });
    const written = await ctx.db.execute<{ n: number }>(sql`
      select ((select count(*) from reviews where opportunity_id = ${id})
        + (select count(*) from comments where opportunity_id = ${id})
        + (select count(*) from viewer_states where last_opportunity_id = ${id}))::int as n`);
    expect(written.rows[0]!.n).toBe(0);
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const response = await call(endpoint, 'not-a-uuid', reviewerCookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      expect.objectContaining({
        path: expect.stringMatching(/^(id|opportunityId|lastOpportunityId)$/),
      }),
    ]);
  });
});
