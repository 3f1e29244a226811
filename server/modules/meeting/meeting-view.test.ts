import { MEETING_CONFLICT_MESSAGE, MEETING_NOT_IN_SCOPE_MESSAGE } from '@shared/discussion';
import {
  type MeetingView,
  meetingFiguresSchema,
  meetingViewSchema,
} from '@shared/discussion-schemas';
import { type Results, resultsSchema } from '@shared/results-schemas';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/build-test-app';
import { createAssignment } from '../../test/factories/assignments';
import { createConflict } from '../../test/factories/conflicts';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview, scoresOf } from '../../test/factories/reviews';
import { setSetting } from '../../test/factories/settings';
import { createSignedInUser, send } from '../../test/http';
import { DISCUSS_AFTER_OWN_REVIEW_MESSAGE } from './presenter';

// Issue 36 section 3, what each signed-in person sees of "now" and "next": an admin every item;
// a reviewer the item, or only a message when they have a conflict with it or it is outside
// their scope, and whether they may join its thread.

const ctx = setupTestApp();

type Person = Awaited<ReturnType<typeof createSignedInUser>>;
let admin: Person;
/** Reviewed both items; no conflict. */
let reviewer: Person;
/** A conflict with `conflicted` (and no review of it). */
let conflictedReviewer: Person;
/** Assigned `other` only (matters in 'assigned' mode). */
let assignedElsewhere: Person;
/** Has reviewed nothing. */
let newcomer: Person;

type Opportunity = Awaited<ReturnType<typeof createOpportunity>>;
/** "Now": the item `conflictedReviewer` must learn nothing of. */
let conflicted: Opportunity;
/** "Next". */
let other: Opportunity;
let draft: Opportunity;

const adminCall = (method: 'PUT' | 'POST', url: string, payload?: Record<string, unknown>) =>
  send(ctx.app, { method, url, payload, cookie: admin.cookie });

async function viewOf(person: Person): Promise<MeetingView> {
  const response = await send(ctx.app, {
    method: 'GET',
    url: '/api/meeting',
    cookie: person.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return meetingViewSchema.parse(response.json());
}

async function results(): Promise<Results> {
  const response = await send(ctx.app, {
    method: 'GET',
    url: '/api/admin/results',
    cookie: admin.cookie,
  });
  return resultsSchema.parse(response.json());
}

/** Every key and leaf value of a JSON value, however deep. */
function leavesOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(leavesOf);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...leavesOf(inner)]);
  }
  return [value];
}

beforeAll(async () => {
  admin = await createSignedInUser(ctx.app, ctx.db, 'admin');
  reviewer = await createSignedInUser(ctx.app, ctx.db);
  conflictedReviewer = await createSignedInUser(ctx.app, ctx.db);
  assignedElsewhere = await createSignedInUser(ctx.app, ctx.db);
  newcomer = await createSignedInUser(ctx.app, ctx.db);
  conflicted = await createOpportunity(ctx.db, {
    number: 777,
    title: 'Tidal lagoon the conflicted reviewer must not see',
    imageUrl: '/api/images/00000000-0000-4000-8000-000000000777',
  });
  other = await createOpportunity(ctx.db, { number: 778, title: 'Rooftop solar' });
  draft = await createOpportunity(ctx.db, { title: 'A draft', status: 'draft', publishedAt: null });
  await createConflict(ctx.db, {
    reviewerId: conflictedReviewer.user.id,
    opportunityId: conflicted.id,
  });
  await createAssignment(ctx.db, {
    reviewerId: assignedElsewhere.user.id,
    opportunityId: other.id,
  });
  // Figures of their own: the conflicted item's composites differ from the other's.
  for (const [person, [now, next]] of [
    [reviewer, [2, 4]],
    [assignedElsewhere, [3, 5]],
  ] as const) {
    await createReview(ctx.db, {
      opportunityId: conflicted.id,
      reviewerId: person.user.id,
      scores: scoresOf([now, now, now, now, 1]),
    });
    await createReview(ctx.db, {
      opportunityId: other.id,
      reviewerId: person.user.id,
      scores: scoresOf([next, next, next, next, next]),
    });
  }
});

afterEach(async () => {
  await setSetting(ctx.db, 'review_assignment', 'open');
  await setSetting(ctx.db, 'reviewer_comments_after_own_review', 'false');
});

