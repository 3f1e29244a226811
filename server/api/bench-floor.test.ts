import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/build-test-app';
import { BENCH_FLOOR_MAX_BYTES } from './bench-floor';

describe('GET /api/bench/floor without BENCH_FLOOR', () => {
  const ctx = setupTestApp();

  it('does not exist', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/bench/floor?bytes=100' });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/bench/floor with BENCH_FLOOR=1', () => {
  const ctx = setupTestApp({ BENCH_FLOOR: '1' });

  it('answers without a session, with one statement and a body of the asked size', async () => {
    let response: Awaited<ReturnType<typeof ctx.app.inject>> | undefined;
    const statements = await ctx.countStatements(async () => {
      response = await ctx.app.inject({ method: 'GET', url: '/api/bench/floor?bytes=5000' });
    });
    expect(response?.statusCode).toBe(200);
    expect(response?.body.length).toBe(5000);
    expect(response?.json()).toMatchObject({ one: 1 });
    expect(statements).toBe(1);
  });

  it('refuses a size above the cap', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/bench/floor?bytes=${BENCH_FLOOR_MAX_BYTES + 1}`,
    });
    expect(response.statusCode).toBe(400);
  });
});
