import { MEETING_CHANNEL, MEETING_NOT_ACTIVE_MESSAGE } from '@shared/discussion';
import {
  type AdminMeeting,
  adminMeetingSchema,
  meetingFiguresSchema,
} from '@shared/discussion-schemas';
import { type Results, resultsSchema } from '@shared/results-schemas';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  discussionPosts,
  discussionThreads,
  meetingState,
  opportunities,
} from '../../db/schema/index';
import { expectAdminOnly } from '../../test/assertions';
import { setupTestApp } from '../../test/build-test-app';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview, scoresOf } from '../../test/factories/reviews';
import { unknownId } from '../../test/factories/sequence';
import { createUser } from '../../test/factories/users';
import { type AccessFixtures, createAccessFixtures, type Method, send } from '../../test/http';
import { type Listener, listenOn } from '../../test/notifications';
import { EMPTY_AGENDA_MESSAGE } from './service';

// Issue 36 section 3, the admin's half: the agenda, "now", start and end. The meeting is one row,
// so the tests run in order on it; each change is checked for its version, NOTIFY and audit row.

const ctx = setupTestApp();
let access: AccessFixtures;
let listener: Listener;

beforeAll(async () => {
  access = await createAccessFixtures(ctx.app, ctx.db);
  listener = await listenOn(ctx.pool, MEETING_CHANNEL);
});
afterAll(async () => {
  await listener?.end();
});

const call = (method: Method, url: string, payload?: unknown) =>
  send(ctx.app, {
    method,
    url,
    cookie: access.admin.cookie,
    payload: payload as Record<string, unknown>,
  });

async function ok(method: Method, url: string, payload?: unknown): Promise<AdminMeeting> {
  const response = await call(method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return adminMeetingSchema.parse(response.json());
}

const meeting = () => ok('GET', '/api/admin/meeting');
const results = async (): Promise<Results> => {
  const response = await call('GET', '/api/admin/results');
  return resultsSchema.parse(response.json());
};
const meetingAudit = () =>
  ctx.db
    .select()
    .from(auditLogs)
    .where(like(auditLogs.action, 'meeting.%'))
    .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id));

/**
 * A change: answered 200 with the version one past the one before, NOTIFYd with that version, and
 * audited once under `action` by the admin.
 */
async function change(
  action: string,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<AdminMeeting> {
  const before = await meeting();
  const auditBefore = (await meetingAudit()).length;
  const after = await ok(method, url, payload);
  expect(after.version).toBe(before.version + 1);
  await listener.next((payload) => payload === String(after.version));
  const audit = await meetingAudit();
  expect(audit.length).toBe(auditBefore + 1);
  expect(audit.at(-1)).toMatchObject({
    action,
    entityType: 'meeting',
    userId: access.admin.user.id,
  });
  expect(audit.at(-1)!.changes).toMatchObject({ after: { version: after.version } });
  return after;
}

/** A refusal: the status and message, and nothing changed (no version, no audit row). */
async function refused(method: Method, url: string, payload: unknown, status: number) {
  const before = await meeting();
  const auditBefore = (await meetingAudit()).length;
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  expect(await meeting()).toEqual(before);
  expect((await meetingAudit()).length).toBe(auditBefore);
  return response.json() as { message: string; issues?: Array<{ path: string }> };
}

/** The figures an item shows: these values of its Results row. */
const FIGURE_KEYS = Object.keys(meetingFiguresSchema.shape) as Array<
  keyof typeof meetingFiguresSchema.shape
>;

const ids = (body: AdminMeeting) => body.agenda.map((item) => item.opportunityId);

describe('access', () => {
  it('admits active admins only to the admin calls', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/admin/meeting', undefined],
      ['PUT', '/api/admin/meeting', { agenda: [] }],
      ['POST', '/api/admin/meeting/start', undefined],
      ['POST', '/api/admin/meeting/current', { index: 0 }],
      ['POST', '/api/admin/meeting/end', undefined],
    ] as const) {
      await expectAdminOnly(ctx.app, access, { method, url, payload });
    }
    expect(await meetingAudit()).toEqual([]);
  });
});

describe('before anything is on the table', () => {
  it('answers an inactive meeting with nothing on the agenda and nothing suggested', async () => {
    expect(await meeting()).toEqual({
      active: false,
      version: 0,
      currentIndex: 0,
      agenda: [],
      suggested: [],
    });
  });

  it('refuses to start with an empty agenda and an empty queue (409)', async () => {
    const body = await refused('POST', '/api/admin/meeting/start', undefined, 409);
    expect(body.message).toBe(EMPTY_AGENDA_MESSAGE);
    expect(await ctx.db.select().from(meetingState)).toEqual([]);
  });

  it('refuses to move "now" while no meeting is in progress (409)', async () => {
    const body = await refused('POST', '/api/admin/meeting/current', { index: 0 }, 409);
    expect(body.message).toBe(MEETING_NOT_ACTIVE_MESSAGE);
  });
});

