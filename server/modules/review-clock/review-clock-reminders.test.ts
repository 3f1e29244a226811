import { REVIEW_DEADLINE, REVIEW_PHASE, REVIEW_REMINDERS } from '@shared/review-clock';
import { reminderScheduleSchema } from '@shared/review-clock-schemas';
import { REVIEW_ASSIGNMENT } from '@shared/settings';
import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/client';
import { auditLogs, emailNotifications, reviewReminderReceipts } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createAssignment } from '../../test/factories/assignments';
import { createConflict } from '../../test/factories/conflicts';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview } from '../../test/factories/reviews';
import { setSetting } from '../../test/factories/settings';
import { createUser, type TestUser } from '../../test/factories/users';
import { requestsAs, setupSignedInUser } from '../../test/http';
import { databaseNow as databaseNowOf } from '../../test/queries';
import { anotherPoolOn } from '../../test/test-database';
import { runDueClockJobs } from './run-due-jobs';

// Reminders before the deadline (issue 34, section 2), run on a test clock: runDueClockJobs takes
// the instant to run at, where the service passes nothing and the database's now() decides.

const ctx = setupTestApp();
// An admin only: every reviewer of this database is one of the panel below.
const admin = setupSignedInUser(ctx, 'admin');
const asAdmin = requestsAs(ctx, () => admin.cookie);

const DAY = 24 * 60 * 60_000;
const MINUTE = 60_000;

type Panel = {
  owes: TestUser;
  done: TestUser;
  inactive: TestUser;
  conflicted: TestUser;
  unassigned: TestUser;
  opportunities: Array<{ id: string; number: number; title: string }>;
};
const panel = {} as Panel;

beforeAll(async () => {
  const opportunities = [];
  for (let i = 0; i < 12; i++) {
    opportunities.push(await createOpportunity(ctx.db, { status: 'published' }));
  }
  // Neither a draft nor an archived opportunity is owed.
  await createOpportunity(ctx.db, { status: 'draft' });
  await createOpportunity(ctx.db, { status: 'archived' });
  panel.opportunities = opportunities;
  panel.owes = await createUser(ctx.db, { role: 'reviewer', name: 'Owes Twelve' });
  panel.done = await createUser(ctx.db, { role: 'reviewer', name: 'All Done' });
  panel.inactive = await createUser(ctx.db, { role: 'reviewer', isActive: false });
  panel.conflicted = await createUser(ctx.db, { role: 'reviewer', name: 'Conflicted' });
  panel.unassigned = await createUser(ctx.db, { role: 'reviewer', name: 'Nothing Assigned' });
  for (const o of opportunities) {
    await createReview(ctx.db, { opportunityId: o.id, reviewerId: panel.done.id });
    await createReview(ctx.db, { opportunityId: o.id, reviewerId: panel.unassigned.id });
  }
  // Conflicted reviewed all but one, and has a conflict with that one: owes nothing.
  for (const o of opportunities.slice(1)) {
    await createReview(ctx.db, { opportunityId: o.id, reviewerId: panel.conflicted.id });
  }
  await createConflict(ctx.db, {
    reviewerId: panel.conflicted.id,
    opportunityId: opportunities[0]!.id,
  });
});

const setClock = async (key: string, value: string) => {
  const response = await asAdmin('POST', '/api/admin/settings', { key, value });
  expect(response.statusCode, `${key}=${value}: ${response.body}`).toBe(200);
};

const databaseNow = () => databaseNowOf(ctx.db);

/** A deadline `ms` from the database's now, written with a +01:00 offset, to the second. */
async function deadlineIn(ms: number): Promise<{ text: string; at: Date }> {
  const at = new Date(Math.floor(((await databaseNow()).getTime() + ms) / 1000) * 1000);
  const local = new Date(at.getTime() + 60 * MINUTE).toISOString().slice(0, 19);
  return { text: `${local}+01:00`, at };
}

const runAt = (now: Date) => runDueClockJobs(ctx.db, { publicUrl: 'http://assay.test', now });

async function remindersTo(user: TestUser) {
  return ctx.db
    .select()
    .from(emailNotifications)
    .where(
      and(
        eq(emailNotifications.recipientId, user.id),
        eq(emailNotifications.type, 'review_reminder'),
      ),
    );
}

