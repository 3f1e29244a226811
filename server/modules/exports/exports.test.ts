import type { Scores } from '@shared/criteria';
import { compositeOf, toNumericText, weightedCompositeOf } from '@shared/scoring';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createComment } from '../../test/factories/comments';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview, scoresOf } from '../../test/factories/reviews';
import { createUser } from '../../test/factories/users';
import { createSignedInUser } from '../../test/http';

const ctx = setupTestApp();

type Reviewer = Awaited<ReturnType<typeof createUser>>;
type Opportunity = Awaited<ReturnType<typeof createOpportunity>>;
type Comment = Awaited<ReturnType<typeof createComment>>;
type Review = Awaited<ReturnType<typeof createReview>>;

let adminCookie: string;
let reviewerCookie: string;
let ann: Reviewer;
let ben: Reviewer;
let opportunities: Opportunity[];
let reviews: { review: Review; opportunity: Opportunity; reviewer: Reviewer; scores: Scores }[];
let comments: { comment: Comment; opportunity: Opportunity; reviewer: Reviewer }[];

const AWKWARD = 'He said "hi", then\r\nleft; ünïcödé — 日本 🚀';

/** What a text cell must read after parsing: formula starts neutralised, otherwise unchanged. */
const cell = (text: string | null) =>
  text === null ? '' : /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
const iso = (date: Date | null) => (date ? date.toISOString() : '');

const download = (type: string, cookie = adminCookie) =>
  ctx.app.inject({ method: 'GET', url: `/api/admin/export/${type}`, headers: { cookie } });

async function records(type: string) {
  const response = await download(type);
  expect(response.statusCode).toBe(200);
  expect(response.body.startsWith('\uFEFF')).toBe(true);
  expect(response.body.endsWith('\r\n')).toBe(true);
  return parse(response.body, { bom: true, record_delimiter: '\r\n' }) as string[][];
}

beforeAll(async () => {
  adminCookie = (await createSignedInUser(ctx.app, ctx.db, 'admin')).cookie;
  reviewerCookie = (await createSignedInUser(ctx.app, ctx.db, 'reviewer')).cookie;
  ann = await createUser(ctx.db, { name: 'Ann Able', displayName: '@Annie' });
  ben = await createUser(ctx.db, { name: 'Ben Bold, Jr.', isActive: false });
  const created = new Date('2024-03-01T10:00:00.123Z');
  opportunities = [
    await createOpportunity(ctx.db, {
      number: 2,
      title: '=HYPERLINK("http://evil.test","click")',
      description: `+1 then ${AWKWARD}`,
      tags: ['@SUM(A1:A9)', 'plain'],
      batch: '-2',
      createdAt: created,
      publishedAt: new Date('2024-03-02T08:30:00Z'),
    }),
    await createOpportunity(ctx.db, {
      number: 1,
      title: AWKWARD,
      description: '',
      tags: [],
      status: 'draft',
      publishedAt: null,
    }),
    await createOpportunity(ctx.db, {
      number: 3,
      title: '\tTabbed',
      description: '-2',
      tags: ['a', 'b,c'],
      batch: 'Batch "A"',
      status: 'archived',
    }),
  ].sort((a, b) => a.number - b.number);
  const [o1, o2, o3] = opportunities as [Opportunity, Opportunity, Opportunity];
  const plan: [Opportunity, Reviewer, Scores][] = [
    [o1, ben, scoresOf([1, 2, 3, 4, 5])],
    [o1, ann, scoresOf([5, 4, 3, 2, 1])],
    [o2, ann, scoresOf([4, 3, 5, 2, 3])],
    [o3, ben, scoresOf([3, 5, 1, 5, 2])],
  ];
  reviews = [];
  for (const [opportunity, reviewer, scores] of plan) {
    const review = await createReview(ctx.db, {
      opportunityId: opportunity.id,
      reviewerId: reviewer.id,
      scores,
    });
    reviews.push({ review, opportunity, reviewer, scores });
  }
  comments = [
    {
      comment: await createComment(ctx.db, {
        opportunityId: o2.id,
        reviewerId: ben.id,
        howToBiggerBetter: '=1+1',
        challenges: '\tcmd',
        howToGetGoing: AWKWARD,
        otherComments: null,
      }),
      opportunity: o2,
      reviewer: ben,
    },
    {
      comment: await createComment(ctx.db, {
        opportunityId: o2.id,
        reviewerId: ann.id,
        howToBiggerBetter: '-minus',
        challenges: '@mention',
        howToGetGoing: '+plus',
        otherComments: 'fine',
      }),
      opportunity: o2,
      reviewer: ann,
    },
  ];
});

