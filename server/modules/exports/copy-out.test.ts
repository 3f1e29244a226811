import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestApp } from '../../test/build-test-app';
import { createOpportunities } from '../../test/factories/opportunities';
import { setupSignedInUser } from '../../test/http';
import { openCsvExport } from './csv-export';
import { EXPORTS } from './definitions';

// What happens to the pooled connection and to the statement in PostgreSQL when a COPY export
// stops before its end: the reader hangs up, or the statement or the connection fails half-way.

const ctx = setupTestApp();
const admin = setupSignedInUser(ctx, 'admin');
const ROWS = 5000;
const ROW_BYTES = 5000;

/** Backends of this database, other than the asking one, running an export's COPY. */
async function runningCopies() {
  const { rows } = await ctx.pool.query(
    `select state from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query like 'copy (%'
        and state = 'active'`,
  );
  return rows.length;
}

async function expectNothingHeld() {
  expect(ctx.pool.waitingCount).toBe(0);
  expect(ctx.pool.idleCount).toBe(ctx.pool.totalCount);
  expect(await runningCopies()).toBe(0);
}

/** Cancels (the statement) or terminates (the connection) the running export's backend. */
async function stopRunningCopy(how: 'pg_cancel_backend' | 'pg_terminate_backend') {
  const { rows } = await ctx.pool.query(
    `select ${how}(pid) as done from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query like 'copy (%'
        and state = 'active'`,
  );
  expect(rows).toEqual([{ done: true }]);
}

/** The first chunk, leaving the stream paused (as a reader that stopped reading). */
const firstChunk = (stream: Readable) =>
  new Promise<Buffer>((resolve) =>
    stream.once('data', (chunk: Buffer) => {
      stream.pause();
      resolve(chunk);
    }),
  );

beforeAll(async () => {
  // About 25 MB, far more than the socket buffers hold (a few MB over TCP on loopback), so a COPY
  // stopped early is mid-way.
  const description = 'x'.repeat(ROW_BYTES);
  await createOpportunities(ctx.db, ROWS, (number) => ({ title: `Long ${number}`, description }));
});

describe('a COPY export stopped early', () => {
  it('closes the connection when the reader stops mid-COPY, and PostgreSQL ends the COPY', async () => {
    const stream = await openCsvExport(ctx.pool, EXPORTS.opportunities);
    expect((await firstChunk(stream)).toString('utf8')).toContain('Long');
    // The COPY is still running in PostgreSQL, held back by the unread stream.
    expect(await runningCopies()).toBe(1);
    await new Promise<void>((resolve) => {
      stream.once('close', resolve);
      stream.destroy();
    });
    await vi.waitFor(expectNothingHeld, { timeout: 5000, interval: 50 });
    // The pool serves the next export whole.
    const whole = await buffer(await openCsvExport(ctx.pool, EXPORTS.opportunities));
    expect(whole.toString('utf8').split('\r\n')).toHaveLength(ROWS + 2);
    await expectNothingHeld();
  });

  it('ends the COPY in PostgreSQL when an HTTP client hangs up mid-download', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      const request = http.get(
        {
          port,
          host: '127.0.0.1',
          path: '/api/admin/export/opportunities',
          headers: { cookie: admin.cookie },
        },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.once('data', async () => {
            response.pause();
            try {
              expect(await runningCopies()).toBe(1);
              resolve();
            } catch (error) {
              reject(error);
            } finally {
              request.destroy();
            }
          });
        },
      );
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
    await vi.waitFor(expectNothingHeld, { timeout: 5000, interval: 50 });
  });

  it('fails the stream when the COPY is cancelled half-way, and keeps the connection', async () => {
    const stream = await openCsvExport(ctx.pool, EXPORTS.opportunities);
    let received = 0;
    const reading = (async () => {
      for await (const chunk of stream) {
        if (received === 0) await stopRunningCopy('pg_cancel_backend');
        received += (chunk as Buffer).length;
      }
    })();
    await expect(reading).rejects.toThrow(/canceling statement/);
    // Rows before the cancel went out: the failure was mid-file, not at the start.
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(ROWS * ROW_BYTES);
    await vi.waitFor(expectNothingHeld, { timeout: 5000, interval: 50 });
    // An SQL error leaves the connection usable: the pool keeps it.
    expect(ctx.pool.totalCount).toBeGreaterThan(0);
  });

  it('cuts the HTTP response short when the database goes away half-way, as before', async () => {
    const { port } = ctx.app.server.address() as AddressInfo;
    const outcome = await new Promise<{ status?: number; bytes: number; complete: boolean }>(
      (resolve) => {
        let bytes = 0;
        let status: number | undefined;
        const request = http.get(
          {
            port,
            host: '127.0.0.1',
            path: '/api/admin/export/opportunities',
            headers: { cookie: admin.cookie },
          },
          (response) => {
            status = response.statusCode;
            response.once('data', () => {
              response.pause();
              stopRunningCopy('pg_terminate_backend').then(() => response.resume());
            });
            response.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
            });
            response.on('end', () => resolve({ status, bytes, complete: response.complete }));
            response.on('error', () => resolve({ status, bytes, complete: false }));
          },
        );
        request.on('error', () => resolve({ status, bytes, complete: false }));
      },
    );
    expect(outcome.status).toBe(200);
    expect(outcome.complete).toBe(false);
    expect(outcome.bytes).toBeGreaterThan(0);
    expect(outcome.bytes).toBeLessThan(ROWS * ROW_BYTES);
    await vi.waitFor(expectNothingHeld, { timeout: 5000, interval: 50 });
  });

  it('answers an ordinary error before any byte when a row cannot be written', async () => {
    await ctx.db.execute(sql`update opportunities set created_at = 'infinity'
      where number = (select max(number) from opportunities)`);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/export/opportunities',
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(response.body).not.toContain('Long');
    await expectNothingHeld();
  });
});
