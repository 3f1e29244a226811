import { COMMENTS_AFTER_OWN_REVIEW_MESSAGE } from '@shared/settings';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comments } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createAssignment } from '../../test/factories/assignments';
import { createComment } from '../../test/factories/comments';
import { createConflict } from '../../test/factories/conflicts';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview, SAMPLE_SCORES } from '../../test/factories/reviews';
import { setSetting, setShowReviewerComments } from '../../test/factories/settings';
import { createUser } from '../../test/factories/users';
import { createSignedInUser, send } from '../../test/http';

// Issue 18, comment visibility: "only after the reviewer's own review", hidden names, and which
// other reviewers' comments reach a reviewer at all. Settings are global to this file's database,
// so each test sets every one it depends on.

const ctx = setupTestApp();

const get = (url: string, cookie: string) => send(ctx.app, { method: 'GET', url, cookie });
const othersComments = async (opportunityId: string, cookie: string) => {
  const response = await get(`/api/reviewer/opportunities/${opportunityId}/comments`, cookie);
  expect(response.statusCode).toBe(200);
  return response.json() as Array<{ id: string; reviewer: { name: string; displayName: string } }>;
};
const detailOf = async (opportunityId: string, cookie: string) =>
  (await get(`/api/reviewer/opportunities/${opportunityId}`, cookie)).json();

async function settingsOf(values: {
  mode?: 'open' | 'assigned';
  show?: 'true' | 'false';
  afterOwn?: 'true' | 'false';
  names?: 'true' | 'false';
}) {
  await setSetting(ctx.db, 'review_assignment', values.mode ?? 'open');
  await setShowReviewerComments(ctx.db, values.show ?? 'true');
  await setSetting(ctx.db, 'reviewer_comments_after_own_review', values.afterOwn ?? 'false');
  await setSetting(ctx.db, 'show_reviewer_names', values.names ?? 'true');
}

