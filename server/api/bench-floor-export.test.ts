import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { EXPORTS } from '../modules/exports/definitions';
import { setupTestApp } from '../test/build-test-app';
import { createComment } from '../test/factories/comments';
import { createOpportunity } from '../test/factories/opportunities';
import { createReview } from '../test/factories/reviews';
import { createUser } from '../test/factories/users';

describe('GET /api/bench/floor/export/{type} without BENCH_FLOOR', () => {
  const ctx = setupTestApp();

  it('does not exist', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/bench/floor/export/reviews',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/bench/floor/export/{type} with BENCH_FLOOR=1', () => {
  const ctx = setupTestApp({ BENCH_FLOOR: '1' });

  it("copies the export's rows as PostgreSQL writes CSV, without a session, in one statement", async () => {
    const opportunity = await createOpportunity(ctx.db, { title: 'Heat, "pumps"\r\nand more' });
    for (const name of ['Ann', '=Bob']) {
      const reviewer = await createUser(ctx.db, { name, displayName: null });
      await createReview(ctx.db, { opportunityId: opportunity.id, reviewerId: reviewer.id });
      await createComment(ctx.db, { opportunityId: opportunity.id, reviewerId: reviewer.id });
    }
    for (const type of ['reviews', 'comments'] as const) {
      let response: Awaited<ReturnType<typeof ctx.app.inject>> | undefined;
      const statements = await ctx.countStatements(async () => {
        response = await ctx.app.inject({ method: 'GET', url: `/api/bench/floor/export/${type}` });
      });
      expect(response?.statusCode).toBe(200);
      expect(response?.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(statements).toBe(1);
      // The same rows as the export's typed query, each value as PostgreSQL writes it as text.
      const { rows } = await ctx.pool.query({
        text: EXPORTS[type].rowsQuery,
        rowMode: 'array',
        types: { getTypeParser: () => (text: string) => text },
      });
      const expected = (rows as (string | null)[][]).map((row) => row.map((v) => v ?? ''));
      expect(expected).toHaveLength(2);
      expect(parse(response?.body ?? '', { record_delimiter: '\n' })).toEqual(expected);
    }
  });

  it('answers 404 to an export that is not a COPY of rows', async () => {
    for (const type of ['results', 'users']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/bench/floor/export/${type}`,
      });
      expect(response.statusCode).toBe(404);
    }
  });
});