describe('with a panel that has scored', () => {
  type Opportunity = Awaited<ReturnType<typeof createOpportunity>>;
  let split: Opportunity;
  let agreed: Opportunity;
  let single: Opportunity;
  let untouched: Opportunity;
  let draft: Opportunity;

  beforeAll(async () => {
    const reviewers = await Promise.all([1, 2, 3].map(() => createUser(ctx.db)));
    split = await createOpportunity(ctx.db, { title: 'Split panel' });
    agreed = await createOpportunity(ctx.db, { title: 'Agreed panel' });
    single = await createOpportunity(ctx.db, { title: 'One review' });
    untouched = await createOpportunity(ctx.db, { title: 'No reviews' });
    draft = await createOpportunity(ctx.db, {
      title: 'Still a draft',
      status: 'draft',
      publishedAt: null,
    });
    for (const [i, reviewer] of reviewers.entries()) {
      const low = i === 0 ? 1 : 5;
      await createReview(ctx.db, {
        opportunityId: split.id,
        reviewerId: reviewer.id,
        scores: scoresOf([low, low, low, low, low]),
      });
      await createReview(ctx.db, {
        opportunityId: agreed.id,
        reviewerId: reviewer.id,
        scores: scoresOf([4, 4, 3, 4, 4]),
      });
    }
    await createReview(ctx.db, { opportunityId: single.id, reviewerId: reviewers[0]!.id });
  });

  it('suggests the Results discussion queue, in its order', async () => {
    const queue = (await results()).discussion.map((item) => item.opportunityId);
    expect(queue).toEqual(expect.arrayContaining([split.id, single.id]));
    expect(queue).not.toContain(agreed.id);
    expect((await meeting()).suggested).toEqual(queue);
  });

  it('sets the agenda: each item with its number, title, reasons, figures and thread', async () => {
    const body = await change('meeting.agenda', 'PUT', '/api/admin/meeting', {
      agenda: [split.id, agreed.id, draft.id],
    });
    expect(body.active).toBe(false);
    expect(body.currentIndex).toBe(0);
    expect(ids(body)).toEqual([split.id, agreed.id, draft.id]);
    const computed = await results();
    for (const item of body.agenda) {
      const row = computed.opportunities.find((candidate) => candidate.id === item.opportunityId);
      const queued = computed.discussion.find(
        (entry) => entry.opportunityId === item.opportunityId,
      );
      expect(item.reasons).toEqual(queued?.reasons ?? []);
      expect(item.threadState).toBe('open');
      expect(item.postCount).toBe(0);
      if (item.opportunityId === draft.id) {
        // Not published: no row in Results.
        expect(row).toBeUndefined();
        expect(item.figures).toEqual({
          ...Object.fromEntries(FIGURE_KEYS.map((key) => [key, null])),
          reviewCount: 0,
          flags: [],
        });
        continue;
      }
      expect(item.figures).toEqual(Object.fromEntries(FIGURE_KEYS.map((key) => [key, row![key]])));
    }
    const [splitItem] = body.agenda;
    expect(splitItem).toMatchObject({ number: split.number, title: 'Split panel' });
    expect(splitItem!.reasons).toContain('disagreement');
    expect(splitItem!.figures.reviewCount).toBe(3);
    expect(body.agenda[1]!.reasons).toEqual([]);
    const [audit] = (await meetingAudit()).slice(-1);
    expect(audit!.changes).toEqual({
      before: { active: false, agenda: [], currentIndex: 0, version: 0 },
      after: {
        active: false,
        agenda: [split.id, agreed.id, draft.id],
        currentIndex: 0,
        version: 1,
      },
    });
  });

  it('refuses unknown opportunities, naming them (400)', async () => {
    const missing = [unknownId(), unknownId()];
    const body = await refused(
      'PUT',
      '/api/admin/meeting',
      { agenda: [split.id, missing[0], agreed.id, missing[1]] },
      400,
    );
    expect(body.message).toBe(`Opportunities not found: ${missing.join(', ')}`);
    expect(body.issues?.map((issue) => issue.path)).toEqual(['agenda.1', 'agenda.3']);
  });

  it.each([
    ['a repeated id', () => ({ agenda: [split.id, split.id] })],
    ['an id that is not a UUID', () => ({ agenda: ['not-an-id'] })],
    ['more than 50 items', () => ({ agenda: Array.from({ length: 51 }, unknownId) })],
    ['no list', () => ({ agenda: split.id })],
    ['no body', () => undefined],
  ])('refuses %s (400)', async (_label, payload) => {
    await refused('PUT', '/api/admin/meeting', payload(), 400);
  });

  it('starts on the first item, keeping an agenda that is set', async () => {
    const body = await change('meeting.start', 'POST', '/api/admin/meeting/start');
    expect(body).toMatchObject({ active: true, currentIndex: 0 });
    expect(ids(body)).toEqual([split.id, agreed.id, draft.id]);
  });

  it('moves "now" within the agenda, and refuses a position past its end', async () => {
    expect(
      (await change('meeting.move', 'POST', '/api/admin/meeting/current', { index: 2 }))
        .currentIndex,
    ).toBe(2);
    const past = await refused('POST', '/api/admin/meeting/current', { index: 3 }, 400);
    expect(past.message).toBe('There is no agenda item at position 4: the agenda has 3 items');
    expect(past.issues?.map((issue) => issue.path)).toEqual(['index']);
    for (const index of [-1, 1.5, '1', null]) {
      await refused('POST', '/api/admin/meeting/current', { index }, 400);
    }
    expect(
      (await change('meeting.move', 'POST', '/api/admin/meeting/current', { index: 1 }))
        .currentIndex,
    ).toBe(1);
  });

  it('keeps "now" on its opportunity through a reorder, else goes to the first item', async () => {
    // Now: agreed. Moved to the end, it stays now.
    const reordered = await change('meeting.agenda', 'PUT', '/api/admin/meeting', {
      agenda: [single.id, split.id, agreed.id],
    });
    expect(reordered).toMatchObject({ active: true, currentIndex: 2 });
    // Taken off the agenda: now is the first item.
    const removed = await change('meeting.agenda', 'PUT', '/api/admin/meeting', {
      agenda: [untouched.id, split.id],
    });
    expect(removed.currentIndex).toBe(0);
    expect(ids(removed)).toEqual([untouched.id, split.id]);
  });

  it('counts the posts readers see and shows the thread as resolved', async () => {
    const author = access.admin.user.id;
    await ctx.db.insert(discussionPosts).values([
      { opportunityId: split.id, authorId: author, body: 'One' },
      { opportunityId: split.id, authorId: author, body: 'Two' },
      { opportunityId: split.id, authorId: author, body: 'Gone', deletedAt: new Date() },
      {
        opportunityId: split.id,
        authorId: author,
        body: 'Hidden',
        hiddenAt: new Date(),
        hiddenReason: 'Off topic',
      },
      { opportunityId: untouched.id, authorId: author, body: 'Elsewhere' },
    ]);
    await ctx.db.insert(discussionThreads).values({
      opportunityId: split.id,
      state: 'resolved',
      summary: 'Agreed to shortlist',
      resolvedAt: new Date(),
    });
    const body = await meeting();
    expect(body.agenda.map((item) => [item.threadState, item.postCount])).toEqual([
      ['open', 1],
      ['resolved', 2],
    ]);
  });

  it('ends the meeting, keeping the agenda; "now" cannot move then (409)', async () => {
    const body = await change('meeting.end', 'POST', '/api/admin/meeting/end');
    expect(body.active).toBe(false);
    expect(ids(body)).toEqual([untouched.id, split.id]);
    const moved = await refused('POST', '/api/admin/meeting/current', { index: 1 }, 409);
    expect(moved.message).toBe(MEETING_NOT_ACTIVE_MESSAGE);
  });

  it('takes the suggested agenda when started with an empty one', async () => {
    await change('meeting.agenda', 'PUT', '/api/admin/meeting', { agenda: [] });
    const body = await change('meeting.start', 'POST', '/api/admin/meeting/start');
    expect(body.active).toBe(true);
    expect(body.currentIndex).toBe(0);
    expect(ids(body)).toEqual(body.suggested);
    expect(ids(body).length).toBeGreaterThan(0);
  });

  it('skips deleted opportunities, and "now" moves on from a deleted one', async () => {
    const [a, b, c] = await Promise.all(
      ['First', 'Second', 'Third'].map((title) => createOpportunity(ctx.db, { title })),
    );
    await change('meeting.agenda', 'PUT', '/api/admin/meeting', { agenda: [a!.id, b!.id, c!.id] });
    await change('meeting.move', 'POST', '/api/admin/meeting/current', { index: 2 });
    await ctx.db.delete(opportunities).where(eq(opportunities.id, b!.id));
    let body = await meeting();
    expect(ids(body)).toEqual([a!.id, c!.id]);
    expect(body.currentIndex).toBe(1);
    // "now" itself deleted: the item after it, or (none) the last one.
    await ctx.db.delete(opportunities).where(eq(opportunities.id, c!.id));
    body = await meeting();
    expect(ids(body)).toEqual([a!.id]);
    expect(body.currentIndex).toBe(0);
    // Positions are those of the agenda as shown.
    await refused('POST', '/api/admin/meeting/current', { index: 1 }, 400);
    const moved = await change('meeting.move', 'POST', '/api/admin/meeting/current', { index: 0 });
    expect(ids(moved)).toEqual([a!.id]);
    const [stored] = await ctx.db
      .select({ agenda: meetingState.agenda })
      .from(meetingState)
      .where(and(eq(meetingState.id, 1)));
    expect(stored!.agenda).toEqual([a!.id]);
  });

  it('numbered every change once, each version NOTIFYd in order', async () => {
    const { version } = await meeting();
    const audited = await meetingAudit();
    expect(audited.length).toBe(version);
    expect(listener.payloads).toEqual(Array.from({ length: version }, (_, i) => String(i + 1)));
  });
});
