import { describe, expect, it, vi } from 'vitest';
import { setupTestApp } from '../../test/build-test-app';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview, scoresOf } from '../../test/factories/reviews';
import { createUser } from '../../test/factories/users';
import { send, setupSignedInUser } from '../../test/http';

const ctx = setupTestApp();
const PATHS = ['opportunities', 'reviewers', 'heatmap'] as const;

const admin = setupSignedInUser(ctx, 'admin');

const get = (path: string) =>
  send(ctx.app, { method: 'GET', url: `/api/admin/analytics/${path}`, cookie: admin.cookie });

/** Adds reviewers and published opportunities until there are `reviewerCount` x `opportunityCount`, all reviewed. */
async function growTo(reviewerCount: number, opportunityCount: number) {
  const reviewers = [];
  const opportunities = [];
  for (let i = 0; i < reviewerCount; i++) {
    reviewers.push(await createUser(ctx.db, { name: `Grown ${String(i).padStart(2, '0')}` }));
  }
  for (let i = 0; i < opportunityCount; i++) opportunities.push(await createOpportunity(ctx.db));
  for (const [i, reviewer] of reviewers.entries()) {
    for (const [j, opportunity] of opportunities.entries()) {
      const score = ((i + j) % 5) + 1;
      await createReview(ctx.db, {
        opportunityId: opportunity.id,
        reviewerId: reviewer.id,
        scores: scoresOf([score, score, score, score, score]),
      });
    }
  }
}

async function statementsPerPath() {
  const counts: Record<string, number> = {};
  for (const path of PATHS) {
    counts[path] = await ctx.countStatements(async () => {
      const response = await get(path);
      expect(response.statusCode).toBe(200);
    });
  }
  return counts;
}

describe('analytics query counts', () => {
  it('answers empty lists when nothing is published and no reviewer exists', async () => {
    for (const path of PATHS) expect((await get(path)).json()).toEqual([]);
    const reviewer = await createUser(ctx.db, { name: 'Alone' });
    const heatmap = (await get('heatmap')).json();
    expect(heatmap).toEqual([
      { reviewerId: reviewer.id, reviewerName: 'Alone', opportunities: [] },
    ]);
    expect((await get('reviewers')).json()).toEqual([
      { id: reviewer.id, name: 'Alone', reviewCount: 0, avgComposite: null },
    ]);
  });

  it('runs the same number of statements with 3 x 3 and with 14 x 20 reviewers x opportunities', async () => {
    await growTo(2, 3);
    const small = await statementsPerPath();
    await growTo(11, 17);
    const large = await statementsPerPath();
    expect(large).toEqual(small);
    // The scope guard reads the session and the user; each endpoint adds exactly one statement.
    for (const path of PATHS) expect(small[path]).toBeLessThanOrEqual(3);
    const heatmap = (await get('heatmap')).json();
    expect(heatmap).toHaveLength(14);
    expect(heatmap[0].opportunities).toHaveLength(20);
  });
});

describe('concurrent analytics requests', () => {
  it('wait for one shared run of the aggregate, and each gets the whole answer', async () => {
    await growTo(3, 4);
    const concurrent = 8;
    for (const path of PATHS) {
      const alone = (await get(path)).json();
      const guardStatements = (await ctx.countStatements(() => get(path))) - 1;
      // Hold the first run of the aggregate at PostgreSQL's door, so that every other request
      // arrives while it is in flight, whatever the machine's speed.
      const locker = await ctx.pool.connect();
      await locker.query('begin');
      await locker.query('lock table reviews in access exclusive mode');
      const before = ctx.statementCount();
      const answers = Array.from({ length: concurrent }, () => get(path));
      await vi.waitFor(
        () =>
          expect(ctx.statementCount() - before).toBeGreaterThanOrEqual(
            concurrent * guardStatements + 1,
          ),
        { timeout: 10_000 },
      );
      await locker.query('rollback');
      locker.release();
      const responses = await Promise.all(answers);
      // Every guard, the held run, the rollback, and one more run for the seven that waited.
      expect(ctx.statementCount() - before).toBe(concurrent * guardStatements + 3);
      for (const response of responses) {
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(response.json()).toEqual(alone);
      }
    }
  });
});
