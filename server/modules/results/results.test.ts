import type { HeatmapRow, OpportunityAnalyticsRow } from '@shared/analytics-schemas';
import { CRITERION_KEYS, type Scores } from '@shared/criteria';
import { type Results, resultsSchema } from '@shared/results-schemas';
import { compositeOf } from '@shared/scoring';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema/index';
import { expectAdminOnly, round4 } from '../../test/assertions';
import { setupTestApp } from '../../test/build-test-app';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview, scoresOf } from '../../test/factories/reviews';
import { createUser } from '../../test/factories/users';
import { type AccessFixtures, createAccessFixtures, send, signIn } from '../../test/http';

const ctx = setupTestApp();

type Opportunity = Awaited<ReturnType<typeof createOpportunity>>;
type Reviewer = Awaited<ReturnType<typeof createUser>>;

let access: AccessFixtures;

const get = (url: string, cookie = access.admin.cookie) =>
  send(ctx.app, { method: 'GET', url, cookie });

async function results(): Promise<Results> {
  const response = await get('/api/admin/results');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return resultsSchema.parse(response.json());
}

const rowOf = (body: Results, opportunity: Opportunity) =>
  body.opportunities.find((row) => row.id === opportunity.id);
const reviewerOf = (body: Results, reviewer: Reviewer) =>
  body.reviewers.find((row) => row.id === reviewer.id);

async function review(opportunity: Opportunity, reviewer: Reviewer, scores: Scores) {
  await createReview(ctx.db, { opportunityId: opportunity.id, reviewerId: reviewer.id, scores });
}

beforeAll(async () => {
  access = await createAccessFixtures(ctx.app, ctx.db);
});