async function reminderCounts() {
  return {
    owes: (await remindersTo(panel.owes)).length,
    done: (await remindersTo(panel.done)).length,
    inactive: (await remindersTo(panel.inactive)).length,
    conflicted: (await remindersTo(panel.conflicted)).length,
    unassigned: (await remindersTo(panel.unassigned)).length,
  };
}

const schedule = async () =>
  reminderScheduleSchema.parse((await asAdmin('GET', '/api/admin/reminders/schedule')).json());

beforeEach(async () => {
  // Every test starts from the spec's clock and an empty outbox of reminders.
  await setClock(REVIEW_DEADLINE, '');
  await setClock(REVIEW_PHASE, 'open');
  await setClock(REVIEW_REMINDERS, '');
  await setSetting(ctx.db, REVIEW_ASSIGNMENT, 'open');
  await ctx.db.delete(emailNotifications).where(eq(emailNotifications.type, 'review_reminder'));
});

describe('reminders before the deadline', () => {
  it('go at each offset to the reviewers who still owe work, once, with the work named', async () => {
    const deadline = await deadlineIn(7 * DAY);
    await setClock(REVIEW_REMINDERS, '2d,6h');
    await setClock(REVIEW_DEADLINE, deadline.text);

    const planned = await schedule();
    expect(planned.offsets.map((o) => [o.offset, o.state, o.sendAt, o.wouldReach])).toEqual([
      ['2d', 'scheduled', new Date(deadline.at.getTime() - 2 * DAY).toISOString(), 1],
      ['6h', 'scheduled', new Date(deadline.at.getTime() - 6 * 60 * MINUTE).toISOString(), 1],
    ]);

    // A minute before the first offset nothing goes.
    expect(await runAt(new Date(deadline.at.getTime() - 2 * DAY - MINUTE))).toEqual({
      closed: false,
      batches: 0,
      reminders: 0,
    });
    expect((await reminderCounts()).owes).toBe(0);

    const first = await runAt(new Date(deadline.at.getTime() - 2 * DAY + MINUTE));
    expect(first).toEqual({ closed: false, batches: 1, reminders: 1 });
    expect(await reminderCounts()).toEqual({
      owes: 1,
      done: 0,
      inactive: 0,
      conflicted: 0,
      unassigned: 0,
    });
    const [email] = await remindersTo(panel.owes);
    expect(email!.subject).toContain('12 opportunities to review before');
    expect(email!.body).toContain('You still have 12 opportunities to review');
    expect(email!.body).toContain('in 2 days');
    // The deadline in words at its own offset.
    const local = new Date(deadline.at.getTime() + 60 * MINUTE);
    const hhmm = local.toISOString().slice(11, 16);
    expect(email!.body).toContain(`${hhmm} (UTC+01:00)`);
    // Ten named with their links, and the rest counted.
    const named = panel.opportunities.slice(0, 10);
    for (const o of named) {
      expect(email!.body).toContain(
        `#${o.number} ${o.title}: http://assay.test/reviewer/opportunities/${o.id}`,
      );
    }
    for (const o of panel.opportunities.slice(10)) {
      expect(email!.body).not.toContain(o.id);
    }
    expect(email!.body).toContain('and 2 more.');

    // Again at the same time, and after a restart (a fresh run on the same database): nothing.
    expect((await runAt(new Date(deadline.at.getTime() - 2 * DAY + 2 * MINUTE))).batches).toBe(0);
    expect((await reminderCounts()).owes).toBe(1);

    const sent = await schedule();
    expect(sent.offsets[0]).toMatchObject({ offset: '2d', state: 'sent', sentCount: 1 });
    expect(sent.offsets[1]).toMatchObject({ offset: '6h', state: 'scheduled', sentCount: null });
    expect(sent.history).toEqual([
      expect.objectContaining({ offset: '2d', count: 1, deadline: deadline.at.toISOString() }),
    ]);
    const audit = await ctx.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'review_clock.reminders_sent'));
    expect(audit.at(-1)).toMatchObject({
      userId: null,
      changes: { offset: '2d', count: 1, deadline: deadline.at.toISOString() },
    });

    // The second offset: a reviewer who finished meanwhile gets nothing.
    for (const o of panel.opportunities) {
      await createReview(ctx.db, { opportunityId: o.id, reviewerId: panel.owes.id });
    }
    expect(await runAt(new Date(deadline.at.getTime() - 60 * MINUTE))).toEqual({
      closed: false,
      batches: 1,
      reminders: 0,
    });
    expect((await reminderCounts()).owes).toBe(1);
    await ctx.db.execute(sql`delete from reviews where reviewer_id = ${panel.owes.id}`);
  });

  it("in 'assigned' mode count only what is assigned", async () => {
    await setSetting(ctx.db, REVIEW_ASSIGNMENT, 'assigned');
    // Nothing assigned: nobody owes. Then one unreviewed assignment for 'Nothing Assigned' (who
    // reviewed everything in open mode, so give them a new opportunity).
    const fresh = await createOpportunity(ctx.db, { status: 'published' });
    await createAssignment(ctx.db, { reviewerId: panel.unassigned.id, opportunityId: fresh.id });
    await createAssignment(ctx.db, {
      reviewerId: panel.done.id,
      opportunityId: panel.opportunities[0]!.id,
    });
    const deadline = await deadlineIn(3 * DAY);
    await setClock(REVIEW_REMINDERS, '1d');
    await setClock(REVIEW_DEADLINE, deadline.text);
    expect((await schedule()).offsets[0]!.wouldReach).toBe(1);
    await runAt(new Date(deadline.at.getTime() - DAY + MINUTE));
    expect(await reminderCounts()).toEqual({
      owes: 0,
      done: 0,
      inactive: 0,
      conflicted: 0,
      unassigned: 1,
    });
    const [email] = await remindersTo(panel.unassigned);
    expect(email!.body).toContain('You still have 1 opportunity to review');
    expect(email!.body).toContain(`/reviewer/opportunities/${fresh.id}`);
    await ctx.db.execute(sql`delete from reviews where opportunity_id = ${fresh.id}`);
    await ctx.db.execute(sql`delete from opportunities where id = ${fresh.id}`);
    await ctx.db.execute(sql`delete from assignments`);
  });

  it('are re-armed when the deadline moves, cancelled when it is cleared or reviewing closes', async () => {
    const first = await deadlineIn(5 * DAY);
    await setClock(REVIEW_REMINDERS, '2d');
    await setClock(REVIEW_DEADLINE, first.text);
    await runAt(new Date(first.at.getTime() - 2 * DAY + MINUTE));
    expect((await reminderCounts()).owes).toBe(1);

    // Moved a day later: the 2d offset of the new deadline is ahead, so it goes again.
    const moved = { at: new Date(first.at.getTime() + DAY) };
    await setClock(REVIEW_DEADLINE, moved.at.toISOString());
    const armed = await schedule();
    expect(armed.offsets[0]).toMatchObject({
      state: 'scheduled',
      sendAt: new Date(moved.at.getTime() - 2 * DAY).toISOString(),
    });
    await runAt(new Date(moved.at.getTime() - 2 * DAY + MINUTE));
    expect((await reminderCounts()).owes).toBe(2);

    // Cleared: the offsets are no longer armed; nothing goes at any time.
    const third = await deadlineIn(9 * DAY);
    await setClock(REVIEW_DEADLINE, third.text);
    await setClock(REVIEW_DEADLINE, '');
    const cleared = await schedule();
    expect(cleared.offsets[0]).toMatchObject({ state: 'unscheduled', sendAt: null });
    await runAt(new Date(third.at.getTime() - 2 * DAY + MINUTE));
    expect((await reminderCounts()).owes).toBe(2);

    // Closed: those not sent are cancelled; reopened while the offset is ahead: armed again.
    await setClock(REVIEW_DEADLINE, third.text);
    await setClock(REVIEW_PHASE, 'closed');
    expect((await schedule()).offsets[0]!.state).toBe('cancelled');
    await runAt(new Date(third.at.getTime() - 2 * DAY + MINUTE));
    expect((await reminderCounts()).owes).toBe(2);
    await setClock(REVIEW_PHASE, 'open');
    expect((await schedule()).offsets[0]!.state).toBe('scheduled');
    await runAt(new Date(third.at.getTime() - 2 * DAY + MINUTE));
    expect((await reminderCounts()).owes).toBe(3);
  });

  it('skip an offset whose time has already passed when the deadline is set', async () => {
    const deadline = await deadlineIn(60 * MINUTE);
    await setClock(REVIEW_REMINDERS, '2d,30m');
    await setClock(REVIEW_DEADLINE, deadline.text);
    const planned = await schedule();
    expect(planned.offsets.map((o) => [o.offset, o.state])).toEqual([
      ['2d', 'skipped'],
      ['30m', 'scheduled'],
    ]);
    expect((await runAt(new Date(deadline.at.getTime() - 45 * MINUTE))).batches).toBe(0);
    expect((await reminderCounts()).owes).toBe(0);
    // Adding an offset later that is already past is skipped too, not sent late.
    await setClock(REVIEW_REMINDERS, '2d,90m,30m');
    expect((await schedule()).offsets.map((o) => o.state)).toEqual([
      'skipped',
      'skipped',
      'scheduled',
    ]);
    expect((await runAt(new Date(deadline.at.getTime() - 29 * MINUTE))).batches).toBe(1);
    expect((await reminderCounts()).owes).toBe(1);
  });

  it('close reviewing at the deadline as a system action, and never send after it', async () => {
    const deadline = await deadlineIn(DAY);
    await setClock(REVIEW_REMINDERS, '1h');
    await setClock(REVIEW_DEADLINE, deadline.text);
    // The service was down across the reminder and the deadline: the reminder is too late.
    const result = await runAt(new Date(deadline.at.getTime() + MINUTE));
    expect(result).toEqual({ closed: true, batches: 0, reminders: 0 });
    expect((await reminderCounts()).owes).toBe(0);
    const closing = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, REVIEW_PHASE), eq(auditLogs.action, 'setting.update')));
    expect(closing.at(-1)).toMatchObject({
      userId: null,
      ipAddress: null,
      changes: {
        before: { value: 'open' },
        after: { value: 'closed' },
        reason: 'the deadline passed',
      },
    });
    expect((await schedule()).offsets[0]!.state).toBe('skipped');
  });
});

