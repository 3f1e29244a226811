import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { describe, expect, it, vi } from 'vitest';
import { setupTestApp } from '../../test/build-test-app';
import { createOpportunities } from '../../test/factories/opportunities';
import { send, setupSignedInUser } from '../../test/http';
import { readInBatches } from './batched-reader';
import { openCsvExport } from './csv-export';
import { EXPORTS } from './definitions';

const ctx = setupTestApp();
const admin = setupSignedInUser(ctx, 'admin');

const download = (type: string) =>
  send(ctx.app, { method: 'GET', url: `/api/admin/export/${type}`, cookie: admin.cookie });

const addOpportunities = (count: number) =>
  createOpportunities(ctx.db, count, (number) => ({ title: `Bulk ${number}`, tags: ['bulk'] }));

/** Every pooled connection is back and none is left inside a transaction. */
async function expectNoConnectionHeld() {
  expect(ctx.pool.waitingCount).toBe(0);
  expect(ctx.pool.idleCount).toBe(ctx.pool.totalCount);
  const { rows } = await ctx.pool.query(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and state like 'idle in transaction%'`,
  );
  expect(rows[0].n).toBe(0);
}

describe('export streaming', () => {
  it('writes the header row alone when there is no data', async () => {
    for (const type of ['opportunities', 'reviews', 'comments'] as const) {
      const response = await download(type);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(`\uFEFF${EXPORTS[type].headers.join(',')}\r\n`);
    }
  });

  it('runs the same statements for 10 and 300 rows (one FETCH of up to 1000)', async () => {
    await addOpportunities(10);
    const small = await ctx.countStatements(() => download('opportunities'));
    await addOpportunities(290);
    let body = '';
    const large = await ctx.countStatements(async () => {
      body = (await download('opportunities')).body;
    });
    expect(large).toBe(small);
    const rows = parse(body, { bom: true, record_delimiter: '\r\n' }) as string[][];
    expect(rows).toHaveLength(301);
    expect(rows.slice(1).map((row) => Number(row[0]))).toEqual(
      [...rows.slice(1).map((row) => Number(row[0]))].sort((a, b) => a - b),
    );
  });

  it('adds one FETCH per batch: BEGIN, DECLARE, floor(rows / batch) + 1 FETCH, COMMIT', async () => {
    const query = EXPORTS.opportunities.query;
    for (const [batchSize, fetches] of [
      [100, 4],
      [1000, 1],
      [299, 2],
      [300, 2],
      [301, 1],
    ] as const) {
      let rowCount = 0;
      const statements = await ctx.countStatements(async () => {
        for await (const rows of readInBatches(ctx.pool, query, batchSize)) {
          expect(rows.length).toBeLessThanOrEqual(batchSize);
          rowCount += rows.length;
        }
      });
      expect(rowCount).toBe(300);
      expect(statements).toBe(3 + fetches);
    }
    await expectNoConnectionHeld();
  });

  it('produces the same bytes whatever the batch size', async () => {
    const whole = await buffer(await openCsvExport(ctx.pool, EXPORTS.opportunities, 1000));
    const pieces = await buffer(await openCsvExport(ctx.pool, EXPORTS.opportunities, 7));
    expect(pieces.equals(whole)).toBe(true);
    expect(whole.toString('utf8')).toBe((await download('opportunities')).body);
  });

  it('gives the connection back when the reader stops early', async () => {
    const stream = await openCsvExport(ctx.pool, EXPORTS.opportunities, 10);
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    expect(first.toString('utf8')).toContain('Bulk');
    await new Promise<void>((resolve) => {
      stream.once('close', resolve);
      stream.destroy();
    });
    await expectNoConnectionHeld();
  });

  it('fails before streaming when the query fails, and gives the connection back', async () => {
    const broken = {
      ...EXPORTS.opportunities,
      query: 'select 1 / (number - number) from opportunities',
    };
    await expect(openCsvExport(ctx.pool, broken, 10)).rejects.toThrow(/division by zero/);
    await expectNoConnectionHeld();
    const response = await download('opportunities');
    expect(response.statusCode).toBe(200);
  });

  it('gives the connection back when an HTTP client hangs up mid-download', async () => {
    // About 6 MB in 5 batches, far more than the socket buffers, so the download is cut short.
    const description = 'x'.repeat(1000);
    await createOpportunities(ctx.db, 4700, (number) => ({ title: `Long ${number}`, description }));
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const received = await new Promise<number>((resolve, reject) => {
      const request = http.get(
        {
          port,
          host: '127.0.0.1',
          path: '/api/admin/export/opportunities',
          headers: { cookie: admin.cookie },
        },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.once('data', (chunk: Buffer) => {
            request.destroy();
            resolve(chunk.length);
          });
        },
      );
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
    expect(received).toBeGreaterThan(0);
    await vi.waitFor(expectNoConnectionHeld, { timeout: 5000, interval: 50 });
  });
});
