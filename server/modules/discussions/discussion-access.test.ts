import { discussionPostSchema, discussionThreadSchema } from '@shared/discussion-schemas';
import { REVIEW_ASSIGNMENT, REVIEWER_COMMENTS_AFTER_OWN_REVIEW } from '@shared/settings';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { discussionDigestItems, discussionPosts, discussionReads } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createAssignment } from '../../test/factories/assignments';
import { createConflict } from '../../test/factories/conflicts';
import { createPost } from '../../test/factories/discussions';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview } from '../../test/factories/reviews';
import { unknownId } from '../../test/factories/sequence';
import { setSetting } from '../../test/factories/settings';
import { createUser } from '../../test/factories/users';
import { createSignedInUser, send, setupSignedInUser } from '../../test/http';

// Who may read and post on a thread (issue 36 section 1): every mode x reviewer state x "only
// after their own review", for GET and POST. The expectation of each cell is written from the
// issue's rule, not from mayReadThreadSql: an admin always; a reviewer when the opportunity is in
// their scope (open mode, or assigned to them), they have no conflict with it, and (while the
// setting says so) they have completed their review. Everyone else gets the unpublished 404.

const ctx = setupTestApp();
const admin = setupSignedInUser(ctx, 'admin');

type State = { assigned: boolean; conflicted: boolean; reviewed: boolean };

const STATES: State[] = [false, true].flatMap((assigned) =>
  [false, true].flatMap((conflicted) =>
    [false, true].map((reviewed) => ({ assigned, conflicted, reviewed })),
  ),
);

const NOT_FOUND = { message: 'Opportunity not found' };

const discussionOf = (opportunityId: string) => `/api/opportunities/${opportunityId}/discussion`;

async function arrange(state: State) {
  const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
  const opportunity = await createOpportunity(ctx.db);
  // Someone else's post, so that a read has something to mark.
  await createPost(ctx.db, { opportunityId: opportunity.id, authorId: admin.user.id });
  if (state.assigned) {
    await createAssignment(ctx.db, { reviewerId: user.id, opportunityId: opportunity.id });
  }
  if (state.reviewed) {
    await createReview(ctx.db, { opportunityId: opportunity.id, reviewerId: user.id });
  }
  if (state.conflicted) {
    await createConflict(ctx.db, { opportunityId: opportunity.id, reviewerId: user.id });
  }
  return { user, cookie, opportunityId: opportunity.id };
}

/** What a call may have written for this reader on this thread. */
async function writesOf(userId: string, opportunityId: string) {
  const [row] = (
    await ctx.db.execute<{ posts: number; reads: number; items: number }>(sql`
      select (select count(*)::int from ${discussionPosts}
               where ${discussionPosts.opportunityId} = ${opportunityId}) as posts,
             (select count(*)::int from ${discussionReads}
               where ${discussionReads.userId} = ${userId}) as reads,
             (select count(*)::int from ${discussionDigestItems}
               where ${discussionDigestItems.userId} = ${userId}) as items`)
  ).rows;
  return row!;
}

