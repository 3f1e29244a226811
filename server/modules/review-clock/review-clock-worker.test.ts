import { REVIEW_DEADLINE, REVIEW_PHASE } from '@shared/review-clock';
import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { createDatabase } from '../../db/client';
import { auditLogs, settings } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { requestsAs, setupSignedInUser } from '../../test/http';
import { anotherPoolOn } from '../../test/test-database';
import type { PollingLoop } from '../mail/polling-loop';
import { CLOCK_POLL_INTERVAL_MS, startReviewClockWorker } from './worker';

// The deadline closes reviewing by itself (issue 34): no request arrives, two instances' clock
// loops run over one database, and the phase flips once. The poll period is shortened by
// configuration (as REVIEW_CLOCK_POLL_SECONDS does), never the rule.

const ctx = setupTestApp();
const admin = setupSignedInUser(ctx, 'admin');
const asAdmin = requestsAs(ctx, () => admin.cookie);

const silent = { info: () => {}, error: () => {} };

describe('the clock loop of every instance', () => {
  let otherPool: pg.Pool;
  const loops: PollingLoop[] = [];
  beforeAll(() => {
    otherPool = anotherPoolOn(ctx.pool, 2);
  });
  afterAll(async () => {
    await Promise.all(loops.map((loop) => loop.stop()));
    await otherPool.end();
  });

  it('closes reviewing once when the deadline passes, with no request arriving', async () => {
    for (const db of [ctx.db, createDatabase(otherPool)]) {
      loops.push(
        startReviewClockWorker({
          db,
          publicUrl: 'http://assay.test',
          logger: silent,
          intervalMs: 100,
        }),
      );
    }
    const result = await ctx.db.execute<{ deadline: string }>(
      sql`select to_char((now() + interval '1.5 seconds') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as deadline`,
    );
    const deadline = result.rows[0]!.deadline;
    const setting = await asAdmin('POST', '/api/admin/settings', {
      key: REVIEW_DEADLINE,
      value: deadline,
    });
    expect(setting.statusCode).toBe(200);
    const phase = async () =>
      (await ctx.db.select().from(settings).where(eq(settings.key, REVIEW_PHASE)))[0]?.value;
    expect(await phase()).toBeUndefined();

    await vi.waitFor(async () => expect(await phase()).toBe('closed'), {
      timeout: 20_000,
      interval: 50,
    });
    // Both loops keep running; give them a few more rounds, then count the closes.
    await Promise.all(loops.map((loop) => loop.runNow()));
    const closes = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, REVIEW_PHASE), eq(auditLogs.action, 'setting.update')));
    expect(closes).toHaveLength(1);
    expect(closes[0]).toMatchObject({ userId: null, changes: { after: { value: 'closed' } } });
    const [row] = await ctx.db.select().from(settings).where(eq(settings.key, REVIEW_PHASE));
    // Closed after the deadline by the database's clock, within the poll period and a run.
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(new Date(deadline).getTime());
  });
});

describe('REVIEW_CLOCK_POLL_SECONDS', () => {
  it('defaults to 15 s and stays within 0.1-60 s, so a deadline always closes within a minute', () => {
    expect(CLOCK_POLL_INTERVAL_MS).toBe(15_000);
    expect(loadConfig({}).reviewClockPollMs).toBe(15_000);
    expect(loadConfig({ REVIEW_CLOCK_POLL_SECONDS: '0.5' }).reviewClockPollMs).toBe(500);
    expect(() => loadConfig({ REVIEW_CLOCK_POLL_SECONDS: '61' })).toThrow(
      /REVIEW_CLOCK_POLL_SECONDS: must be at most 60 seconds/,
    );
    expect(() => loadConfig({ REVIEW_CLOCK_POLL_SECONDS: '0' })).toThrow(/at least 0.1/);
    expect(() => loadConfig({ REVIEW_CLOCK_POLL_SECONDS: 'soon' })).toThrow(
      /REVIEW_CLOCK_POLL_SECONDS/,
    );
  });
});