describe("only after the reviewer's own review", () => {
  it('hides others comments until all five scores are saved, then shows them, and says why', async () => {
    await settingsOf({ afterOwn: 'true' });
    const { cookie } = await createSignedInUser(ctx.app, ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    const other = await createUser(ctx.db);
    const theirs = await createComment(ctx.db, {
      opportunityId: opportunity.id,
      reviewerId: other.id,
    });

    expect(await othersComments(opportunity.id, cookie)).toEqual([]);
    const before = await detailOf(opportunity.id, cookie);
    expect(before).toMatchObject({ conflict: null, commentsVisibility: 'after_own_review' });
    // The reviewer-facing message the web shows for it (shared contract).
    expect(COMMENTS_AFTER_OWN_REVIEW_MESSAGE).toBe(
      "Submit your review to see other reviewers' comments",
    );

    // A comment of one's own is not a review: still hidden.
    const commented = await send(ctx.app, {
      method: 'POST',
      url: '/api/reviewer/comments',
      cookie,
      payload: { opportunityId: opportunity.id, challenges: 'Mine' },
    });
    expect(commented.statusCode).toBe(200);
    expect(await othersComments(opportunity.id, cookie)).toEqual([]);

    const saved = await send(ctx.app, {
      method: 'POST',
      url: '/api/reviewer/reviews',
      cookie,
      payload: { opportunityId: opportunity.id, ...SAMPLE_SCORES },
    });
    expect(saved.statusCode).toBe(200);
    expect((await othersComments(opportunity.id, cookie)).map((c) => c.id)).toEqual([theirs.id]);
    expect(await detailOf(opportunity.id, cookie)).toMatchObject({
      commentsVisibility: 'visible',
    });
  });

  it("never shows comments while the spec's switch is off, and says so", async () => {
    await settingsOf({ afterOwn: 'true', show: 'false' });
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    await createComment(ctx.db, {
      opportunityId: opportunity.id,
      reviewerId: (await createUser(ctx.db)).id,
    });
    await createReview(ctx.db, { opportunityId: opportunity.id, reviewerId: user.id });
    expect(await othersComments(opportunity.id, cookie)).toEqual([]);
    expect((await detailOf(opportunity.id, cookie)).commentsVisibility).toBe('disabled');
  });
});

describe('reviewer names hidden', () => {
  it('labels reviewers A, B, ... by their first save on the opportunity, the same for every reader', async () => {
    await settingsOf({ names: 'false' });
    const opportunity = await createOpportunity(ctx.db);
    const first = await createSignedInUser(ctx.app, ctx.db);
    const second = await createUser(ctx.db, { name: 'Second Person', displayName: 'Secret' });
    const third = await createSignedInUser(ctx.app, ctx.db);
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
    await createComment(ctx.db, {
      opportunityId: opportunity.id,
      reviewerId: first.user.id,
      submittedAt: at(1),
    });
    // A blank comment says nothing to others, but it keeps its place in the order.
    await createComment(ctx.db, {
      opportunityId: opportunity.id,
      reviewerId: second.id,
      howToBiggerBetter: ' ',
      challenges: null,
      submittedAt: at(2),
    });
    await createComment(ctx.db, {
      opportunityId: opportunity.id,
      reviewerId: third.user.id,
      submittedAt: at(3),
    });

    const seenByFirst = await othersComments(opportunity.id, first.cookie);
    expect(seenByFirst.map((c) => c.reviewer)).toEqual([{ name: 'Reviewer C', displayName: null }]);
    const seenByThird = await othersComments(opportunity.id, third.cookie);
    expect(seenByThird.map((c) => c.reviewer)).toEqual([{ name: 'Reviewer A', displayName: null }]);

    // The second reviewer writes something: their label is still B, the others' unchanged.
    await ctx.db
      .update(comments)
      .set({ challenges: 'Now with text' })
      .where(eq(comments.reviewerId, second.id));
    expect(
      (await othersComments(opportunity.id, first.cookie)).map((c) => c.reviewer.name),
    ).toEqual(['Reviewer B', 'Reviewer C']);
    // Nowhere in the answer: a name, a display name, an id or an email of another reviewer.
    const raw = (await get(`/api/reviewer/opportunities/${opportunity.id}/comments`, first.cookie))
      .body;
    for (const secret of [second.name, 'Secret', second.id, second.email, third.user.id]) {
      expect(raw).not.toContain(secret);
    }

    await settingsOf({ names: 'true' });
    expect((await othersComments(opportunity.id, first.cookie)).map((c) => c.reviewer)).toEqual([
      { name: 'Second Person', displayName: 'Secret' },
      { name: third.user.name, displayName: null },
    ]);
  });

  it('goes on past Z with AA, AB', async () => {
    await settingsOf({ names: 'false' });
    const opportunity = await createOpportunity(ctx.db);
    const reader = await createSignedInUser(ctx.app, ctx.db);
    const writers = await Promise.all(Array.from({ length: 28 }, () => createUser(ctx.db)));
    for (const [i, writer] of writers.entries()) {
      await createComment(ctx.db, {
        opportunityId: opportunity.id,
        reviewerId: writer.id,
        submittedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
    }
    const names = (await othersComments(opportunity.id, reader.cookie)).map((c) => c.reviewer.name);
    expect(names.slice(0, 2)).toEqual(['Reviewer A', 'Reviewer B']);
    expect(names.slice(-3)).toEqual(['Reviewer Z', 'Reviewer AA', 'Reviewer AB']);
  });
});

describe('whose comments reach other reviewers', () => {
  it("leaves out the comments of a reviewer with a conflict, and in 'assigned' mode of unassigned reviewers", async () => {
    const opportunity = await createOpportunity(ctx.db);
    const reader = await createSignedInUser(ctx.app, ctx.db);
    const [assigned, unassigned, conflicted] = await Promise.all(
      [1, 2, 3].map(() => createUser(ctx.db)),
    );
    for (const reviewer of [reader.user, assigned!, conflicted!]) {
      await createAssignment(ctx.db, { reviewerId: reviewer.id, opportunityId: opportunity.id });
    }
    const commentOf = async (reviewerId: string) =>
      (await createComment(ctx.db, { opportunityId: opportunity.id, reviewerId })).id;
    const ids = {
      assigned: await commentOf(assigned!.id),
      unassigned: await commentOf(unassigned!.id),
      conflicted: await commentOf(conflicted!.id),
    };
    await createConflict(ctx.db, { reviewerId: conflicted!.id, opportunityId: opportunity.id });

    await settingsOf({ mode: 'open' });
    expect((await othersComments(opportunity.id, reader.cookie)).map((c) => c.id)).toEqual([
      ids.assigned,
      ids.unassigned,
    ]);
    await settingsOf({ mode: 'assigned' });
    expect((await othersComments(opportunity.id, reader.cookie)).map((c) => c.id)).toEqual([
      ids.assigned,
    ]);
    // The comments are kept.
    const stored = await ctx.db
      .select()
      .from(comments)
      .where(eq(comments.opportunityId, opportunity.id));
    expect(stored).toHaveLength(3);
  });
});

describe('statement counts with review-cycle control in use', () => {
  it('keeps the list and the detail at one statement of their own', async () => {
    await settingsOf({ mode: 'assigned', afterOwn: 'true', names: 'false' });
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    await createAssignment(ctx.db, { reviewerId: user.id, opportunityId: opportunity.id });
    await createConflict(ctx.db, { reviewerId: user.id, opportunityId: opportunity.id });
    const list = await ctx.countStatements(() => get('/api/reviewer/opportunities', cookie));
    const detail = await ctx.countStatements(() =>
      get(`/api/reviewer/opportunities/${opportunity.id}`, cookie),
    );
    // The session and user lookups of the guard, plus exactly one query of our own.
    expect({ list, detail }).toEqual({ list: 3, detail: 3 });
  });
});
