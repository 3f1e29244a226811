import {
  NOT_YOUR_POST_MESSAGE,
  POST_DELETED_MESSAGE,
  POST_EDIT_WINDOW_MESSAGE,
  POST_HIDDEN_MESSAGE,
  POST_NOT_FOUND,
} from '@shared/discussion';
import {
  type DiscussionPost,
  discussionPostSchema,
  discussionThreadSchema,
} from '@shared/discussion-schemas';
import { REVIEW_PHASE } from '@shared/review-clock';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discussionPostRevisions, discussionPosts } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createPost } from '../../test/factories/discussions';
import { createOpportunity } from '../../test/factories/opportunities';
import { unknownId } from '../../test/factories/sequence';
import { setSetting } from '../../test/factories/settings';
import { type Method, requestsAs, send, setupSignedInUser } from '../../test/http';
import { auditRowsFor } from '../../test/queries';
import { THREAD_ALREADY_OPEN, THREAD_ALREADY_RESOLVED } from './moderation';

// A post's life (issue 36 section 1): written as sent, changed or deleted by its author within
// the window (by the database's clock: tests backdate created_at rather than wait), hidden by an
// admin with a reason, and the thread resolved and reopened, each audited.

const ctx = setupTestApp();
const admin = setupSignedInUser(ctx, 'admin');
const author = setupSignedInUser(ctx, 'reviewer');
const other = setupSignedInUser(ctx, 'reviewer');

const asAdmin = requestsAs(ctx, () => admin.cookie);
const asAuthor = requestsAs(ctx, () => author.cookie);
const asOther = requestsAs(ctx, () => other.cookie);

const threadUrl = (opportunityId: string) => `/api/opportunities/${opportunityId}/discussion`;
const postUrl = (opportunityId: string, postId: string) =>
  `${threadUrl(opportunityId)}/posts/${postId}`;

async function threadAs(as: typeof asAdmin, opportunityId: string) {
  const response = await as('GET', threadUrl(opportunityId));
  expect(response.statusCode, response.body).toBe(200);
  return discussionThreadSchema.parse(response.json());
}

/** Moves a post's creation back by this many minutes (the window is the database's). */
async function backdate(postId: string, minutes: number) {
  await ctx.db.execute(
    sql`update discussion_posts set created_at = now() - make_interval(mins => ${minutes}::int) where id = ${postId}`,
  );
}

async function authorPost(opportunityId: string, body = 'First thoughts') {
  const response = await asAuthor('POST', threadUrl(opportunityId), { body });
  expect(response.statusCode, response.body).toBe(201);
  return discussionPostSchema.parse(response.json());
}

const revisionsOf = (postId: string) =>
  ctx.db.select().from(discussionPostRevisions).where(eq(discussionPostRevisions.postId, postId));

describe('posting', () => {
  it('keeps the text exactly as sent, line breaks and spaces included', async () => {
    const opportunity = await createOpportunity(ctx.db);
    const body = '  Two points:\n\n1. <b>cost</b> & "risk"\r\n2. timing  ';
    const post = await authorPost(opportunity.id, body);
    expect(post).toMatchObject({ body, state: 'visible', mine: true, editedAt: null });
    expect(post.editableUntil).not.toBeNull();
    expect(post.history).toBeNull();
    expect(post.hiddenReason).toBeNull();
    const [stored] = await ctx.db
      .select()
      .from(discussionPosts)
      .where(eq(discussionPosts.id, post.id));
    expect(stored!.body).toBe(body);
    const thread = await threadAs(asOther, opportunity.id);
    expect(thread.posts.map((p) => p.body)).toEqual([body]);
  });

  it('refuses blank, missing or too long text with 400 and posts nothing', async () => {
    const opportunity = await createOpportunity(ctx.db);
    for (const payload of [
      { body: '' },
      { body: '  \n\t ' },
      {},
      { body: 'x'.repeat(5001) },
      { body: 'ok', mentions: 'everyone' },
    ]) {
      const response = await asAuthor('POST', threadUrl(opportunity.id), payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await asAuthor('POST', threadUrl(opportunity.id), { body: 'x'.repeat(5000) })).statusCode,
    ).toBe(201);
    const rows = await ctx.db
      .select()
      .from(discussionPosts)
      .where(eq(discussionPosts.opportunityId, opportunity.id));
    expect(rows).toHaveLength(1);
  });

  it('stays open while reviewing is closed', async () => {
    const opportunity = await createOpportunity(ctx.db);
    await setSetting(ctx.db, REVIEW_PHASE, 'closed');
    try {
      const saveReview = await asAuthor('POST', '/api/reviewer/comments', {
        opportunityId: opportunity.id,
        otherComments: 'late',
      });
      expect(saveReview.statusCode).toBe(409);
      expect((await authorPost(opportunity.id, 'Discussing after the close')).body).toBe(
        'Discussing after the close',
      );
      const first = (await threadAs(asAuthor, opportunity.id)).posts[0]!;
      const edited = await asAuthor('PATCH', postUrl(opportunity.id, first.id), { body: 'Edited' });
      expect(edited.statusCode).toBe(200);
    } finally {
      await setSetting(ctx.db, REVIEW_PHASE, 'open');
    }
  });
});