describe('GET /api/admin/results and /api/admin/export/results', () => {
  it('admit active admins only: 401 signed out, 403 reviewer or deactivated admin, 200 admin', async () => {
    for (const url of ['/api/admin/results', '/api/admin/export/results']) {
      await expectAdminOnly(ctx.app, access, { method: 'GET', url });
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });
});

// The file's database grows test by test: the first tests see it empty, the later ones add to it.
describe('results over a growing panel', () => {
  const published: Opportunity[] = [];
  let ann: Reviewer;

  it('with nothing published: no opportunity, no review, reliability not enough data', async () => {
    await createOpportunity(ctx.db, { status: 'draft', publishedAt: null });
    const body = await results();
    expect(body.opportunities).toEqual([]);
    expect(body.discussion).toEqual([]);
    expect(body.meta.reviewCount).toBe(0);
    expect(body.meta.resamples).toBeGreaterThanOrEqual(1000);
    expect(body.reliability.composite).toEqual({ alpha: null, reading: 'not-enough-data' });
    for (const key of CRITERION_KEYS) {
      expect(body.reliability.criteria[key]).toEqual({ alpha: null, reading: 'not-enough-data' });
    }
  });

  it('with published opportunities nobody reviewed: every one listed, by number, without figures', async () => {
    published.push(await createOpportunity(ctx.db), await createOpportunity(ctx.db));
    const body = await results();
    expect(body.opportunities.map((row) => row.id)).toEqual(published.map((o) => o.id));
    for (const row of body.opportunities) {
      expect(row).toMatchObject({
        reviewCount: 0,
        rawComposite: null,
        calibratedComposite: null,
        rawRank: null,
        calibratedRank: null,
        rawRankInterval: null,
        calibratedRankInterval: null,
        sd: null,
        min: null,
        max: null,
      });
      for (const key of CRITERION_KEYS) {
        expect(row.criteria[key]).toEqual({ raw: null, calibrated: null });
      }
    }
    expect(body.reliability.composite.reading).toBe('not-enough-data');
  });

  it('with one reviewer: calibration changes nothing, reliability is not enough data', async () => {
    ann = await createUser(ctx.db, { name: 'Ann Only' });
    const [low, high] = published as [Opportunity, Opportunity];
    await review(low, ann, scoresOf([2, 2, 3, 2, 2]));
    await review(high, ann, scoresOf([4, 5, 4, 4, 5]));
    const body = await results();
    expect(body.meta.reviewCount).toBe(2);
    // Ranked by the calibrated composite: the better one first.
    expect(body.opportunities.map((row) => row.id)).toEqual([high.id, low.id]);
    for (const [opportunity, scores, rank] of [
      [high, scoresOf([4, 5, 4, 4, 5]), 1],
      [low, scoresOf([2, 2, 3, 2, 2]), 2],
    ] as const) {
      const row = rowOf(body, opportunity)!;
      expect(row.reviewCount).toBe(1);
      expect(row.rawComposite).toBe(round4(compositeOf(scores)));
      // One reviewer's offset cannot be told apart from the opportunities' quality: the penalty
      // keeps it at 0 and the calibrated composite is the raw one.
      expect(row.calibratedComposite).toBeCloseTo(row.rawComposite!, 3);
      expect(row.rawRank).toBe(rank);
      expect(row.calibratedRank).toBe(rank);
      expect(row.flags).toContain('few-reviews');
      for (const key of CRITERION_KEYS) {
        expect(row.criteria[key].raw).toBe(scores[key]);
        expect(row.criteria[key].calibrated).toBeCloseTo(scores[key], 3);
      }
    }
    expect(body.reliability.composite).toEqual({ alpha: null, reading: 'not-enough-data' });
    expect(reviewerOf(body, ann)).toMatchObject({
      name: 'Ann Only',
      reviewCount: 2,
      sharedCount: 0,
      agreement: null,
    });
    expect(reviewerOf(body, ann)!.offset).toBeCloseTo(0, 3);
  });

  it('select the rows analytics select: active reviewers, published opportunities', async () => {
    const [first, second] = published as [Opportunity, Opportunity];
    const bob = await createUser(ctx.db, { name: 'Bob Second', displayName: 'Bobby' });
    const dora = await createUser(ctx.db, { name: 'Dora Dormant', isActive: false });
    const admin = await createUser(ctx.db, { name: 'Ada Admin', role: 'admin' });
    const third = await createOpportunity(ctx.db);
    const draft = await createOpportunity(ctx.db, { status: 'draft', publishedAt: null });
    const archived = await createOpportunity(ctx.db, { status: 'archived' });
    published.push(third);
    await review(first, bob, scoresOf([5, 4, 4, 5, 4]));
    await review(third, bob, scoresOf([3, 3, 2, 4, 3]));
    await review(draft, bob, scoresOf([1, 1, 1, 1, 1]));
    await review(archived, ann, scoresOf([5, 5, 5, 5, 5]));
    // A review by a reviewer deactivated since.
    await review(second, dora, scoresOf([1, 1, 2, 1, 1]));

    const body = await results();
    const analyticsRows: OpportunityAnalyticsRow[] = (
      await get('/api/admin/analytics/opportunities')
    ).json();
    const heatmap: HeatmapRow[] = (await get('/api/admin/analytics/heatmap')).json();
    const analyticsReviewers = (await get('/api/admin/analytics/reviewers')).json();

    // Opportunities: exactly the published ones analytics list, in number order among equals.
    expect(new Set(body.opportunities.map((row) => row.id))).toEqual(
      new Set(analyticsRows.map((row) => row.id)),
    );
    expect(rowOf(body, draft)).toBeUndefined();
    expect(rowOf(body, archived)).toBeUndefined();

    // Reviewers: exactly the analytics reviewer rows (active reviewers, the name shown there, the
    // same review counts over published opportunities), in the same order.
    expect(body.reviewers.map(({ id, name, reviewCount }) => ({ id, name, reviewCount }))).toEqual(
      analyticsReviewers.map(({ id, name, reviewCount }: Record<string, unknown>) => ({
        id,
        name,
        reviewCount,
      })),
    );
    expect(reviewerOf(body, dora)).toBeUndefined();
    expect(reviewerOf(body, admin)).toBeUndefined();
    expect(reviewerOf(body, bob)!.name).toBe('Bobby');

    // Reviews: exactly the heatmap's cells (active reviewers x published opportunities).
    const cells = heatmap.flatMap((row) =>
      row.opportunities.filter((cell) => cell.composite !== null),
    );
    expect(body.meta.reviewCount).toBe(cells.length);
    for (const row of body.opportunities) {
      const mine = cells.filter((cell) => cell.opportunityId === row.id);
      expect(row.reviewCount, `#${row.number}`).toBe(mine.length);
      const mean = mine.reduce((sum, cell) => sum + cell.composite!, 0) / mine.length;
      expect(row.rawComposite, `#${row.number}`).toBe(mine.length ? round4(mean) : null);
    }

    // And the per-opportunity analytics wherever only active reviewers reviewed: the same count
    // and the same mean. The opportunity analytics also count reviews by deactivated reviewers
    // (their scores stay part of the evaluation there); the results leave them out, with their
    // reviewer, as the issue's model is fitted to active reviewers' composites.
    for (const opportunity of [first, third]) {
      const analytics = analyticsRows.find((row) => row.id === opportunity.id)!;
      const row = rowOf(body, opportunity)!;
      expect(row.reviewCount).toBe(analytics.reviewCount);
      expect(row.rawComposite).toBe(analytics.avgComposite);
      expect(row.sd).toBe(analytics.stdDevComposite);
      expect(row.min).toBe(analytics.minComposite);
      expect(row.max).toBe(analytics.maxComposite);
      expect(row.criteria.strategicAlignment.raw).toBe(analytics.avgStrategicAlignment);
      expect(row.criteria.sustainability.raw).toBe(analytics.avgSustainability);
      expect(row.criteria.technologyReadiness.raw).toBe(analytics.avgTechnologyReadiness);
      expect(row.criteria.marketPotential.raw).toBe(analytics.avgMarketPotential);
      expect(row.criteria.businessPotential.raw).toBe(analytics.avgBusinessPotential);
    }
    const withDormant = analyticsRows.find((row) => row.id === second.id)!;
    expect(withDormant.reviewCount).toBe(2);
    expect(rowOf(body, second)).toMatchObject({
      reviewCount: 1,
      rawComposite: round4(compositeOf(scoresOf([4, 5, 4, 4, 5]))),
    });
  });

  it('follow a review update saved through the reviewer API', async () => {
    const [, second] = published as [Opportunity, Opportunity];
    const before = rowOf(await results(), second)!;
    const cookie = await signIn(ctx.app, ann);
    const scores = scoresOf([5, 5, 5, 5, 4]);
    const saved = await send(ctx.app, {
      method: 'POST',
      url: '/api/reviewer/reviews',
      cookie,
      payload: { opportunityId: second.id, ...scores },
    });
    expect(saved.statusCode).toBe(200);
    const after = rowOf(await results(), second)!;
    expect(before.rawComposite).toBe(round4(compositeOf(scoresOf([4, 5, 4, 4, 5]))));
    expect(after.reviewCount).toBe(1);
    expect(after.rawComposite).toBe(round4(compositeOf(scores)));
    expect(after.criteria.businessPotential.raw).toBe(4);
  });

  it('drop a deleted reviewer with their reviews', async () => {
    const [first, , third] = published as [Opportunity, Opportunity, Opportunity];
    const [bob] = await ctx.db.select().from(users).where(eq(users.name, 'Bob Second'));
    const before = await results();
    expect(reviewerOf(before, bob as Reviewer)).toBeDefined();
    const deleted = await send(ctx.app, {
      method: 'DELETE',
      url: `/api/admin/reviewers/${bob!.id}`,
      cookie: access.admin.cookie,
    });
    expect(deleted.statusCode).toBe(200);
    const after = await results();
    expect(reviewerOf(after, bob as Reviewer)).toBeUndefined();
    expect(after.meta.reviewCount).toBe(before.meta.reviewCount - 2);
    expect(rowOf(after, first)!.reviewCount).toBe(rowOf(before, first)!.reviewCount - 1);
    expect(rowOf(after, third)).toMatchObject({
      reviewCount: 0,
      rawComposite: null,
      calibratedRank: null,
    });
    // Unreviewed opportunities come last.
    expect(after.opportunities.at(-1)!.id).toBe(third.id);
  });
});

describe('concurrent results requests', () => {
  it('share one run of the statement and the computation, the JSON call and the export alike', async () => {
    const alone = (await get('/api/admin/results')).json();
    const guardStatements = (await ctx.countStatements(() => get('/api/admin/results'))) - 1;
    expect(guardStatements).toBeLessThanOrEqual(2);
    const urls = [
      ...Array.from({ length: 5 }, () => '/api/admin/results'),
      ...Array.from({ length: 3 }, () => '/api/admin/export/results'),
    ];
    // Hold the first run at PostgreSQL's door, so that every other request arrives meanwhile.
    const locker = await ctx.pool.connect();
    await locker.query('begin');
    await locker.query('lock table reviews in access exclusive mode');
    const before = ctx.statementCount();
    const answers = urls.map((url) => get(url));
    await vi.waitFor(
      () =>
        expect(ctx.statementCount() - before).toBeGreaterThanOrEqual(
          urls.length * guardStatements + 1,
        ),
      { timeout: 10_000 },
    );
    await locker.query('rollback');
    locker.release();
    const responses = await Promise.all(answers);
    // Every guard, the held run, the rollback, and one more run for all that waited. The
    // computation runs on another thread, so a request whose guard answer was still on its way
    // when the lock went may arrive after that second run started: it shares a third, never more.
    const runs = ctx.statementCount() - before - urls.length * guardStatements - 1;
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(runs).toBeLessThanOrEqual(3);
    for (const [i, response] of responses.entries()) {
      expect(response.statusCode).toBe(200);
      if (urls[i] === '/api/admin/results') expect(response.json()).toEqual(alone);
    }
  });
});
