import { REVIEW_DEADLINE, REVIEW_PHASE, REVIEW_REMINDERS } from '@shared/review-clock';
import { reviewClockSchema } from '@shared/review-clock-schemas';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, comments, conflicts, reviews, settings } from '../../db/schema/index';
import { expectAdminOnly } from '../../test/assertions';
import { setupSecondApp, setupTestApp } from '../../test/build-test-app';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview, SAMPLE_SCORES } from '../../test/factories/reviews';
import { setSetting } from '../../test/factories/settings';
import { requestsAs, send, setupAccess, setupSignedInUser } from '../../test/http';
import { databaseNow as databaseNowOf } from '../../test/queries';

// The phase and the deadline (issue 34, section 1): one database for the file, whose settings are
// global, so each test leaves the clock open with no deadline.

const ctx = setupTestApp();
const second = setupSecondApp(ctx);
const access = setupAccess(ctx);
const reviewer = setupSignedInUser(ctx, 'reviewer');
const asAdmin = requestsAs(ctx, () => access.admin.cookie);
const asReviewer = requestsAs(ctx, () => reviewer.cookie);

let opportunityId: string;
let otherOpportunityId: string;
beforeAll(async () => {
  opportunityId = (await createOpportunity(ctx.db, { status: 'published' })).id;
  otherOpportunityId = (await createOpportunity(ctx.db, { status: 'published' })).id;
});

const setSettingAsAdmin = (key: string, value: unknown) =>
  asAdmin('POST', '/api/admin/settings', { key, value });

async function storedSetting(key: string) {
  const [row] = await ctx.db.select().from(settings).where(eq(settings.key, key));
  return row?.value;
}

const databaseNow = () => databaseNowOf(ctx.db);

/**
 * A deadline set an hour ahead through the API; then time passes (the test moves the deadline,
 * as stored and as armed, to a second ago): it has passed and no instance's close job has run.
 */
async function deadlineThatJustPassed(): Promise<string> {
  const ahead = new Date((await databaseNow()).getTime() + 3_600_000).toISOString();
  expect((await setSettingAsAdmin(REVIEW_DEADLINE, ahead)).statusCode).toBe(200);
  const justPassed = new Date((await databaseNow()).getTime() - 1000).toISOString();
  await setSetting(ctx.db, REVIEW_DEADLINE, justPassed);
  await ctx.db.execute(sql`
    update review_clock_jobs set deadline = ${justPassed}::timestamptz, run_at = ${justPassed}::timestamptz
     where deadline = ${ahead}::timestamptz`);
  return justPassed;
}

/** Back to the spec's state: open, no deadline, no reminders. */
async function resetClock() {
  expect((await setSettingAsAdmin(REVIEW_DEADLINE, '')).statusCode).toBe(200);
  expect((await setSettingAsAdmin(REVIEW_PHASE, 'open')).statusCode).toBe(200);
  expect((await setSettingAsAdmin(REVIEW_REMINDERS, '')).statusCode).toBe(200);
}

const reviewSave = () =>
  asReviewer('POST', '/api/reviewer/reviews', { opportunityId, ...SAMPLE_SCORES });
const commentSave = () =>
  asReviewer('POST', '/api/reviewer/comments', { opportunityId, challenges: 'Late words' });
const conflictDeclaration = () =>
  asReviewer('POST', `/api/reviewer/opportunities/${otherOpportunityId}/conflict`, {
    reason: 'Advisor',
  });

async function callerWorkCount() {
  const [r] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(eq(reviews.reviewerId, reviewer.user.id));
  const [c] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(comments)
    .where(eq(comments.reviewerId, reviewer.user.id));
  const [k] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(conflicts)
    .where(eq(conflicts.reviewerId, reviewer.user.id));
  return { reviews: r!.n, comments: c!.n, conflicts: k!.n };
}