describe('two instances on one database', () => {
  let otherPool: pg.Pool;
  beforeAll(() => {
    otherPool = anotherPoolOn(ctx.pool, 4);
  });
  afterAll(async () => {
    await otherPool.end();
  });

  it('never both send a reminder, nor close twice', async () => {
    const otherDb = createDatabase(otherPool);
    const deadline = await deadlineIn(2 * DAY);
    await setClock(REVIEW_REMINDERS, '1d,12h');
    await setClock(REVIEW_DEADLINE, deadline.text);
    const extra: TestUser[] = [];
    for (let i = 0; i < 20; i++) extra.push(await createUser(ctx.db, { role: 'reviewer' }));
    const at = new Date(deadline.at.getTime() + MINUTE);
    const options = { publicUrl: 'http://assay.test', now: at };
    // Run both instances' clocks at the same moment, several times over.
    const results = await Promise.all([
      runDueClockJobs(ctx.db, options),
      runDueClockJobs(otherDb, options),
      runDueClockJobs(ctx.db, options),
      runDueClockJobs(otherDb, options),
    ]);
    expect(results.filter((r) => r.closed)).toHaveLength(1);
    // Both offsets were past due together with the deadline: skipped, not sent late.
    expect(results.reduce((n, r) => n + r.reminders, 0)).toBe(0);

    // Now with offsets ahead: each reviewer gets one reminder per offset, whoever runs.
    await setClock(REVIEW_DEADLINE, '');
    await setClock(REVIEW_PHASE, 'open');
    // Not a deadline an earlier test used: a (deadline, offset) done once never repeats.
    const next = await deadlineIn(4 * DAY);
    await setClock(REVIEW_DEADLINE, next.text);
    const due = {
      publicUrl: 'http://assay.test',
      now: new Date(next.at.getTime() - 12 * 60 * MINUTE + MINUTE),
    };
    const sends = await Promise.all([
      runDueClockJobs(ctx.db, due),
      runDueClockJobs(otherDb, due),
      runDueClockJobs(otherDb, due),
      runDueClockJobs(ctx.db, due),
    ]);
    expect(sends.reduce((n, r) => n + r.batches, 0)).toBe(2);
    const receipts = await ctx.db
      .select({ reviewerId: reviewReminderReceipts.reviewerId })
      .from(reviewReminderReceipts)
      .where(eq(reviewReminderReceipts.deadline, next.at));
    // owes + 20 extra reviewers, two offsets each.
    expect(receipts).toHaveLength(2 * 21);
    for (const user of [panel.owes, ...extra]) {
      expect((await remindersTo(user)).length).toBe(2);
    }
    await ctx.db.execute(sql`delete from users where id in ${extra.map((u) => u.id)}`);
  });
});
