import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createComment } from '../../test/factories/comments';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview, SAMPLE_SCORES } from '../../test/factories/reviews';
import { unknownId } from '../../test/factories/sequence';
import { setShowReviewerComments } from '../../test/factories/settings';
import { createViewerState } from '../../test/factories/viewer-states';
import { createSignedInUser } from '../../test/http';

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

describe("another reviewer's work", () => {
  // Every row of reviewer A, as stored: nothing B sends may change a byte of it.
  async function snapshotOf(reviewerId: string) {
    const result = await ctx.db.execute(sql`
      select (select coalesce(json_agg(r order by r.id), '[]') from reviews r where reviewer_id = ${reviewerId})::text as reviews,
        (select coalesce(json_agg(c order by c.id), '[]') from comments c where reviewer_id = ${reviewerId})::text as comments,
        (select coalesce(json_agg(v), '[]') from viewer_states v where reviewer_id = ${reviewerId})::text as viewer`);
    return result.rows[0];
  }

  it('can never be changed by another reviewer, whatever ids the body carries', async () => {
    const owner = await createSignedInUser(ctx.app, ctx.db);
    const other = await createSignedInUser(ctx.app, ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    const elsewhere = await createOpportunity(ctx.db);
    const review = await createReview(ctx.db, {
      opportunityId: opportunity.id,
      reviewerId: owner.user.id,
    });
    const comment = await createComment(ctx.db, {
      opportunityId: opportunity.id,
      reviewerId: owner.user.id,
      otherComments: "the owner's words",
    });
    await createViewerState(ctx.db, {
      reviewerId: owner.user.id,
      lastOpportunityId: elsewhere.id,
    });
    const before = await snapshotOf(owner.user.id);

    // Mass assignment: ids of the owner and of their rows ride along with B's own saves.
    const foreign = {
      reviewerId: owner.user.id,
      reviewer_id: owner.user.id,
      userId: owner.user.id,
      id: review.id,
    };
    const saves = [
      [
        '/api/reviewer/reviews',
        { opportunityId: opportunity.id, ...SAMPLE_SCORES, ...foreign, strategicAlignment: 1 },
      ],
      [
        '/api/reviewer/comments',
        { opportunityId: opportunity.id, otherComments: 'B', ...foreign, id: comment.id },
      ],
      ['/api/reviewer/viewer-state', { lastOpportunityId: opportunity.id, ...foreign }],
    ] as const;
    for (const [url, payload] of saves) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { cookie: other.cookie },
      });
      expect(response.statusCode, url).toBe(200);
    }
    expect(await snapshotOf(owner.user.id)).toEqual(before);
    // B's saves landed on B's own rows.
    const mine = await ctx.db.execute<{ n: number }>(sql`
      select ((select count(*) from reviews where reviewer_id = ${other.user.id})
        + (select count(*) from comments where reviewer_id = ${other.user.id})
        + (select count(*) from viewer_states where reviewer_id = ${other.user.id}))::int as n`);
    expect(mine.rows[0]!.n).toBe(3);
  });

  it('can never be read by another reviewer: scores, own-comment fields and viewer state', async () => {
    const owner = await createSignedInUser(ctx.app, ctx.db);
    const other = await createSignedInUser(ctx.app, ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    const secretScores = { ...SAMPLE_SCORES, marketPotential: 1 };
    await createReview(ctx.db, {
      opportunityId: opportunity.id,
      reviewerId: owner.user.id,
      scores: secretScores,
    });
    await createComment(ctx.db, {
      opportunityId: opportunity.id,
      reviewerId: owner.user.id,
      otherComments: 'owner-only-words',
    });
    await createViewerState(ctx.db, {
      reviewerId: owner.user.id,
      lastOpportunityId: opportunity.id,
    });
    await setShowReviewerComments(ctx.db, 'false');
    const get = (url: string) =>
      ctx.app.inject({ method: 'GET', url, headers: { cookie: other.cookie } });
    const base = `/api/reviewer/opportunities/${opportunity.id}`;
    const bodies = await Promise.all(
      [
        '/api/reviewer/opportunities',
        base,
        `${base}/reviews`,
        `${base}/comments`,
        '/api/reviewer/viewer-state',
      ].map(async (url) => {
        const response = await get(url);
        expect(response.statusCode, url).toBe(200);
        return response.body;
      }),
    );
    for (const body of bodies) {
      expect(body).not.toContain('owner-only-words');
      expect(body).not.toContain(owner.user.id);
      expect(body).not.toContain(owner.user.email);
    }
    expect(JSON.parse(bodies[1]!)).toMatchObject({
      reviewStatus: 'not_started',
      userReview: null,
      userComment: null,
    });
    expect(JSON.parse(bodies[2]!)).toEqual([]);
    expect(JSON.parse(bodies[4]!)).toEqual({ lastOpportunityId: null });
    // Shown to others only through the setting, and then without the owner's id or email.
    await setShowReviewerComments(ctx.db, 'true');
    const shown = await get(`${base}/comments`);
    expect(shown.body).toContain('owner-only-words');
    expect(shown.body).not.toContain(owner.user.id);
    expect(shown.body).not.toContain(owner.user.email);
    await setShowReviewerComments(ctx.db, 'false');
  });
});