describe('GET /api/admin/export/{type}', () => {
  it('answers 401 to a visitor, 403 to a reviewer and 404 to an unknown type', async () => {
    for (const type of ['opportunities', 'reviews', 'comments', 'nope']) {
      const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/admin/export/${type}` });
      expect(anonymous.statusCode).toBe(401);
      expect((await download(type, reviewerCookie)).statusCode).toBe(403);
    }
    const unknown = await download('users');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Unknown export type' });
  });

  it('sends CSV headers with the UTC date in the file name', async () => {
    for (const type of ['opportunities', 'reviews', 'comments']) {
      const before = new Date().toISOString().slice(0, 10);
      const response = await download(type);
      const after = new Date().toISOString().slice(0, 10);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(
        [before, after].map((d) => `attachment; filename="${type}_export_${d}.csv"`),
      ).toContain(response.headers['content-disposition']);
    }
  });

  it('opportunities: every opportunity, neutralised and byte-identical text', async () => {
    const rows = await records('opportunities');
    expect(rows[0]).toEqual([
      'number',
      'title',
      'description',
      'status',
      'batch',
      'tags',
      'created_at',
      'published_at',
    ]);
    expect(rows.slice(1)).toEqual(
      opportunities.map((o) => [
        String(o.number),
        cell(o.title),
        cell(o.description),
        o.status,
        cell(o.batch),
        cell(o.tags.join('; ')),
        iso(o.createdAt),
        iso(o.publishedAt),
      ]),
    );
    expect(rows[1]![1]).toBe(AWKWARD);
    expect(rows[2]).toEqual([
      '2',
      `'=HYPERLINK("http://evil.test","click")`,
      `'+1 then ${AWKWARD}`,
      'published',
      "'-2",
      "'@SUM(A1:A9); plain",
      '2024-03-01T10:00:00.123Z',
      '2024-03-02T08:30:00.000Z',
    ]);
    expect(rows[3]!.slice(1, 6)).toEqual(["'\tTabbed", "'-2", 'archived', 'Batch "A"', 'a; b,c']);
  });

  it('reviews: scores, plain and weighted composites, by number then reviewer name', async () => {
    const rows = await records('reviews');
    expect(rows[0]).toEqual([
      'opportunity_number',
      'opportunity_title',
      'reviewer_name',
      'reviewer_display_name',
      'reviewer_email',
      'strategic_alignment',
      'sustainability',
      'technology_readiness',
      'market_potential',
      'business_potential',
      'composite',
      'weighted_composite',
      'submitted_at',
      'updated_at',
    ]);
    const expected = [...reviews]
      .sort(
        (a, b) =>
          a.opportunity.number - b.opportunity.number ||
          (a.reviewer.name < b.reviewer.name ? -1 : 1),
      )
      .map(({ review, opportunity, reviewer, scores }) => [
        String(opportunity.number),
        cell(opportunity.title),
        cell(reviewer.name),
        cell(reviewer.displayName),
        reviewer.email,
        ...Object.values(scores).map(String),
        toNumericText(compositeOf(scores)),
        toNumericText(weightedCompositeOf(scores)),
        iso(review.submittedAt),
        iso(review.updatedAt),
      ]);
    expect(rows.slice(1)).toEqual(expected);
    // Ann before Ben on #1; her display name is neutralised, Ben has none.
    expect(rows[1]!.slice(2, 4)).toEqual(['Ann Able', "'@Annie"]);
    expect(rows[2]!.slice(2, 4)).toEqual(['Ben Bold, Jr.', '']);
    // 1,2,3,4,5: plain mean 3; weighted 0.35*4 + 0.25*3 + 0.25*5 + 0.15*1.5 = 3.625.
    expect(rows[2]!.slice(10, 12)).toEqual(['3.0000', '3.6250']);
  });

  it('comments: the four fields, neutralised, nulls as empty cells', async () => {
    const rows = await records('comments');
    expect(rows[0]).toEqual([
      'opportunity_number',
      'opportunity_title',
      'reviewer_name',
      'reviewer_email',
      'how_to_bigger_better',
      'challenges',
      'how_to_get_going',
      'other_comments',
      'submitted_at',
      'updated_at',
    ]);
    const [fromBen, fromAnn] = comments;
    expect(rows.slice(1)).toEqual(
      [fromAnn!, fromBen!].map(({ comment, opportunity, reviewer }) => [
        String(opportunity.number),
        cell(opportunity.title),
        cell(reviewer.name),
        reviewer.email,
        cell(comment.howToBiggerBetter),
        cell(comment.challenges),
        cell(comment.howToGetGoing),
        cell(comment.otherComments),
        iso(comment.submittedAt),
        iso(comment.updatedAt),
      ]),
    );
    expect(rows[1]!.slice(4, 8)).toEqual(["'-minus", "'@mention", "'+plus", 'fine']);
    expect(rows[2]!.slice(4, 8)).toEqual(["'=1+1", "'\tcmd", AWKWARD, '']);
  });

  it('leaves out a deleted reviewer', async () => {
    await ctx.db.delete(users).where(eq(users.id, ben.id));
    const reviewRows = await records('reviews');
    expect(reviewRows.slice(1).map((r) => r[2])).toEqual(['Ann Able', 'Ann Able']);
    const commentRows = await records('comments');
    expect(commentRows.slice(1).map((r) => r[3])).toEqual([ann.email]);
    expect((await records('opportunities')).length).toBe(4);
  });
});