describe('the author edits and deletes within the window', () => {
  it('edits at 14 minutes, keeping the earlier text for admins only', async () => {
    const opportunity = await createOpportunity(ctx.db);
    const post = await authorPost(opportunity.id, 'Version one');
    await backdate(post.id, 14);
    const response = await asAuthor('PATCH', postUrl(opportunity.id, post.id), {
      body: 'Version two',
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited = discussionPostSchema.parse(response.json());
    expect(edited).toMatchObject({ body: 'Version two', state: 'visible', history: null });
    expect(edited.editedAt).not.toBeNull();
    // The window still runs from the post's creation.
    expect(new Date(edited.editableUntil!).getTime() - new Date(edited.createdAt).getTime()).toBe(
      15 * 60_000,
    );
    const asSeenByAdmin = (await threadAs(asAdmin, opportunity.id)).posts[0]!;
    expect(asSeenByAdmin.body).toBe('Version two');
    expect(asSeenByAdmin.history).toEqual([
      { kind: 'edit', body: 'Version one', changedAt: expect.any(String) },
    ]);
    expect((await threadAs(asOther, opportunity.id)).posts[0]!.history).toBeNull();
  });

  it('refuses an edit or a delete at 16 minutes with 409, changing nothing', async () => {
    const opportunity = await createOpportunity(ctx.db);
    const post = await authorPost(opportunity.id, 'Too late to change');
    await backdate(post.id, 16);
    const shown = (await threadAs(asAuthor, opportunity.id)).posts[0]!;
    expect(shown.editableUntil).toBeNull();
    for (const [method, payload] of [
      ['PATCH', { body: 'Changed' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await asAuthor(method, postUrl(opportunity.id, post.id), payload);
      expect(response.statusCode, method).toBe(409);
      expect(response.json()).toEqual({ message: POST_EDIT_WINDOW_MESSAGE });
    }
    const [row] = await ctx.db
      .select()
      .from(discussionPosts)
      .where(eq(discussionPosts.id, post.id));
    expect(row).toMatchObject({ body: 'Too late to change', editedAt: null, deletedAt: null });
    expect(await revisionsOf(post.id)).toEqual([]);
  });

  it("refuses someone else's post with 403, an admin's too", async () => {
    const opportunity = await createOpportunity(ctx.db);
    const post = await authorPost(opportunity.id);
    for (const as of [asOther, asAdmin]) {
      for (const [method, payload] of [
        ['PATCH', { body: 'Hijacked' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await as(method, postUrl(opportunity.id, post.id), payload);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: NOT_YOUR_POST_MESSAGE });
      }
    }
    expect(await revisionsOf(post.id)).toEqual([]);
  });

  it('answers 404 for a post that is not on this thread', async () => {
    const opportunity = await createOpportunity(ctx.db);
    const elsewhere = await createOpportunity(ctx.db);
    const post = await authorPost(elsewhere.id);
    for (const id of [post.id, unknownId()]) {
      const response = await asAuthor('PATCH', postUrl(opportunity.id, id), { body: 'x' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: POST_NOT_FOUND });
    }
  });

  it('deletes: the post stays as deleted with no text, the text kept for admins', async () => {
    const opportunity = await createOpportunity(ctx.db);
    const post = await authorPost(opportunity.id, 'Regrettable');
    const response = await asAuthor('DELETE', postUrl(opportunity.id, post.id));
    expect(response.statusCode).toBe(204);
    for (const as of [asAuthor, asOther]) {
      const [shown] = (await threadAs(as, opportunity.id)).posts;
      expect(shown).toMatchObject({ id: post.id, state: 'deleted', body: null, history: null });
      expect(JSON.stringify(shown)).not.toContain('Regrettable');
    }
    const [forAdmin] = (await threadAs(asAdmin, opportunity.id)).posts;
    expect(forAdmin).toMatchObject({ state: 'deleted', body: null });
    expect(forAdmin!.history).toEqual([
      { kind: 'delete', body: 'Regrettable', changedAt: expect.any(String) },
    ]);
    // Deleted is final: no edit, no second delete.
    const again = await asAuthor('PATCH', postUrl(opportunity.id, post.id), { body: 'Back' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: POST_DELETED_MESSAGE });
  });
});

describe('hiding', () => {
  const hide = (postId: string, reason: string, as = asAdmin) =>
    as('POST', `/api/admin/discussion/posts/${postId}/hide`, { reason });
  const unhide = (postId: string) =>
    asAdmin('POST', `/api/admin/discussion/posts/${postId}/unhide`);

  it('hides with a reason: reviewers see that it was hidden, admins the reason and text', async () => {
    const opportunity = await createOpportunity(ctx.db);
    const post = await authorPost(opportunity.id, 'Off-topic remark');
    const hidden = await hide(post.id, 'Not about the opportunity');
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(discussionPostSchema.parse(hidden.json())).toMatchObject({
      state: 'hidden',
      body: 'Off-topic remark',
      hiddenReason: 'Not about the opportunity',
      history: [],
    });
    for (const as of [asAuthor, asOther]) {
      const [shown] = (await threadAs(as, opportunity.id)).posts;
      expect(shown).toMatchObject({ state: 'hidden', body: null, hiddenReason: null });
      expect(JSON.stringify(shown)).not.toContain('Off-topic');
    }
    // The author can no longer change it.
    const edit = await asAuthor('PATCH', postUrl(opportunity.id, post.id), { body: 'Sneaky' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ message: POST_HIDDEN_MESSAGE });
    expect((await hide(post.id, 'Twice')).statusCode).toBe(409);

    const shownAgain = await unhide(post.id);
    expect(shownAgain.statusCode).toBe(200);
    expect(shownAgain.json()).toMatchObject({ state: 'visible', hiddenReason: null });
    expect((await unhide(post.id)).statusCode).toBe(409);
    expect((await threadAs(asOther, opportunity.id)).posts[0]!.body).toBe('Off-topic remark');

    const audit = await auditRowsFor(ctx.db, post.id);
    expect(audit.map((row) => [row.action, row.userId])).toEqual([
      ['discussion.hide', admin.user.id],
      ['discussion.unhide', admin.user.id],
    ]);
    expect(audit[0]!.changes).toMatchObject({
      opportunityId: opportunity.id,
      after: { hiddenReason: 'Not about the opportunity' },
    });
  });

  it('is for admins only; a blank reason or an unknown post is refused', async () => {
    const opportunity = await createOpportunity(ctx.db);
    const post = await createPost(ctx.db, {
      opportunityId: opportunity.id,
      authorId: other.user.id,
    });
    expect((await hide(post.id, 'Mine now', asAuthor)).statusCode).toBe(403);
    expect((await hide(post.id, '   ')).statusCode).toBe(400);
    const unknown = await hide(unknownId(), 'Gone');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: POST_NOT_FOUND });
    expect(await auditRowsFor(ctx.db, post.id)).toEqual([]);
  });
});

describe('resolving', () => {
  const resolveUrl = (id: string) => `/api/admin/opportunities/${id}/discussion/resolve`;
  const reopenUrl = (id: string) => `/api/admin/opportunities/${id}/discussion/reopen`;

  it('resolves with a summary and reopens, 409 when already so, each change audited', async () => {
    const opportunity = await createOpportunity(ctx.db);
    await createPost(ctx.db, { opportunityId: opportunity.id, authorId: author.user.id });
    const fresh = await threadAs(asOther, opportunity.id);
    expect(fresh).toMatchObject({ state: 'open', summary: null, resolvedAt: null });

    const resolved = await asAdmin('POST', resolveUrl(opportunity.id), {
      summary: '  Fund the pilot  ',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const thread = discussionThreadSchema.parse(resolved.json());
    expect(thread).toMatchObject({ state: 'resolved', summary: 'Fund the pilot', unread: 1 });
    expect(thread.resolvedAt).not.toBeNull();
    // Resolving does not mark the thread read for the admin.
    expect((await threadAs(asAdmin, opportunity.id)).unread).toBe(1);

    const twice = await asAdmin('POST', resolveUrl(opportunity.id), { summary: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: THREAD_ALREADY_RESOLVED });
    expect((await threadAs(asOther, opportunity.id)).summary).toBe('Fund the pilot');

    const reopened = await asAdmin('POST', reopenUrl(opportunity.id));
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ state: 'open', summary: 'Fund the pilot' });
    const reopenTwice = await asAdmin('POST', reopenUrl(opportunity.id));
    expect(reopenTwice.statusCode).toBe(409);
    expect(reopenTwice.json()).toEqual({ message: THREAD_ALREADY_OPEN });
    // Posting goes on after a resolution too.
    expect(
      (await asOther('POST', threadUrl(opportunity.id), { body: 'One more' })).statusCode,
    ).toBe(201);

    const audit = await auditRowsFor(ctx.db, opportunity.id);
    expect(audit.map((row) => row.action)).toEqual(['discussion.resolve', 'discussion.reopen']);
    expect(audit[0]).toMatchObject({
      userId: admin.user.id,
      entityType: 'opportunity',
      changes: { after: { state: 'resolved', summary: 'Fund the pilot' } },
    });
  });

  it('refuses a reviewer, an unknown opportunity and a blank summary, auditing nothing', async () => {
    const opportunity = await createOpportunity(ctx.db);
    const attempts: Array<[typeof asAdmin, Method, string, object | undefined, number]> = [
      [asAuthor, 'POST', resolveUrl(opportunity.id), { summary: 'Mine' }, 403],
      [asAdmin, 'POST', resolveUrl(opportunity.id), { summary: ' ' }, 400],
      [asAdmin, 'POST', resolveUrl(unknownId()), { summary: 'Nothing' }, 404],
      [asAdmin, 'POST', reopenUrl(unknownId()), undefined, 404],
    ];
    for (const [as, method, url, payload, status] of attempts) {
      expect((await as(method, url, payload)).statusCode, url).toBe(status);
    }
    expect(await auditRowsFor(ctx.db, opportunity.id)).toEqual([]);
  });
});

describe('what a post answer carries', () => {
  it('editableUntil only for the author within the window', async () => {
    const opportunity = await createOpportunity(ctx.db);
    const post: DiscussionPost = await authorPost(opportunity.id);
    expect((await threadAs(asAuthor, opportunity.id)).posts[0]!.editableUntil).toBe(
      post.editableUntil,
    );
    expect((await threadAs(asOther, opportunity.id)).posts[0]!.editableUntil).toBeNull();
    expect((await threadAs(asAdmin, opportunity.id)).posts[0]!.editableUntil).toBeNull();
    const sent = await send(ctx.app, {
      method: 'GET',
      url: threadUrl(opportunity.id),
      cookie: other.cookie,
    });
    expect(sent.json().posts[0].mine).toBe(false);
  });
});
