import type { Scores } from '@shared/criteria';
import { DASHBOARD_TOP } from '@shared/limits';
import { type CompositeRanked, compareByCompositeRank } from '@shared/ranking';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviews, users } from '../../db/schema/index';
import { expectAdminOnly } from '../../test/assertions';
import { setupTestApp } from '../../test/build-test-app';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview } from '../../test/factories/reviews';
import { createUser } from '../../test/factories/users';
import { send, setupAccess } from '../../test/http';

// Its own file, so its own database: these endpoints report totals, which are known here.
const ctx = setupTestApp();
const access = setupAccess(ctx);

const get = (url: string) => send(ctx.app, { method: 'GET', url, cookie: access.admin.cookie });
const stats = async () => (await get('/api/admin/stats')).json();
const top = async () => (await get('/api/admin/top-opportunities')).json();

const uniform = (value: number): Scores => ({
  strategicAlignment: value,
  sustainability: value,
  technologyReadiness: value,
  marketPotential: value,
  businessPotential: value,
});

describe('dashboard', () => {
  it('is admin-only', async () => {
    await expectAdminOnly(ctx.app, access, { method: 'GET', url: '/api/admin/stats' });
    await expectAdminOnly(ctx.app, access, { method: 'GET', url: '/api/admin/top-opportunities' });
  });

  it('answers zeros and an empty top list on an empty platform', async () => {
    // The access fixtures hold one active reviewer; nothing else exists yet.
    expect(await stats()).toEqual({
      totalReviewers: 1,
      activeReviewers: 1,
      publishedOpportunities: 0,
      totalOpportunities: 0,
      totalReviews: 0,
      completionRate: 0,
    });
    expect(await top()).toEqual([]);
  });

  it('counts reviewers (not admins), opportunities, reviews and the completion rate', async () => {
    const [fixtureReviewer] = await ctx.db.select().from(users).where(eq(users.role, 'reviewer'));
    const a = await createUser(ctx.db);
    const b = await createUser(ctx.db);
    const inactive = await createUser(ctx.db, { isActive: false });
    const o1 = await createOpportunity(ctx.db, { title: 'First' });
    const o2 = await createOpportunity(ctx.db, { title: 'Second' });
    const draft = await createOpportunity(ctx.db, { status: 'draft', publishedAt: null });
    const archived = await createOpportunity(ctx.db, { status: 'archived' });

    await createReview(ctx.db, { opportunityId: o1.id, reviewerId: a.id, scores: uniform(4) });
    await createReview(ctx.db, { opportunityId: o1.id, reviewerId: b.id, scores: uniform(3) });
    await createReview(ctx.db, { opportunityId: o2.id, reviewerId: a.id, scores: uniform(5) });
    // Neither of these counts towards completion: an inactive reviewer, a draft opportunity.
    await createReview(ctx.db, { opportunityId: o2.id, reviewerId: inactive.id });
    await createReview(ctx.db, { opportunityId: draft.id, reviewerId: b.id, scores: uniform(1) });

    // 3 active reviewers x 2 published = 6 pairs, 3 reviewed: 50%.
    expect(await stats()).toEqual({
      totalReviewers: 4,
      activeReviewers: 3,
      publishedOpportunities: 2,
      totalOpportunities: 4,
      totalReviews: 5,
      completionRate: 50,
    });

    // Outside the rule on both counts (inactive reviewer, archived opportunity): excluded once.
    await createReview(ctx.db, { opportunityId: archived.id, reviewerId: inactive.id });
    expect(await stats()).toMatchObject({ totalReviews: 6, completionRate: 50 });
    await ctx.db
      .delete(reviews)
      .where(and(eq(reviews.opportunityId, archived.id), eq(reviews.reviewerId, inactive.id)));

    await createReview(ctx.db, { opportunityId: o2.id, reviewerId: b.id, scores: uniform(2) });
    // 4 of 6: 66.67 rounds to 67.
    expect((await stats()).completionRate).toBe(67);
    await createReview(ctx.db, {
      opportunityId: o1.id,
      reviewerId: fixtureReviewer!.id,
      scores: uniform(4),
    });
    await createReview(ctx.db, {
      opportunityId: o2.id,
      reviewerId: fixtureReviewer!.id,
      scores: uniform(4),
    });
    expect((await stats()).completionRate).toBe(100);

    // Admins never count as reviewers.
    await createUser(ctx.db, { role: 'admin' });
    expect((await stats()).totalReviewers).toBe(4);
  });

  it('ranks the published opportunities by average composite, then by number, at most 5', async () => {
    const list = await top();
    // From the previous test: o1 = (4+3+4)/3, o2 = (5+3.4+2+4)/4 (inactive reviewer counts
    // as a review of the opportunity); the draft's review (1) is not ranked (docs/figures.md).
    expect(list.map((o: { title: string }) => o.title)).toEqual(['First', 'Second']);
    expect(list[0]).toEqual({
      id: expect.any(String),
      number: expect.any(Number),
      title: 'First',
      reviewCount: 3,
      avgComposite: 3.6667,
    });
    expect(list[1]).toMatchObject({ reviewCount: 4, avgComposite: 3.6 });

    const reviewer = await createUser(ctx.db);
    const tiedNumbers: number[] = [];
    for (let i = 0; i < 4; i++) {
      const o = await createOpportunity(ctx.db, { number: 200 - i });
      tiedNumbers.push(o.number);
      await createReview(ctx.db, {
        opportunityId: o.id,
        reviewerId: reviewer.id,
        scores: uniform(5),
      });
    }
    const after = await top();
    expect(after).toHaveLength(5);
    // Equal averages (5.0) rank by number ascending, ahead of 'First'.
    expect(after.map((o: { number: number }) => o.number)).toEqual([
      ...[...tiedNumbers].sort((x, y) => x - y),
      list[0].number,
    ]);
  });

  it('ranks what Analytics ranks: no archived or draft opportunity, ties to more reviews', async () => {
    const [x, y] = [await createUser(ctx.db), await createUser(ctx.db)];
    const archived = await createOpportunity(ctx.db, {
      status: 'archived',
      title: 'Archived best',
    });
    const draft = await createOpportunity(ctx.db, {
      status: 'draft',
      publishedAt: null,
      title: 'Draft best',
    });
    const twice = await createOpportunity(ctx.db, { title: 'Reviewed twice', number: 300 });
    for (const opportunity of [archived, draft, twice]) {
      for (const reviewer of [x, y]) {
        await createReview(ctx.db, {
          opportunityId: opportunity.id,
          reviewerId: reviewer.id,
          scores: uniform(5),
        });
      }
    }
    const list = (await top()) as Array<{ id: string; title: string; reviewCount: number }>;
    const ids = list.map((o) => o.id);
    expect(ids).not.toContain(archived.id);
    expect(ids).not.toContain(draft.id);
    // 5.0 like the four single-review opportunities of the previous test, with more reviews.
    expect(list[0]).toMatchObject({ title: 'Reviewed twice', reviewCount: 2, avgComposite: 5 });

    // Analytics leave them out too, and their rows in the shared ranking give the same list.
    const analytics = (await get('/api/admin/analytics/opportunities')).json() as Array<
      CompositeRanked & { id: string; avgComposite: number | null }
    >;
    expect(analytics.map((o) => o.id)).not.toContain(archived.id);
    expect(analytics.map((o) => o.id)).not.toContain(draft.id);
    const ranked = analytics
      .filter((o) => o.reviewCount > 0)
      .sort(compareByCompositeRank)
      .slice(0, DASHBOARD_TOP);
    expect(ids).toEqual(ranked.map((o) => o.id));
  });

  it('answers with a constant number of SQL statements whatever the data size', async () => {
    const measure = async () => ({
      stats: await ctx.countStatements(() => get('/api/admin/stats')),
      top: await ctx.countStatements(() => get('/api/admin/top-opportunities')),
    });
    const small = await measure();
    const reviewers = await Promise.all(Array.from({ length: 30 }, () => createUser(ctx.db)));
    const opportunities = [];
    for (let i = 0; i < 4; i++) opportunities.push(await createOpportunity(ctx.db));
    for (let r = 0; r < 25; r++) {
      for (const opportunity of opportunities) {
        await createReview(ctx.db, {
          opportunityId: opportunity.id,
          reviewerId: reviewers[r]!.id,
          scores: uniform((r % 5) + 1),
        });
      }
    }
    const large = await measure();
    expect(large).toEqual(small);
    // Session + user for the guard, then exactly one statement.
    expect(small).toEqual({ stats: 3, top: 3 });
  });
});
