import { discussionThreadSchema, unreadThreadsSchema } from '@shared/discussion-schemas';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/build-test-app';
import { createConflict } from '../../test/factories/conflicts';
import { createPost } from '../../test/factories/discussions';
import { createOpportunity } from '../../test/factories/opportunities';
import { type createSignedInUser, requestsAs, setupSignedInUser } from '../../test/http';

// Unread counts (issue 36 section 2): posts by others after what the caller last read, shown to
// them (not deleted, not hidden), on threads they may read; a read marks the thread read, a post
// marks it read for its author up to the post.

const ctx = setupTestApp();
const admin = setupSignedInUser(ctx, 'admin');
const alice = setupSignedInUser(ctx, 'reviewer');
const bob = setupSignedInUser(ctx, 'reviewer');

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;
const as = (who: SignedIn) => requestsAs(ctx, () => who.cookie);

async function unreadOf(who: SignedIn) {
  const response = await as(who)('GET', '/api/discussions/unread');
  expect(response.statusCode).toBe(200);
  return unreadThreadsSchema.parse(response.json());
}

async function countOn(who: SignedIn, opportunityId: string) {
  return (await unreadOf(who)).threads.find((t) => t.opportunityId === opportunityId)?.unread ?? 0;
}

async function read(who: SignedIn, opportunityId: string) {
  const response = await as(who)('GET', `/api/opportunities/${opportunityId}/discussion`);
  expect(response.statusCode).toBe(200);
  return discussionThreadSchema.parse(response.json());
}

const write = (who: SignedIn, opportunityId: string, body: string) =>
  as(who)('POST', `/api/opportunities/${opportunityId}/discussion`, { body });

describe('unread counts', () => {
  it('count others’ new posts for each caller, and a read marks them read', async () => {
    const { id } = await createOpportunity(ctx.db);
    expect((await write(alice, id, 'Alice one')).statusCode).toBe(201);
    expect((await write(alice, id, 'Alice two')).statusCode).toBe(201);
    expect(await countOn(alice, id)).toBe(0);
    expect(await countOn(bob, id)).toBe(2);
    expect(await countOn(admin, id)).toBe(2);

    const forBob = await read(bob, id);
    expect(forBob.unread).toBe(2);
    expect(await countOn(bob, id)).toBe(0);
    expect((await read(bob, id)).unread).toBe(0);
    // Bob's read is his own: the admin still has both.
    expect(await countOn(admin, id)).toBe(2);

    // Bob answers: read for him up to his post, new for Alice and the admin.
    await write(bob, id, 'Bob one');
    expect(await countOn(bob, id)).toBe(0);
    expect(await countOn(alice, id)).toBe(1);
    expect(await countOn(admin, id)).toBe(3);
  });

  it('leave out hidden and deleted posts', async () => {
    const { id } = await createOpportunity(ctx.db);
    const kept = await write(alice, id, 'Kept');
    const gone = await write(alice, id, 'Gone');
    const hidden = await write(alice, id, 'Hidden');
    expect(kept.statusCode).toBe(201);
    await as(alice)('DELETE', `/api/opportunities/${id}/discussion/posts/${gone.json().id}`);
    const hide = await as(admin)('POST', `/api/admin/discussion/posts/${hidden.json().id}/hide`, {
      reason: 'Rude',
    });
    expect(hide.statusCode).toBe(200);
    expect(await countOn(bob, id)).toBe(1);
    expect(await countOn(admin, id)).toBe(1);
    expect((await read(bob, id)).unread).toBe(1);
  });

  it('list only the threads the caller may read, with something new, in one statement', async () => {
    const readable = await createOpportunity(ctx.db);
    const conflicted = await createOpportunity(ctx.db);
    const draft = await createOpportunity(ctx.db, { status: 'draft' });
    const quiet = await createOpportunity(ctx.db);
    for (const o of [readable, conflicted, draft]) {
      await createPost(ctx.db, { opportunityId: o.id, authorId: admin.user.id });
    }
    await createConflict(ctx.db, { reviewerId: bob.user.id, opportunityId: conflicted.id });
    const ids = (await unreadOf(bob)).threads.map((t) => t.opportunityId);
    expect(ids).toContain(readable.id);
    for (const outside of [conflicted.id, draft.id, quiet.id]) expect(ids).not.toContain(outside);
    const unread = await unreadOf(bob);
    expect(unread.total).toBe(unread.threads.length);
    expect(unread.threads.every((t) => t.unread > 0)).toBe(true);

    // One statement beyond what any signed-in call costs (the session and its user).
    const signedIn = await ctx.countStatements(() => as(bob)('GET', '/api/auth/me'));
    const statements = await ctx.countStatements(() => as(bob)('GET', '/api/discussions/unread'));
    expect(statements).toBe(signedIn + 1);
  });
});
