import { heatmapSchema } from '@shared/analytics-schemas';
import type { Scores } from '@shared/criteria';
import { compositeOf } from '@shared/scoring';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { round4 } from '../../test/assertions';
import { setupTestApp } from '../../test/build-test-app';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview, scoresOf } from '../../test/factories/reviews';
import { createUser } from '../../test/factories/users';
import { createSignedInUser } from '../../test/http';

const ctx = setupTestApp();

type Reviewer = typeof users.$inferSelect;
type Opportunity = Awaited<ReturnType<typeof createOpportunity>>;
type Arranged = { opportunityId: string; reviewerId: string; scores: Scores };

let adminCookie: string;
let reviewerCookie: string;
let reviewers: Reviewer[];
let published: Opportunity[];
const arranged: Arranged[] = [];

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const r4OrNull = (values: number[], f: (v: number[]) => number) =>
  values.length === 0 ? null : round4(f(values));
const stdDevPop = (values: number[]) => {
  const m = mean(values);
  return Math.sqrt(mean(values.map((v) => (v - m) ** 2)));
};
const nameOf = (reviewer: Reviewer) => reviewer.displayName ?? reviewer.name;

// The independent computation: plain JS over the arranged rows still present.
function expectedOpportunityRows(alive: Arranged[]) {
  return published.map((opportunity) => {
    const mine = alive.filter((r) => r.opportunityId === opportunity.id);
    const by = (key: keyof Scores) =>
      r4OrNull(
        mine.map((r) => r.scores[key]),
        mean,
      );
    const composites = mine.map((r) => compositeOf(r.scores));
    return {
      id: opportunity.id,
      number: opportunity.number,
      title: opportunity.title,
      avgStrategicAlignment: by('strategicAlignment'),
      avgSustainability: by('sustainability'),
      avgTechnologyReadiness: by('technologyReadiness'),
      avgMarketPotential: by('marketPotential'),
      avgBusinessPotential: by('businessPotential'),
      avgComposite: r4OrNull(composites, mean),
      reviewCount: mine.length,
      stdDevComposite: r4OrNull(composites, stdDevPop),
      minComposite: r4OrNull(composites, (v) => Math.min(...v)),
      maxComposite: r4OrNull(composites, (v) => Math.max(...v)),
    };
  });
}

const publishedIds = () => new Set(published.map((o) => o.id));
const activeSorted = (list: Reviewer[]) =>
  list.filter((r) => r.isActive).sort((a, b) => (nameOf(a) < nameOf(b) ? -1 : 1));

function expectedReviewerRows(list: Reviewer[], alive: Arranged[]) {
  return activeSorted(list).map((reviewer) => {
    const composites = alive
      .filter((r) => r.reviewerId === reviewer.id && publishedIds().has(r.opportunityId))
      .map((r) => compositeOf(r.scores));
    return {
      id: reviewer.id,
      name: nameOf(reviewer),
      reviewCount: composites.length,
      avgComposite: r4OrNull(composites, mean),
    };
  });
}

function expectedHeatmap(list: Reviewer[], alive: Arranged[]) {
  return activeSorted(list).map((reviewer) => ({
    reviewerId: reviewer.id,
    reviewerName: nameOf(reviewer),
    opportunities: published.map((opportunity) => {
      const review = alive.find(
        (r) => r.reviewerId === reviewer.id && r.opportunityId === opportunity.id,
      );
      return {
        opportunityId: opportunity.id,
        opportunityNumber: opportunity.number,
        composite: review ? round4(compositeOf(review.scores)) : null,
      };
    }),
  }));
}

const get = (path: string, cookie = adminCookie) =>
  ctx.app.inject({ method: 'GET', url: `/api/admin/analytics/${path}`, headers: { cookie } });

async function review(opportunity: Opportunity, reviewer: Reviewer, scores: Scores) {
  await createReview(ctx.db, { opportunityId: opportunity.id, reviewerId: reviewer.id, scores });
  arranged.push({ opportunityId: opportunity.id, reviewerId: reviewer.id, scores });
}