describe('the clock settings', () => {
  it('default to the spec: open, no deadline, no reminders', async () => {
    for (const [key, value] of [
      [REVIEW_PHASE, 'open'],
      [REVIEW_DEADLINE, ''],
      [REVIEW_REMINDERS, ''],
    ]) {
      const response = await asAdmin('GET', `/api/admin/settings/${key}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ key, value });
    }
    const clock = await asReviewer('GET', '/api/reviewer/review-clock');
    expect(clock.statusCode).toBe(200);
    expect(reviewClockSchema.parse(clock.json())).toMatchObject({
      phase: 'open',
      deadline: null,
      closedAt: null,
    });
  });

  it('refuse values that are not theirs with 400 and change nothing', async () => {
    const bad: Array<[string, unknown]> = [
      [REVIEW_PHASE, 'paused'],
      [REVIEW_PHASE, true],
      [REVIEW_DEADLINE, 'tomorrow'],
      [REVIEW_DEADLINE, '2026-12-15'],
      [REVIEW_DEADLINE, '2026-12-15T17:00:00'],
      [REVIEW_DEADLINE, '2026-02-30T17:00:00+01:00'],
      [REVIEW_DEADLINE, '2026-12-15T24:00:00Z'],
      [REVIEW_DEADLINE, '2026-12-15T17:00:00+16:00'],
      [REVIEW_DEADLINE, 1765814400000],
      [REVIEW_REMINDERS, '7'],
      [REVIEW_REMINDERS, '0d'],
      [REVIEW_REMINDERS, '-1d'],
      [REVIEW_REMINDERS, '7d,,2d'],
      [REVIEW_REMINDERS, '2w'],
      [REVIEW_REMINDERS, '1d,2d,3d,4d,5d,6d,7d,8d,9d,10d,11d'],
      [REVIEW_REMINDERS, '400d'],
    ];
    for (const [key, value] of bad) {
      const response = await setSettingAsAdmin(key, value);
      expect(response.statusCode, `${key}=${String(value)}`).toBe(400);
      expect(response.json().message).toBeTruthy();
      expect(await storedSetting(key)).toBeUndefined();
    }
  });

  it('take instants with an offset and offsets before the deadline', async () => {
    const response = await setSettingAsAdmin(REVIEW_DEADLINE, '2999-12-15T17:00:00+01:00');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ key: REVIEW_DEADLINE, value: '2999-12-15T17:00:00+01:00' });
    expect((await setSettingAsAdmin(REVIEW_REMINDERS, '7d, 2d,6h')).statusCode).toBe(200);
    expect(await storedSetting(REVIEW_REMINDERS)).toBe('7d, 2d,6h');
    const clock = (await asReviewer('GET', '/api/reviewer/review-clock')).json();
    expect(clock).toMatchObject({ phase: 'open', deadline: '2999-12-15T17:00:00+01:00' });
    await resetClock();
  });

  it('answer the clock to reviewers only and the schedule to admins only', async () => {
    await expectAdminOnly(ctx.app, access, { method: 'GET', url: '/api/admin/reminders/schedule' });
    const anonymous = await send(ctx.app, { method: 'GET', url: '/api/reviewer/review-clock' });
    expect(anonymous.statusCode).toBe(401);
    const admin = await asAdmin('GET', '/api/reviewer/review-clock');
    expect(admin.statusCode).toBe(403);
  });
});

describe('while reviewing is closed', () => {
  it('refuses every reviewer write with 409, writes nothing, and answers every read', async () => {
    // Work saved before the close is kept.
    expect((await reviewSave()).statusCode).toBe(200);
    const before = await callerWorkCount();
    expect(before).toEqual({ reviews: 1, comments: 0, conflicts: 0 });

    const closing = await setSettingAsAdmin(REVIEW_PHASE, 'closed');
    expect(closing.statusCode).toBe(200);
    const clock = reviewClockSchema.parse(
      (await asReviewer('GET', '/api/reviewer/review-clock')).json(),
    );
    expect(clock.phase).toBe('closed');
    const closedAt = new Date(clock.closedAt!);
    expect(Math.abs(closedAt.getTime() - (await databaseNow()).getTime())).toBeLessThan(60_000);

    for (const write of [reviewSave, commentSave, conflictDeclaration]) {
      const response = await write();
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(
        /^Reviewing closed on \d{1,2} \w+ \d{4}, \d\d:\d\d UTC$/,
      );
      expect(response.json().closedAt).toBe(clock.closedAt);
    }
    // A save for an opportunity that does not exist is refused the same way: closed is closed.
    const unknown = await asReviewer('POST', '/api/reviewer/reviews', {
      opportunityId: '00000000-0000-4000-8000-000000000000',
      ...SAMPLE_SCORES,
    });
    expect(unknown.statusCode).toBe(409);
    // Bad input is still a 400 first.
    const invalid = await asReviewer('POST', '/api/reviewer/reviews', { opportunityId });
    expect(invalid.statusCode).toBe(400);
    expect(await callerWorkCount()).toEqual(before);

    for (const url of [
      '/api/reviewer/opportunities',
      `/api/reviewer/opportunities/${opportunityId}`,
      `/api/reviewer/opportunities/${opportunityId}/comments`,
      `/api/reviewer/opportunities/${opportunityId}/reviews`,
      '/api/reviewer/viewer-state',
    ]) {
      expect((await asReviewer('GET', url)).statusCode, url).toBe(200);
    }
    const detail = (await asReviewer('GET', `/api/reviewer/opportunities/${opportunityId}`)).json();
    expect(detail.userReview).not.toBeNull();
    // Remembering the page opened is not review work.
    const viewer = await asReviewer('POST', '/api/reviewer/viewer-state', {
      lastOpportunityId: opportunityId,
    });
    expect(viewer.statusCode).toBe(200);
    // Admins work as before.
    expect((await asAdmin('GET', '/api/admin/stats')).statusCode).toBe(200);

    // Closing again keeps the moment it closed.
    expect((await setSettingAsAdmin(REVIEW_PHASE, 'closed')).statusCode).toBe(200);
    const again = (await asReviewer('GET', '/api/reviewer/review-clock')).json();
    expect(again.closedAt).toBe(clock.closedAt);

    await resetClock();
    expect((await commentSave()).statusCode).toBe(200);
    expect((await callerWorkCount()).comments).toBe(1);
  });

  it('closes at once for a deadline already past, as the admin, and reopens only once it is moved', async () => {
    const past = '2020-03-01T09:30:00+01:00';
    const setting = await setSettingAsAdmin(REVIEW_DEADLINE, past);
    expect(setting.statusCode).toBe(200);
    expect(await storedSetting(REVIEW_PHASE)).toBe('closed');
    const clock = (await asReviewer('GET', '/api/reviewer/review-clock')).json();
    expect(clock).toMatchObject({
      phase: 'closed',
      deadline: past,
      closedAt: '2020-03-01T08:30:00.000Z',
    });
    const refused = await reviewSave();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Reviewing closed on 1 March 2020, 08:30 UTC',
      closedAt: '2020-03-01T08:30:00.000Z',
    });
    const audit = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, REVIEW_PHASE), eq(auditLogs.action, 'setting.update')));
    expect(audit.at(-1)).toMatchObject({
      userId: access.admin.user.id,
      changes: { before: { value: 'open' }, after: { value: 'closed' } },
    });

    const reopen = await setSettingAsAdmin(REVIEW_PHASE, 'open');
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toMatch(/move the deadline to a later time or clear it/);
    expect(await storedSetting(REVIEW_PHASE)).toBe('closed');

    expect((await setSettingAsAdmin(REVIEW_DEADLINE, '2999-01-01T00:00:00Z')).statusCode).toBe(200);
    // Moving the deadline does not reopen by itself.
    expect((await reviewSave()).statusCode).toBe(409);
    expect((await setSettingAsAdmin(REVIEW_PHASE, 'open')).statusCode).toBe(200);
    expect((await reviewSave()).statusCode).toBe(200);
    await resetClock();
  });

  it('is decided by the database clock: a passed deadline refuses saves on every instance before the close job runs', async () => {
    const justPassed = await deadlineThatJustPassed();
    expect(await storedSetting(REVIEW_PHASE)).toBe('open');
    const payload = { opportunityId, ...SAMPLE_SCORES, strategicAlignment: 1 };
    const onFirst = await send(ctx.app, {
      method: 'POST',
      url: '/api/reviewer/reviews',
      payload,
      cookie: reviewer.cookie,
    });
    const onSecond = await send(second.app, {
      method: 'POST',
      url: '/api/reviewer/reviews',
      payload,
      cookie: reviewer.cookie,
    });
    expect([onFirst.statusCode, onSecond.statusCode]).toEqual([409, 409]);
    expect(onFirst.json().closedAt).toBe(justPassed);
    expect(onSecond.json()).toEqual(onFirst.json());
    const [row] = await ctx.db
      .select()
      .from(reviews)
      .where(
        and(eq(reviews.reviewerId, reviewer.user.id), eq(reviews.opportunityId, opportunityId)),
      );
    expect(row!.strategicAlignment).toBe(SAMPLE_SCORES.strategicAlignment);
    // Reopening while that deadline is past is refused too.
    expect((await setSettingAsAdmin(REVIEW_PHASE, 'open')).statusCode).toBe(409);
    await resetClock();
  });

  it('stays closed when a clock setting changes after the deadline passed and before the close job ran', async () => {
    const justPassed = await deadlineThatJustPassed();
    expect((await reviewSave()).statusCode).toBe(409);
    // Re-arming the jobs for new offsets must not cancel the due close and reopen by the way.
    expect((await setSettingAsAdmin(REVIEW_REMINDERS, '1d')).statusCode).toBe(200);
    expect(await storedSetting(REVIEW_PHASE)).toBe('closed');
    const refused = await reviewSave();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().closedAt).toBe(justPassed);
    const closes = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, REVIEW_PHASE), eq(auditLogs.action, 'setting.update')));
    expect(closes.at(-1)).toMatchObject({
      userId: null,
      changes: { after: { value: 'closed' }, reason: 'the deadline passed' },
    });
    // Clearing the passed deadline does not reopen either: only the phase does.
    expect((await setSettingAsAdmin(REVIEW_DEADLINE, '')).statusCode).toBe(200);
    expect((await reviewSave()).statusCode).toBe(409);
    await resetClock();
    expect((await reviewSave()).statusCode).toBe(200);
  });

  it('reads a stored deadline that is not an instant as none, instead of failing saves', async () => {
    await setSetting(ctx.db, REVIEW_DEADLINE, '2026-02-30T10:00:00Z');
    expect((await reviewSave()).statusCode).toBe(200);
    const clock = (await asReviewer('GET', '/api/reviewer/review-clock')).json();
    expect(clock).toMatchObject({ phase: 'open', deadline: null });
    await resetClock();
  });

  it('keeps a review saved by another reviewer before the close', async () => {
    const other = await createOpportunity(ctx.db, { status: 'published' });
    await createReview(ctx.db, { opportunityId: other.id, reviewerId: reviewer.user.id });
    expect((await setSettingAsAdmin(REVIEW_PHASE, 'closed')).statusCode).toBe(200);
    const list = (await asReviewer('GET', '/api/reviewer/opportunities')).json();
    expect(list.find((item: { id: string }) => item.id === other.id).reviewStatus).toBe('done');
    await resetClock();
  });
});
