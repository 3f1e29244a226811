import { discussionPostSchema, discussionThreadSchema } from '@shared/discussion-schemas';
import {
  REVIEW_ASSIGNMENT,
  REVIEWER_COMMENTS_AFTER_OWN_REVIEW,
  SHOW_REVIEWER_NAMES,
} from '@shared/settings';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { discussionDigestItems, discussionPosts, users } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createAssignment } from '../../test/factories/assignments';
import { createConflict } from '../../test/factories/conflicts';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview } from '../../test/factories/reviews';
import { unknownId } from '../../test/factories/sequence';
import { setSetting } from '../../test/factories/settings';
import { createUser, type TestUser } from '../../test/factories/users';
import { createSignedInUser, requestsAs, setupSignedInUser } from '../../test/http';

// Mentions (issue 36 section 2): all or nothing, each handle must name someone who may read the
// thread now, or the post is refused with 400 saying who and why, and nothing is written. In
// 'assigned' mode with "only after their own review", a reader is assigned and has reviewed.

const ctx = setupTestApp();
const admin = setupSignedInUser(ctx, 'admin');
const asAdmin = requestsAs(ctx, () => admin.cookie);

type Panel = {
  opportunityId: string;
  eligible: TestUser;
  conflicted: TestUser;
  unassigned: TestUser;
  notReviewed: TestUser;
  inactive: TestUser;
  otherAdmin: TestUser;
  caller: Awaited<ReturnType<typeof createSignedInUser>>;
};
const panel = {} as Panel;

async function reader(name: string, options: { active?: boolean } = {}) {
  const user = await createUser(ctx.db, { name, isActive: options.active ?? true });
  await createAssignment(ctx.db, { reviewerId: user.id, opportunityId: panel.opportunityId });
  await createReview(ctx.db, { reviewerId: user.id, opportunityId: panel.opportunityId });
  return user;
}

beforeAll(async () => {
  await setSetting(ctx.db, REVIEW_ASSIGNMENT, 'assigned');
  await setSetting(ctx.db, REVIEWER_COMMENTS_AFTER_OWN_REVIEW, 'true');
  panel.opportunityId = (await createOpportunity(ctx.db)).id;
  panel.eligible = await reader('Elena Eligible');
  panel.conflicted = await reader('Conrad Conflicted');
  await createConflict(ctx.db, {
    reviewerId: panel.conflicted.id,
    opportunityId: panel.opportunityId,
  });
  panel.inactive = await reader('Ines Inactive', { active: false });
  panel.unassigned = await createUser(ctx.db, { name: 'Umar Unassigned' });
  await createReview(ctx.db, {
    reviewerId: panel.unassigned.id,
    opportunityId: panel.opportunityId,
  });
  panel.notReviewed = await createUser(ctx.db, { name: 'Nora Notreviewed' });
  await createAssignment(ctx.db, {
    reviewerId: panel.notReviewed.id,
    opportunityId: panel.opportunityId,
  });
  panel.otherAdmin = await createUser(ctx.db, { role: 'admin', name: 'Otto Otheradmin' });
  panel.caller = await createSignedInUser(ctx.app, ctx.db);
  await createAssignment(ctx.db, {
    reviewerId: panel.caller.user.id,
    opportunityId: panel.opportunityId,
  });
  await createReview(ctx.db, {
    reviewerId: panel.caller.user.id,
    opportunityId: panel.opportunityId,
  });
});

const threadUrl = () => `/api/opportunities/${panel.opportunityId}/discussion`;

const postCount = async () =>
  (
    await ctx.db
      .select({ id: discussionPosts.id })
      .from(discussionPosts)
      .where(eq(discussionPosts.opportunityId, panel.opportunityId))
  ).length;

const itemsOf = (postId: string) =>
  ctx.db
    .select({ userId: discussionDigestItems.userId, reason: discussionDigestItems.reason })
    .from(discussionDigestItems)
    .where(eq(discussionDigestItems.postId, postId))
    .orderBy(asc(discussionDigestItems.userId));

