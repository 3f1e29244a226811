import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviews } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview, SAMPLE_SCORES } from '../../test/factories/reviews';
import { createUser } from '../../test/factories/users';
import { createSignedInUser, send } from '../../test/http';

const ctx = setupTestApp();

function saveReview(payload: unknown, cookie: string) {
  return send(ctx.app, {
    method: 'POST',
    url: '/api/reviewer/reviews',
    cookie,
    payload: payload as object,
  });
}

async function reviewRows(opportunityId: string, reviewerId: string) {
  return ctx.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.opportunityId, opportunityId), eq(reviews.reviewerId, reviewerId)));
}

const scoresOf = (values: number[]) => ({
  strategicAlignment: values[0],
  sustainability: values[1],
  technologyReadiness: values[2],
  marketPotential: values[3],
  businessPotential: values[4],
});

describe('POST /api/reviewer/reviews', () => {
  it('creates the review, answers it, and stores it with a 4-decimal composite', async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    const response = await saveReview({ opportunityId: opportunity.id, ...SAMPLE_SCORES }, cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(String),
      opportunityId: opportunity.id,
      composite: '3.4000',
      ...SAMPLE_SCORES,
      submittedAt: expect.any(String),
      updatedAt: body.submittedAt,
    });
    const rows = await reviewRows(opportunity.id, user.id);
    expect(rows).toEqual([
      expect.objectContaining({ id: body.id, ...SAMPLE_SCORES, composite: '3.4000' }),
    ]);
  });

  it.each([
    [[4, 3, 5, 2, 3], '3.4000'],
    [[1, 1, 1, 1, 1], '1.0000'],
    [[5, 5, 5, 5, 5], '5.0000'],
    [[2, 3, 2, 3, 3], '2.6000'],
    [[5, 4, 4, 4, 4], '4.2000'],
  ])('computes the composite of %j as %s', async (values, composite) => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    const response = await saveReview(
      { opportunityId: opportunity.id, ...scoresOf(values) },
      cookie,
    );
    expect(response.json().composite).toBe(composite);
    expect((await reviewRows(opportunity.id, user.id))[0]!.composite).toBe(composite);
    const listed = await send(ctx.app, {
      method: 'GET',
      url: `/api/reviewer/opportunities/${opportunity.id}`,
      cookie,
    });
    expect(listed.json().userReview.composite).toBe(composite);
  });

  it('replaces the one review: same row, new scores, submittedAt kept, updatedAt bumped', async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    const first = (
      await saveReview({ opportunityId: opportunity.id, ...scoresOf([1, 1, 1, 1, 1]) }, cookie)
    ).json();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await saveReview(
      { opportunityId: opportunity.id, ...scoresOf([5, 5, 5, 5, 4]) },
      cookie,
    );
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      id: first.id,
      composite: '4.8000',
      submittedAt: first.submittedAt,
      businessPotential: 4,
    });
    expect(Date.parse(second.json().updatedAt)).toBeGreaterThan(Date.parse(first.updatedAt));
    const rows = await reviewRows(opportunity.id, user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ composite: '4.8000', strategicAlignment: 5 });
  });

  it('keeps exactly one row when 20 saves for the same review run at once', async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    const submissions = Array.from({ length: 20 }, (_, i) =>
      scoresOf([(i % 5) + 1, ((i + 1) % 5) + 1, ((i + 2) % 5) + 1, 3, (i % 2) + 1]),
    );
    const responses = await Promise.all(
      submissions.map((scores) => saveReview({ opportunityId: opportunity.id, ...scores }, cookie)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const rows = await reviewRows(opportunity.id, user.id);
    expect(rows).toHaveLength(1);
    const stored = scoresOf([
      rows[0]!.strategicAlignment,
      rows[0]!.sustainability,
      rows[0]!.technologyReadiness,
      rows[0]!.marketPotential,
      rows[0]!.businessPotential,
    ]);
    expect(submissions).toContainEqual(stored);
    expect(new Set(responses.map((r) => r.json().id))).toEqual(new Set([rows[0]!.id]));
  });

  const valid = { ...SAMPLE_SCORES };
  it.each([
    ['a non-integer score', { ...valid, sustainability: 3.5 }, 'sustainability'],
    ['a score of 0', { ...valid, marketPotential: 0 }, 'marketPotential'],
    ['a score of 6', { ...valid, businessPotential: 6 }, 'businessPotential'],
    ['a negative score', { ...valid, strategicAlignment: -1 }, 'strategicAlignment'],
    ['a string score', { ...valid, technologyReadiness: '3' }, 'technologyReadiness'],
    ['a null score', { ...valid, technologyReadiness: null }, 'technologyReadiness'],
    ['a missing score', { ...valid, strategicAlignment: undefined }, 'strategicAlignment'],
    ['a bad opportunity id', { ...valid, opportunityId: 'nope' }, 'opportunityId'],
    ['no opportunity id', { ...valid, opportunityId: undefined }, 'opportunityId'],
  ])('refuses %s with 400 and stores nothing', async (_rule, body, path) => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    const response = await saveReview({ opportunityId: opportunity.id, ...body }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([expect.objectContaining({ path })]);
    if (path !== 'opportunityId') {
      expect(response.json().message).toContain('whole number from 1 to 5');
    }
    expect(await reviewRows(opportunity.id, user.id)).toEqual([]);
  });

  it('waits for an unpublish in progress, then writes nothing and answers 404', async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    // Warm up the session and user lookups, so the save below only waits on the row lock.
    await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    const admin = await ctx.pool.connect();
    try {
      await admin.query('begin');
      await admin.query(`update opportunities set status = 'draft' where id = $1`, [
        opportunity.id,
      ]);
      const save = saveReview({ opportunityId: opportunity.id, ...SAMPLE_SCORES }, cookie);
      // The save is blocked on the row lock until the unpublish commits.
      await expect
        .poll(async () => {
          const { rows } = await ctx.pool.query(
            `select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and datname = current_database()`,
          );
          return rows[0].n;
        })
        .toBeGreaterThan(0);
      await admin.query('commit');
      const response = await save;
      expect(response.statusCode).toBe(404);
      expect(await reviewRows(opportunity.id, user.id)).toHaveLength(0);
    } finally {
      admin.release();
    }
  });

  it('refuses an empty or non-JSON body with 400', async () => {
    const { cookie } = await createSignedInUser(ctx.app, ctx.db);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/reviewer/reviews',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(400);
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/reviewer/reviews',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"opportunityId":',
    });
    expect(broken.statusCode).toBe(400);
  });
});

describe('GET /api/reviewer/opportunities/{id}/reviews', () => {
  it("answers only the caller's own review, never other reviewers' scores", async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const other = await createUser(ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    const url = `/api/reviewer/opportunities/${opportunity.id}/reviews`;
    const get = () => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
    await createReview(ctx.db, {
      opportunityId: opportunity.id,
      reviewerId: other.id,
      scores: scoresOf([5, 5, 5, 5, 5]) as typeof SAMPLE_SCORES,
    });

    const none = await get();
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);

    const own = await createReview(ctx.db, { opportunityId: opportunity.id, reviewerId: user.id });
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: own.id,
        opportunityId: opportunity.id,
        composite: '3.4000',
        ...SAMPLE_SCORES,
        submittedAt: own.submittedAt.toISOString(),
        updatedAt: own.updatedAt.toISOString(),
      },
    ]);
    expect(response.body).not.toContain('5.0000');
  });
});