describe('GET /api/meeting', () => {
  it('needs a session (401)', async () => {
    const response = await send(ctx.app, { method: 'GET', url: '/api/meeting' });
    expect(response.statusCode).toBe(401);
  });

  it('answers an inactive meeting with nothing in it, to everyone', async () => {
    for (const person of [admin, reviewer, conflictedReviewer]) {
      expect(await viewOf(person)).toEqual({
        active: false,
        version: 0,
        position: 0,
        total: 0,
        now: null,
        next: null,
      });
    }
  });

  it('shows an admin "now" and "next" with their figures', async () => {
    expect(
      (
        await adminCall('PUT', '/api/admin/meeting', {
          agenda: [conflicted.id, other.id, draft.id],
        })
      ).statusCode,
    ).toBe(200);
    expect((await adminCall('POST', '/api/admin/meeting/start')).statusCode).toBe(200);
    const computed = await results();
    const figures = (id: string) => {
      const row = computed.opportunities.find((candidate) => candidate.id === id)!;
      return Object.fromEntries(
        Object.keys(meetingFiguresSchema.shape).map((key) => [key, row[key as keyof typeof row]]),
      );
    };
    expect(await viewOf(admin)).toEqual({
      active: true,
      version: 2,
      position: 1,
      total: 3,
      now: {
        kind: 'item',
        opportunityId: conflicted.id,
        number: 777,
        title: conflicted.title,
        imageUrl: conflicted.imageUrl,
        figures: figures(conflicted.id),
        canDiscuss: true,
        discussBlockedReason: null,
      },
      next: {
        kind: 'item',
        opportunityId: other.id,
        number: 778,
        title: 'Rooftop solar',
        imageUrl: null,
        figures: figures(other.id),
        canDiscuss: true,
        discussBlockedReason: null,
      },
    });
    expect(figures(conflicted.id).reviewCount).toBe(2);
  });

  it('shows a reviewer the items they may see, and that they may join the thread', async () => {
    const view = await viewOf(reviewer);
    expect(view).toMatchObject({ active: true, position: 1, total: 3 });
    expect(view.now).toEqual((await viewOf(admin)).now);
    expect(view.next).toMatchObject({ kind: 'item', opportunityId: other.id, canDiscuss: true });
  });

  it('shows a conflicted reviewer only the message, nothing of the item', async () => {
    const response = await send(ctx.app, {
      method: 'GET',
      url: '/api/meeting',
      cookie: conflictedReviewer.cookie,
    });
    const view = meetingViewSchema.parse(response.json());
    expect(view.now).toEqual({ kind: 'conflict', message: MEETING_CONFLICT_MESSAGE });
    expect(view.next).toMatchObject({ kind: 'item', opportunityId: other.id });

    const adminNow = (await viewOf(admin)).now;
    if (adminNow?.kind !== 'item') throw new Error('the admin sees the item');
    const secrets = [
      conflicted.id,
      conflicted.number,
      conflicted.title,
      conflicted.imageUrl,
      adminNow.figures.rawComposite,
      adminNow.figures.calibratedComposite,
      adminNow.figures.sd,
    ];
    expect(secrets.every((secret) => secret !== null)).toBe(true);
    const leaves = leavesOf(response.json());
    for (const secret of secrets) expect(leaves, String(secret)).not.toContain(secret);
    expect(response.body).not.toContain(conflicted.id);
    expect(response.body).not.toContain('Tidal lagoon');
    // The next item's figures are not the conflicted one's in disguise.
    expect(leaves).toContain(other.id);
  });

  it("shows what is outside an assigned reviewer's scope as out of scope", async () => {
    await setSetting(ctx.db, 'review_assignment', 'assigned');
    const view = await viewOf(assignedElsewhere);
    expect(view.now).toEqual({ kind: 'not_in_scope', message: MEETING_NOT_IN_SCOPE_MESSAGE });
    expect(view.next).toMatchObject({ kind: 'item', opportunityId: other.id, canDiscuss: true });
    expect(JSON.stringify(view)).not.toContain(conflicted.id);
    // The admin's view does not depend on the mode.
    expect((await viewOf(admin)).now).toMatchObject({ kind: 'item', opportunityId: conflicted.id });
  });

  it('shows an unpublished item to reviewers as out of scope, to the admin as it is', async () => {
    expect((await adminCall('POST', '/api/admin/meeting/current', { index: 2 })).statusCode).toBe(
      200,
    );
    const view = await viewOf(reviewer);
    expect(view).toMatchObject({ position: 3, total: 3, next: null });
    expect(view.now).toEqual({ kind: 'not_in_scope', message: MEETING_NOT_IN_SCOPE_MESSAGE });
    expect((await viewOf(admin)).now).toMatchObject({
      kind: 'item',
      opportunityId: draft.id,
      figures: { reviewCount: 0, rawComposite: null, flags: [] },
    });
    expect((await adminCall('POST', '/api/admin/meeting/current', { index: 0 })).statusCode).toBe(
      200,
    );
  });

  it('lets a reviewer join the thread only after their own review, when so set', async () => {
    await setSetting(ctx.db, 'reviewer_comments_after_own_review', 'true');
    const blocked = await viewOf(newcomer);
    expect(blocked.now).toMatchObject({
      kind: 'item',
      opportunityId: conflicted.id,
      canDiscuss: false,
      discussBlockedReason: DISCUSS_AFTER_OWN_REVIEW_MESSAGE,
    });
    expect((await viewOf(reviewer)).now).toMatchObject({
      canDiscuss: true,
      discussBlockedReason: null,
    });
    await createReview(ctx.db, { opportunityId: conflicted.id, reviewerId: newcomer.user.id });
    expect((await viewOf(newcomer)).now).toMatchObject({
      canDiscuss: true,
      discussBlockedReason: null,
    });
  });

  it('follows the meeting to its end', async () => {
    expect((await adminCall('POST', '/api/admin/meeting/end')).statusCode).toBe(200);
    const view = await viewOf(reviewer);
    expect(view).toMatchObject({ active: false, position: 0, total: 0, now: null, next: null });
    expect(view.version).toBe((await viewOf(admin)).version);
  });
});