describe('an admin mentioning', () => {
  it('someone who may read the thread: the post names them, and they are told', async () => {
    const response = await asAdmin('POST', threadUrl(), {
      body: 'Elena, your view?',
      mentions: [panel.eligible.id, panel.eligible.id, panel.otherAdmin.id],
    });
    expect(response.statusCode, response.body).toBe(201);
    const post = discussionPostSchema.parse(response.json());
    expect(post.mentions).toEqual([
      { handle: panel.eligible.id, label: 'Elena Eligible', role: 'reviewer' },
      { handle: panel.otherAdmin.id, label: 'Otto Otheradmin', role: 'admin' },
    ]);
    expect(await itemsOf(post.id)).toEqual(
      [
        { userId: panel.eligible.id, reason: 'mention' },
        { userId: panel.otherAdmin.id, reason: 'mention' },
      ].sort((a, b) => a.userId.localeCompare(b.userId)),
    );
  });

  it.each([
    ['conflicted', 'Conrad Conflicted has a conflict with this opportunity'],
    ['unassigned', 'Umar Unassigned is not assigned this opportunity'],
    ['notReviewed', 'Nora Notreviewed has not completed their review of this opportunity yet'],
    ['inactive', 'Ines Inactive is not an active user'],
  ] as const)('someone %s: 400 saying why, and nothing posted', async (who, message) => {
    const before = await postCount();
    const response = await asAdmin('POST', threadUrl(), {
      body: 'Anyone?',
      mentions: [panel.eligible.id, panel[who].id],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message,
      issues: [{ path: 'mentions.1', message }],
    });
    expect(await postCount()).toBe(before);
  });

  it('an unknown handle, or several refusals at once: each named', async () => {
    const before = await postCount();
    const nobody = unknownId();
    const response = await asAdmin('POST', threadUrl(), {
      body: 'Hello?',
      mentions: [nobody, 'Reviewer A', panel.conflicted.id],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: 'mentions.0', message: `No one can be mentioned as "${nobody}"` },
      { path: 'mentions.1', message: 'No one can be mentioned as "Reviewer A"' },
      { path: 'mentions.2', message: 'Conrad Conflicted has a conflict with this opportunity' },
    ]);
    expect(await postCount()).toBe(before);
  });

  it('who is offered to mention: the readers but the caller', async () => {
    const response = await asAdmin('GET', threadUrl());
    const thread = discussionThreadSchema.parse(response.json());
    const handles = thread.mentionable.map((person) => person.handle);
    expect(handles).toEqual(
      expect.arrayContaining([panel.eligible.id, panel.otherAdmin.id, panel.caller.user.id]),
    );
    for (const outside of [
      admin.user.id,
      panel.conflicted.id,
      panel.unassigned.id,
      panel.notReviewed.id,
      panel.inactive.id,
    ]) {
      expect(handles).not.toContain(outside);
    }
  });
});