describe.each([
  ['open', false],
  ['open', true],
  ['assigned', false],
  ['assigned', true],
] as const)('%s mode, only after their own review: %s', (mode, afterOwnReview) => {
  beforeAll(async () => {
    await setSetting(ctx.db, REVIEW_ASSIGNMENT, mode);
    await setSetting(ctx.db, REVIEWER_COMMENTS_AFTER_OWN_REVIEW, afterOwnReview ? 'true' : 'false');
  });

  it.each(STATES)('a reviewer %o', async (state) => {
    const s = await arrange(state);
    const mayRead =
      (mode === 'open' || state.assigned) &&
      !state.conflicted &&
      (!afterOwnReview || state.reviewed);
    const before = await writesOf(s.user.id, s.opportunityId);

    const read = await send(ctx.app, {
      method: 'GET',
      url: discussionOf(s.opportunityId),
      cookie: s.cookie,
    });
    const posted = await send(ctx.app, {
      method: 'POST',
      url: discussionOf(s.opportunityId),
      cookie: s.cookie,
      payload: { body: 'My view', mentions: [] },
    });
    const after = await writesOf(s.user.id, s.opportunityId);

    if (mayRead) {
      expect(read.statusCode).toBe(200);
      const thread = discussionThreadSchema.parse(read.json());
      expect(thread.posts).toHaveLength(1);
      expect(thread.unread).toBe(1);
      expect(posted.statusCode).toBe(201);
      expect(discussionPostSchema.parse(posted.json())).toMatchObject({
        body: 'My view',
        mine: true,
      });
      expect(after.posts).toBe(before.posts + 1);
      expect(after.reads).toBe(1);
    } else {
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual(NOT_FOUND);
      expect(posted.statusCode).toBe(404);
      expect(posted.json()).toEqual(NOT_FOUND);
      expect(after).toEqual(before);
    }
  });

  it('an admin reads and posts on every thread, published or not', async () => {
    for (const status of ['published', 'draft', 'archived'] as const) {
      const opportunity = await createOpportunity(ctx.db, { status });
      const read = await send(ctx.app, {
        method: 'GET',
        url: discussionOf(opportunity.id),
        cookie: admin.cookie,
      });
      expect(read.statusCode, status).toBe(200);
      const posted = await send(ctx.app, {
        method: 'POST',
        url: discussionOf(opportunity.id),
        cookie: admin.cookie,
        payload: { body: 'Admin note' },
      });
      expect(posted.statusCode, status).toBe(201);
    }
  });
});

describe('everyone else', () => {
  beforeAll(async () => {
    await setSetting(ctx.db, REVIEW_ASSIGNMENT, 'open');
    await setSetting(ctx.db, REVIEWER_COMMENTS_AFTER_OWN_REVIEW, 'false');
  });

  it('a reviewer gets the unpublished 404 on a draft or archived opportunity, for every call', async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    for (const status of ['draft', 'archived'] as const) {
      const opportunity = await createOpportunity(ctx.db, { status });
      // Their own post from when it was published: still out of reach.
      const own = await createPost(ctx.db, { opportunityId: opportunity.id, authorId: user.id });
      const base = discussionOf(opportunity.id);
      for (const [method, url, payload] of [
        ['GET', base, undefined],
        ['POST', base, { body: 'x' }],
        ['PATCH', `${base}/posts/${own.id}`, { body: 'y' }],
        ['DELETE', `${base}/posts/${own.id}`, undefined],
      ] as const) {
        const response = await send(ctx.app, { method, url, cookie, payload });
        expect(response.statusCode, `${status} ${method}`).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND);
      }
      const [row] = await ctx.db
        .select()
        .from(discussionPosts)
        .where(eq(discussionPosts.id, own.id));
      expect(row).toMatchObject({ body: own.body, deletedAt: null, editedAt: null });
    }
  });

  it('an unknown opportunity is 404 for an admin too', async () => {
    const response = await send(ctx.app, {
      method: 'GET',
      url: discussionOf(unknownId()),
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
  });

  it('anonymous is 401 and a deactivated account 403', async () => {
    const opportunity = await createOpportunity(ctx.db);
    const anonymous = await send(ctx.app, { method: 'GET', url: discussionOf(opportunity.id) });
    expect(anonymous.statusCode).toBe(401);
    const reviewer = await createSignedInUser(ctx.app, ctx.db);
    await ctx.db.execute(sql`update users set is_active = false where id = ${reviewer.user.id}`);
    const inactive = await send(ctx.app, {
      method: 'POST',
      url: discussionOf(opportunity.id),
      cookie: reviewer.cookie,
      payload: { body: 'Still here?' },
    });
    expect(inactive.statusCode).toBe(403);
    expect(await writesOf(reviewer.user.id, opportunity.id)).toEqual({
      posts: 0,
      reads: 0,
      items: 0,
    });
    // Inactive people are not readers either: nobody is offered them to mention.
    const active = await createUser(ctx.db);
    const thread = await send(ctx.app, {
      method: 'GET',
      url: discussionOf(opportunity.id),
      cookie: admin.cookie,
    });
    const handles = discussionThreadSchema
      .parse(thread.json())
      .mentionable.map((person) => person.handle);
    expect(handles).not.toContain(reviewer.user.id);
    expect(handles).toContain(active.id);
  });
});
