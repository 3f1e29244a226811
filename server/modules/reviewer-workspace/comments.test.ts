import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comments } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createComment } from '../../test/factories/comments';
import { createOpportunity } from '../../test/factories/opportunities';
import { setShowReviewerComments } from '../../test/factories/settings';
import { createUser } from '../../test/factories/users';
import { createSignedInUser, send } from '../../test/http';

const ctx = setupTestApp();

function saveComment(payload: unknown, cookie: string) {
  return send(ctx.app, {
    method: 'POST',
    url: '/api/reviewer/comments',
    cookie,
    payload: payload as object,
  });
}

function listComments(opportunityId: string, cookie: string) {
  return send(ctx.app, {
    method: 'GET',
    url: `/api/reviewer/opportunities/${opportunityId}/comments`,
    cookie,
  });
}

async function commentRows(opportunityId: string, reviewerId: string) {
  return ctx.db
    .select()
    .from(comments)
    .where(and(eq(comments.opportunityId, opportunityId), eq(comments.reviewerId, reviewerId)));
}

const UNICODE_TEXT = 'Zürich → 東京 🚀\r\nline two\n\ttabbed "quoted" \\ back\u00a0nbsp e\u0301';

describe('POST /api/reviewer/comments', () => {
  it('creates the comment and stores text byte-identical (unicode, newlines, empty strings)', async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    const response = await saveComment(
      {
        opportunityId: opportunity.id,
        howToBiggerBetter: UNICODE_TEXT,
        challenges: '',
        howToGetGoing: null,
      },
      cookie,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(String),
      opportunityId: opportunity.id,
      howToBiggerBetter: UNICODE_TEXT,
      challenges: '',
      howToGetGoing: null,
      otherComments: null,
      submittedAt: expect.any(String),
      updatedAt: body.submittedAt,
    });
    const [row] = await commentRows(opportunity.id, user.id);
    expect(Buffer.from(row!.howToBiggerBetter!, 'utf8')).toEqual(Buffer.from(UNICODE_TEXT, 'utf8'));
    expect(row).toMatchObject({ challenges: '', howToGetGoing: null, otherComments: null });
    const detail = await send(ctx.app, {
      method: 'GET',
      url: `/api/reviewer/opportunities/${opportunity.id}`,
      cookie,
    });
    expect(detail.json().userComment.howToBiggerBetter).toBe(UNICODE_TEXT);
  });

  it('replaces the whole comment: one row, missing fields become null, submittedAt kept', async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    const first = (
      await saveComment(
        { opportunityId: opportunity.id, howToBiggerBetter: 'A', challenges: 'B' },
        cookie,
      )
    ).json();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await saveComment({ opportunityId: opportunity.id, otherComments: 'C' }, cookie);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      id: first.id,
      howToBiggerBetter: null,
      challenges: null,
      otherComments: 'C',
      submittedAt: first.submittedAt,
    });
    expect(Date.parse(second.json().updatedAt)).toBeGreaterThan(Date.parse(first.updatedAt));
    expect(await commentRows(opportunity.id, user.id)).toEqual([
      expect.objectContaining({ id: first.id, howToBiggerBetter: null, otherComments: 'C' }),
    ]);
  });

  it('keeps exactly one row when 20 saves run at once', async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    const texts = Array.from({ length: 20 }, (_, i) => `draft ${i}`);
    const responses = await Promise.all(
      texts.map((text) => saveComment({ opportunityId: opportunity.id, challenges: text }, cookie)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const rows = await commentRows(opportunity.id, user.id);
    expect(rows).toHaveLength(1);
    expect(texts).toContain(rows[0]!.challenges);
  });

  it('accepts exactly 10000 characters in a field', async () => {
    const { cookie } = await createSignedInUser(ctx.app, ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    const text = 'x'.repeat(10_000);
    const response = await saveComment({ opportunityId: opportunity.id, challenges: text }, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().challenges).toBe(text);
  });

  it.each([
    ['an extra-long comment', { howToGetGoing: 'x'.repeat(10_001) }, 'howToGetGoing'],
    ['a number as text', { challenges: 42 }, 'challenges'],
    ['a NUL character', { otherComments: 'a\u0000b' }, 'otherComments'],
    ['a lone surrogate', { otherComments: 'a\ud800b' }, 'otherComments'],
    ['a bad opportunity id', { opportunityId: '1234' }, 'opportunityId'],
  ])('refuses %s with 400 and stores nothing', async (_rule, body, path) => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    const response = await saveComment({ opportunityId: opportunity.id, ...body }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([expect.objectContaining({ path })]);
    expect(await commentRows(opportunity.id, user.id)).toEqual([]);
  });
});