describe('a reviewer mentioning', () => {
  const asCaller = requestsAs(ctx, () => panel.caller.cookie);

  it('with names shown: by id, refused with the reason like an admin', async () => {
    const ok = await asCaller('POST', threadUrl(), {
      body: 'Agreed with Elena',
      mentions: [panel.eligible.id, panel.caller.user.id],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    // Mentioning oneself tells no one.
    expect(ok.json().mentions.map((p: { handle: string }) => p.handle)).toEqual([
      panel.eligible.id,
    ]);
    const refused = await asCaller('POST', threadUrl(), {
      body: 'Conrad?',
      mentions: [panel.conflicted.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Conrad Conflicted has a conflict with this opportunity');
  });

  describe('with names hidden', () => {
    beforeAll(async () => {
      await setSetting(ctx.db, SHOW_REVIEWER_NAMES, 'false');
    });

    it('by label, "Admin" meaning every active admin; a non-reader only by their label', async () => {
      const thread = discussionThreadSchema.parse((await asCaller('GET', threadUrl())).json());
      const labels = thread.mentionable.map((person) => person.handle);
      expect(labels[0]).toBe('Admin');
      const elena = thread.posts.find((post) => post.body === 'Elena, your view?')!.mentions;
      const elenaLabel = elena.find((person) => person.role === 'reviewer')!.handle;
      expect(elenaLabel).toMatch(/^Reviewer [A-Z]+$/);
      expect(labels).toContain(elenaLabel);

      const response = await asCaller('POST', threadUrl(), {
        body: 'Admins and Elena, please look',
        mentions: ['Admin', elenaLabel],
      });
      expect(response.statusCode, response.body).toBe(201);
      const post = discussionPostSchema.parse(response.json());
      expect(post.mentions).toEqual([
        { handle: 'Admin', label: 'Admin', role: 'admin' },
        { handle: elenaLabel, label: elenaLabel, role: 'reviewer' },
      ]);
      const activeAdmins = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
      const told = await itemsOf(post.id);
      expect(
        told
          .filter((item) => item.reason === 'mention')
          .map((item) => item.userId)
          .sort(),
      ).toEqual([...activeAdmins.map((row) => row.id), panel.eligible.id].sort());

      // An id is no handle with names hidden, even of a reader.
      const byId = await asCaller('POST', threadUrl(), {
        body: 'x',
        mentions: [panel.eligible.id],
      });
      expect(byId.statusCode).toBe(400);
      expect(byId.json().message).toBe('A mention names no one who can be mentioned here');
    });

    it('a label of someone who may not read it: no more than the label in the refusal', async () => {
      // Conrad (conflicted) posted before his conflict was recorded... as the admin sees it: the
      // reviewer learns his label from his post only.
      await ctx.db.insert(discussionPosts).values({
        opportunityId: panel.opportunityId,
        authorId: panel.conflicted.id,
        body: 'Before my conflict',
      });
      const thread = discussionThreadSchema.parse((await asCaller('GET', threadUrl())).json());
      const conrad = thread.posts.find((post) => post.body === 'Before my conflict')!.author;
      const before = await postCount();
      const response = await asCaller('POST', threadUrl(), {
        body: 'Conrad?',
        mentions: [conrad.handle],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: `${conrad.label} cannot read this thread`,
        issues: [{ path: 'mentions.0', message: `${conrad.label} cannot read this thread` }],
      });
      expect(response.body).not.toContain('Conrad');
      expect(response.body).not.toContain('conflict');
      expect(await postCount()).toBe(before);
    });
  });
});

describe('who is told about a post', () => {
  it('the mentioned and every earlier poster, once each, never the author', async () => {
    const opportunity = await createOpportunity(ctx.db, { status: 'draft' });
    const first = await asAdmin('POST', `/api/opportunities/${opportunity.id}/discussion`, {
      body: 'One',
    });
    const otherAdmin = await createSignedInUser(ctx.app, ctx.db, 'admin');
    const asOtherAdmin = requestsAs(ctx, () => otherAdmin.cookie);
    const second = await asOtherAdmin('POST', `/api/opportunities/${opportunity.id}/discussion`, {
      body: 'Two',
      mentions: [admin.user.id],
    });
    const third = await asAdmin('POST', `/api/opportunities/${opportunity.id}/discussion`, {
      body: 'Three',
      mentions: [otherAdmin.user.id],
    });
    expect(await itemsOf(first.json().id)).toEqual([]);
    expect(await itemsOf(second.json().id)).toEqual([{ userId: admin.user.id, reason: 'mention' }]);
    expect(await itemsOf(third.json().id)).toEqual([
      { userId: otherAdmin.user.id, reason: 'mention' },
    ]);
    const fourth = await asOtherAdmin('POST', `/api/opportunities/${opportunity.id}/discussion`, {
      body: 'Four',
    });
    expect(await itemsOf(fourth.json().id)).toEqual([
      { userId: admin.user.id, reason: 'participant' },
    ]);

    // An edit tells whom it newly mentions; those mentioned already are not told again.
    const edited = await asOtherAdmin(
      'PATCH',
      `/api/opportunities/${opportunity.id}/discussion/posts/${fourth.json().id}`,
      { body: 'Four, edited', mentions: [admin.user.id, panel.eligible.id] },
    );
    // Elena may not read a draft's thread.
    expect(edited.statusCode).toBe(400);
    expect(edited.json().message).toBe(
      'Elena Eligible cannot read this thread: the opportunity is not published',
    );
    const editedOk = await asOtherAdmin(
      'PATCH',
      `/api/opportunities/${opportunity.id}/discussion/posts/${fourth.json().id}`,
      { body: 'Four, edited', mentions: [admin.user.id] },
    );
    expect(editedOk.statusCode, editedOk.body).toBe(200);
    expect(await itemsOf(fourth.json().id)).toEqual([{ userId: admin.user.id, reason: 'mention' }]);
  });
});
