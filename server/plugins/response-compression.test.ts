import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/build-test-app';
import { createOpportunity } from '../test/factories/opportunities';
import { createReview, scoresOf } from '../test/factories/reviews';
import { createUser } from '../test/factories/users';
import { send, setupSignedInUser } from '../test/http';
import { acceptsGzip, COMPRESS_MIN_BYTES } from './response-compression';

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['*', true],
    ['identity', false],
    ['br', false],
    ['gzip;q=0', false],
    ['gzip; q=0.000', false],
    ['*;q=0', false],
    ['gzip;q=0, *', false],
    ['*;q=0, gzip;q=0.5', true],
    ['gzip;q=nonsense', false],
    ['', false],
    [undefined, false],
  ])('%j -> %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('gzip for the API answers', () => {
  const ctx = setupTestApp();
  const admin = setupSignedInUser(ctx, 'admin');
  const GZIP = { 'accept-encoding': 'gzip, deflate, br' };

  beforeAll(async () => {
    // Enough reviewers and reviews that the list, the heatmap and the export pass the threshold.
    const opportunity = await createOpportunity(ctx.db, { number: 1, status: 'published' });
    for (let index = 0; index < 12; index += 1) {
      const reviewer = await createUser(ctx.db, { role: 'reviewer' });
      await createReview(ctx.db, {
        opportunityId: opportunity.id,
        reviewerId: reviewer.id,
        scores: scoresOf([3, 4, 5, 2, 1]),
      });
    }
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    send(ctx.app, { method: 'GET', url, cookie: admin.cookie }, headers);

  it.each([
    '/api/admin/reviewers', // serialised by Fastify: a string
    '/api/admin/analytics/heatmap', // JSON from PostgreSQL, sent as a shared Buffer
  ])('compresses %s to exactly the bytes sent uncompressed', async (url) => {
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);

    const packed = await get(url, GZIP);
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers['content-type']).toBe(plain.headers['content-type']);
    expect(packed.headers.vary).toMatch(/accept-encoding/i);
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(zlib.gunzipSync(packed.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('sends the bytes as they are to a client that refuses gzip', async () => {
    const refused = await get('/api/admin/reviewers', { 'accept-encoding': 'gzip;q=0, br' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(() => JSON.parse(refused.body)).not.toThrow();
  });

  it('leaves small answers, the CSV exports and errors alone', async () => {
    const me = await get('/api/auth/me', GZIP);
    expect(me.statusCode).toBe(200);
    expect(me.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(me.headers['content-encoding']).toBeUndefined();

    const csv = await get('/api/admin/export/reviews', GZIP);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-encoding']).toBeUndefined();
    expect(csv.body.split('\r\n').length).toBeGreaterThan(12);

    const anonymous = await send(ctx.app, { method: 'GET', url: '/api/admin/reviewers' }, GZIP);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-encoding']).toBeUndefined();
    expect(anonymous.json()).toHaveProperty('message');
  });
});