describe('GET /api/reviewer/opportunities/{id}/comments', () => {
  it("lists other reviewers' comments only while the setting is 'true'", async () => {
    const me = await createSignedInUser(ctx.app, ctx.db);
    const ada = await createUser(ctx.db, { name: 'Ada Lovelace', displayName: 'Ada' });
    const alan = await createUser(ctx.db, { name: 'Alan Turing', displayName: null });
    const opportunity = await createOpportunity(ctx.db);
    const older = await createComment(ctx.db, {
      opportunityId: opportunity.id,
      reviewerId: alan.id,
      howToBiggerBetter: null,
      challenges: 'Only challenges',
      submittedAt: new Date('2024-01-01T00:00:00Z'),
    });
    const newer = await createComment(ctx.db, {
      opportunityId: opportunity.id,
      reviewerId: ada.id,
      howToBiggerBetter: UNICODE_TEXT,
      challenges: null,
      howToGetGoing: 'Pilot',
      otherComments: '',
      submittedAt: new Date('2024-02-01T00:00:00Z'),
    });
    await createComment(ctx.db, { opportunityId: opportunity.id, reviewerId: me.user.id });

    // No settings row: the default is 'false'.
    await ctx.db.execute(sql`delete from settings where key = 'show_reviewer_comments'`);
    const hidden = await listComments(opportunity.id, me.cookie);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual([]);
    await setShowReviewerComments(ctx.db, 'false');
    expect((await listComments(opportunity.id, me.cookie)).json()).toEqual([]);

    await setShowReviewerComments(ctx.db, 'true');
    const shown = await listComments(opportunity.id, me.cookie);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual([
      {
        id: older.id,
        submittedAt: '2024-01-01T00:00:00.000Z',
        howToBiggerBetter: null,
        challenges: 'Only challenges',
        howToGetGoing: null,
        otherComments: null,
        reviewer: { name: 'Alan Turing', displayName: null },
      },
      {
        id: newer.id,
        submittedAt: '2024-02-01T00:00:00.000Z',
        howToBiggerBetter: UNICODE_TEXT,
        challenges: null,
        howToGetGoing: 'Pilot',
        otherComments: '',
        reviewer: { name: 'Ada Lovelace', displayName: 'Ada' },
      },
    ]);
    expect(shown.body).not.toContain(ada.email);

    await setShowReviewerComments(ctx.db, 'false');
    expect((await listComments(opportunity.id, me.cookie)).json()).toEqual([]);
  });

  it("never lists the caller's own comment, and skips comments with no text", async () => {
    await setShowReviewerComments(ctx.db, 'true');
    const me = await createSignedInUser(ctx.app, ctx.db);
    const blank = await createUser(ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    await createComment(ctx.db, { opportunityId: opportunity.id, reviewerId: me.user.id });
    await createComment(ctx.db, {
      opportunityId: opportunity.id,
      reviewerId: blank.id,
      howToBiggerBetter: '',
      challenges: '  \n\t ',
      howToGetGoing: null,
      otherComments: null,
    });
    expect((await listComments(opportunity.id, me.cookie)).json()).toEqual([]);

    // The same comment is listed for someone else, since it is not theirs.
    const other = await createSignedInUser(ctx.app, ctx.db);
    const seenByOther = (await listComments(opportunity.id, other.cookie)).json();
    expect(seenByOther.map((c: { reviewer: { name: string } }) => c.reviewer.name)).toEqual([
      me.user.name,
    ]);
  });
});
