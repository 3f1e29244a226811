import { CRITERIA } from '@shared/criteria';
import { type ReviewerOpportunity, reviewerOpportunitySchema } from '@shared/reviewer-schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setupTestApp } from '../../test/build-test-app';
import { createComment } from '../../test/factories/comments';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview } from '../../test/factories/reviews';
import { createUser } from '../../test/factories/users';
import { createSignedInUser } from '../../test/http';

const ctx = setupTestApp();

function get(url: string, cookie: string) {
  return ctx.app.inject({ method: 'GET', url, headers: { cookie } });
}

const list = (cookie: string) => get('/api/reviewer/opportunities', cookie);
const detail = (id: string, cookie: string) => get(`/api/reviewer/opportunities/${id}`, cookie);

type Item = ReviewerOpportunity;

describe('GET /api/reviewer/opportunities', () => {
  it('lists published opportunities only, by number, with the exact shape', async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const later = await createOpportunity(ctx.db, { number: 902, imageUrl: '/api/images/x' });
    const earlier = await createOpportunity(ctx.db, { number: 901, tags: [] });
    const draft = await createOpportunity(ctx.db, { number: 903, status: 'draft' });
    const archived = await createOpportunity(ctx.db, { number: 904, status: 'archived' });
    await createReview(ctx.db, { opportunityId: later.id, reviewerId: user.id });

    const response = await list(cookie);
    expect(response.statusCode).toBe(200);
    const items: Item[] = response.json();
    const ids = items.map((item) => item.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(archived.id);
    const numbers = items.map((item) => item.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const mine = items.filter((item) => [earlier.id, later.id].includes(item.id));
    expect(mine).toEqual([
      {
        id: earlier.id,
        number: 901,
        title: 'Opportunity 901',
        description: 'Description of opportunity 901',
        imageUrl: null,
        tags: [],
        reviewStatus: 'not_started',
        userReview: null,
        userComment: null,
      },
      {
        id: later.id,
        number: 902,
        title: 'Opportunity 902',
        description: 'Description of opportunity 902',
        imageUrl: '/api/images/x',
        tags: ['energy', 'water'],
        reviewStatus: 'done',
        userReview: {
          composite: '3.4000',
          strategicAlignment: 4,
          sustainability: 3,
          technologyReadiness: 5,
          marketPotential: 2,
          businessPotential: 3,
        },
        userComment: null,
      },
    ]);
  });

  it('answers each item exactly as the detail presents it, in the schema and nothing more', async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const reviewed = await createOpportunity(ctx.db, {
      number: 911,
      title: 'Quotes " and \\ backslashes, émojis 🌍 and <tags>',
      tags: ['a "b"', 'ç'],
    });
    const commented = await createOpportunity(ctx.db, { number: 912 });
    await createReview(ctx.db, { opportunityId: reviewed.id, reviewerId: user.id });
    await createComment(ctx.db, {
      opportunityId: reviewed.id,
      reviewerId: user.id,
      howToGetGoing: 'Line one\nline two\ttab',
      otherComments: '',
    });
    await createComment(ctx.db, { opportunityId: commented.id, reviewerId: user.id });
    const response = await list(cookie);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const items = response.json() as Item[];
    expect(z.array(reviewerOpportunitySchema).parse(items)).toEqual(items);
    for (const item of items) {
      expect(item).toEqual((await detail(item.id, cookie)).json());
    }
    expect(items.map((item) => item.reviewStatus)).toContain('in_progress');
    const done = items.find((item) => item.id === reviewed.id)!;
    expect(done.reviewStatus).toBe('done');
    // SPEC.md section 3: the composite and the five scores, the four comment fields.
    expect(Object.keys(done.userReview!).sort()).toEqual(
      ['composite', ...CRITERIA.map((criterion) => criterion.key)].sort(),
    );
    expect(Object.keys(done.userComment!).sort()).toEqual([
      'challenges',
      'howToBiggerBetter',
      'howToGetGoing',
      'otherComments',
    ]);
  });

  it("shows each reviewer only their own review and comment, never another's", async () => {
    const me = await createSignedInUser(ctx.app, ctx.db);
    const other = await createUser(ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    await createReview(ctx.db, { opportunityId: opportunity.id, reviewerId: other.id });
    await createComment(ctx.db, { opportunityId: opportunity.id, reviewerId: other.id });

    const items: Item[] = (await list(me.cookie)).json();
    expect(items.filter((item) => item.id === opportunity.id)).toEqual([
      expect.objectContaining({ reviewStatus: 'not_started', userReview: null, userComment: null }),
    ]);
  });

  it('moves not_started -> in_progress after a comment -> done after a review', async () => {
    const { cookie } = await createSignedInUser(ctx.app, ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    const statusNow = async () => {
      const items: Item[] = (await list(cookie)).json();
      const fromList = items.find((item) => item.id === opportunity.id)!.reviewStatus;
      expect((await detail(opportunity.id, cookie)).json().reviewStatus).toBe(fromList);
      return fromList;
    };
    const post = (url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload });

    expect(await statusNow()).toBe('not_started');
    const saved = await post('/api/reviewer/comments', {
      opportunityId: opportunity.id,
      challenges: 'Regulation',
    });
    expect(saved.statusCode).toBe(200);
    expect(await statusNow()).toBe('in_progress');
    const reviewed = await post('/api/reviewer/reviews', {
      opportunityId: opportunity.id,
      strategicAlignment: 1,
      sustainability: 1,
      technologyReadiness: 1,
      marketPotential: 1,
      businessPotential: 1,
    });
    expect(reviewed.statusCode).toBe(200);
    expect(await statusNow()).toBe('done');
  });

  it('takes the same number of SQL statements for 2 or 40 opportunities and many reviews', async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const few = [await createOpportunity(ctx.db), await createOpportunity(ctx.db)];
    await createReview(ctx.db, { opportunityId: few[0]!.id, reviewerId: user.id });
    const countList = () => ctx.countStatements(() => list(cookie));
    const countDetail = () => ctx.countStatements(() => detail(few[0]!.id, cookie));
    const smallList = await countList();
    const smallDetail = await countDetail();

    const others = await Promise.all(Array.from({ length: 6 }, () => createUser(ctx.db)));
    for (let i = 0; i < 38; i++) {
      const opportunity = await createOpportunity(ctx.db);
      for (const reviewer of [user, ...others]) {
        await createReview(ctx.db, { opportunityId: opportunity.id, reviewerId: reviewer.id });
        await createComment(ctx.db, { opportunityId: opportunity.id, reviewerId: reviewer.id });
      }
    }
    for (const reviewer of others) {
      await createReview(ctx.db, { opportunityId: few[0]!.id, reviewerId: reviewer.id });
    }
    const items: Item[] = (await list(cookie)).json();
    expect(items.length).toBeGreaterThanOrEqual(40);
    expect(await countList()).toBe(smallList);
    expect(await countDetail()).toBe(smallDetail);
    // The session and user lookups of the guard, plus exactly one query of our own.
    expect(smallList).toBe(3);
    expect(smallDetail).toBe(3);
  });
});

describe('GET /api/reviewer/opportunities/{id}', () => {
  it("answers one published opportunity with the caller's review and comment", async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const opportunity = await createOpportunity(ctx.db, {
      description: 'Line one\nLine two',
      tags: ['a', 'b', 'c', 'd'],
    });
    await createComment(ctx.db, {
      opportunityId: opportunity.id,
      reviewerId: user.id,
      howToBiggerBetter: 'Partner up',
      challenges: null,
      howToGetGoing: '',
      otherComments: 'Fine',
    });

    const response = await detail(opportunity.id, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: opportunity.id,
      number: opportunity.number,
      title: opportunity.title,
      description: 'Line one\nLine two',
      imageUrl: null,
      tags: ['a', 'b', 'c', 'd'],
      reviewStatus: 'in_progress',
      userReview: null,
      userComment: {
        howToBiggerBetter: 'Partner up',
        challenges: null,
        howToGetGoing: '',
        otherComments: 'Fine',
      },
    });
  });
});