beforeAll(async () => {
  adminCookie = (await createSignedInUser(ctx.app, ctx.db, 'admin')).cookie;
  reviewerCookie = (await createSignedInUser(ctx.app, ctx.db, 'reviewer')).cookie;
  // The signed-in reviewer is an active reviewer too; give it a name that sorts last.
  await ctx.db.update(users).set({ name: 'Zed Signed-In' }).where(eq(users.role, 'reviewer'));
  const alice = await createUser(ctx.db, { name: 'Alice Archer' });
  const bob = await createUser(ctx.db, { name: 'Bob Baker', displayName: 'Bobby' });
  const carol = await createUser(ctx.db, { name: 'Carol Clark' });
  const dave = await createUser(ctx.db, { name: 'Dave Dormant', isActive: false });
  reviewers = [
    alice,
    bob,
    carol,
    dave,
    ...(await ctx.db.select().from(users).where(eq(users.name, 'Zed Signed-In'))),
  ];
  // Created out of number order on purpose: rows and cells must come back by number.
  const p3 = await createOpportunity(ctx.db, { number: 30, title: 'Never reviewed' });
  const p1 = await createOpportunity(ctx.db, { number: 10, title: 'Widely reviewed' });
  const p2 = await createOpportunity(ctx.db, { number: 20, title: 'Reviewed once' });
  const draft = await createOpportunity(ctx.db, { number: 40, status: 'draft', publishedAt: null });
  const archived = await createOpportunity(ctx.db, { number: 50, status: 'archived' });
  published = [p1, p2, p3];

  await review(p1, alice, scoresOf([4, 3, 5, 2, 3]));
  await review(p1, bob, scoresOf([5, 5, 4, 4, 5]));
  await review(p1, dave, scoresOf([1, 2, 2, 1, 3])); // inactive reviewer: still counts for p1
  await review(p2, alice, scoresOf([2, 2, 3, 3, 2]));
  await review(draft, alice, scoresOf([5, 5, 5, 5, 5]));
  await review(archived, bob, scoresOf([1, 1, 1, 1, 1]));
});

describe('GET /api/admin/analytics/*', () => {
  it('answers 401 to a visitor and 403 to a reviewer', async () => {
    for (const path of ['opportunities', 'reviewers', 'heatmap']) {
      const anonymous = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/analytics/${path}`,
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await get(path, reviewerCookie)).statusCode).toBe(403);
    }
  });

  it('opportunities: one row per published opportunity with every average checked', async () => {
    const response = await get('opportunities');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expectedOpportunityRows(arranged));
    // Spot checks of the independent computation itself.
    const [p1, p2, p3] = response.json();
    expect(p1).toMatchObject({
      reviewCount: 3,
      avgStrategicAlignment: 3.3333,
      avgComposite: 3.2667,
    });
    expect(p1).toMatchObject({ minComposite: 1.8, maxComposite: 4.6, stdDevComposite: 1.147 });
    expect(p2).toMatchObject({ reviewCount: 1, avgComposite: 2.4, stdDevComposite: 0 });
    expect(p3).toMatchObject({ reviewCount: 0, avgComposite: null, stdDevComposite: null });
    expect(p3.avgMarketPotential).toBeNull();
    expect(p3.minComposite).toBeNull();
  });

  it('reviewers: active reviewers by name, counting reviews of published opportunities', async () => {
    const response = await get('reviewers');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual(expectedReviewerRows(reviewers, arranged));
    expect(body.map((row: { name: string }) => row.name)).toEqual([
      'Alice Archer',
      'Bobby',
      'Carol Clark',
      'Zed Signed-In',
    ]);
    expect(body[0]).toMatchObject({ reviewCount: 2, avgComposite: 2.9 });
    expect(body[2]).toMatchObject({ reviewCount: 0, avgComposite: null });
  });

  it('heatmap: a row per active reviewer, a cell per published opportunity, null when unreviewed', async () => {
    const response = await get('heatmap');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    expect(body).toEqual(expectedHeatmap(reviewers, arranged));
    // Built by PostgreSQL as JSON text: exactly the contract's shape, nothing more.
    expect(heatmapSchema.parse(body)).toEqual(body);
    expect(body[0].opportunities.map((c: { composite: number | null }) => c.composite)).toEqual([
      3.4,
      2.4,
      null,
    ]);
    expect(body[2].opportunities.every((c: { composite: unknown }) => c.composite === null)).toBe(
      true,
    );
  });

  it('forgets a deleted reviewer everywhere', async () => {
    const bob = reviewers.find((r) => r.name === 'Bob Baker')!;
    await ctx.db.delete(users).where(eq(users.id, bob.id));
    const alive = arranged.filter((r) => r.reviewerId !== bob.id);
    const left = reviewers.filter((r) => r.id !== bob.id);
    expect((await get('opportunities')).json()).toEqual(expectedOpportunityRows(alive));
    expect((await get('reviewers')).json()).toEqual(expectedReviewerRows(left, alive));
    expect((await get('heatmap')).json()).toEqual(expectedHeatmap(left, alive));
    expect((await get('opportunities')).json()[0]).toMatchObject({
      reviewCount: 2,
      avgComposite: 2.6,
    });
  });
});
