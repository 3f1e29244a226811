import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comments, images, opportunities, reviews, viewerStates } from '../../db/schema/index';
import { expectAdminOnly } from '../../test/assertions';
import { setupTestApp } from '../../test/build-test-app';
import { createComment } from '../../test/factories/comments';
import { createImage } from '../../test/factories/images';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview } from '../../test/factories/reviews';
import { unknownId } from '../../test/factories/sequence';
import { createUser } from '../../test/factories/users';
import { createViewerState } from '../../test/factories/viewer-states';
import { createSignedInUser, requestsAs, setupAccess } from '../../test/http';
import { auditRowsFor } from '../../test/queries';
import { imageUrlOf } from '../images/queries';

const ctx = setupTestApp();
const access = setupAccess(ctx);
const asAdmin = requestsAs(ctx, () => access.admin.cookie);

const impactUrl = (id: string) => `/api/admin/opportunities/${id}/deletion-impact`;
const deleteUrl = (id: string) => `/api/admin/opportunities/${id}`;

async function opportunityRow(id: string) {
  const [row] = await ctx.db.select().from(opportunities).where(eq(opportunities.id, id));
  return row;
}

/** An opportunity with an uploaded image, 2 reviews, 1 comment and 1 viewer state on it. */
async function opportunityWithWork() {
  const image = await createImage(ctx.db);
  const opportunity = await createOpportunity(ctx.db, { imageUrl: imageUrlOf(image.id) });
  const [ann, bob] = [await createUser(ctx.db), await createUser(ctx.db)];
  await createReview(ctx.db, { opportunityId: opportunity.id, reviewerId: ann.id });
  await createReview(ctx.db, { opportunityId: opportunity.id, reviewerId: bob.id });
  await createComment(ctx.db, { opportunityId: opportunity.id, reviewerId: ann.id });
  await createViewerState(ctx.db, { reviewerId: bob.id, lastOpportunityId: opportunity.id });
  return { opportunity, image, reviewers: [ann, bob] as const };
}

describe('access to deleting an opportunity', () => {
  it('refuses anonymous (401), reviewers (403) and inactive admins (403), and keeps the row', async () => {
    const existing = await createOpportunity(ctx.db);
    await expectAdminOnly(ctx.app, access, { method: 'GET', url: impactUrl(existing.id) });
    await expectAdminOnly(ctx.app, access, { method: 'DELETE', url: deleteUrl(existing.id) });
    expect(await opportunityRow(existing.id)).toBeDefined();
    expect(await auditRowsFor(ctx.db, existing.id)).toEqual([]);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    for (const url of [impactUrl(unknownId()), deleteUrl(unknownId())]) {
      const method = url.endsWith('deletion-impact') ? 'GET' : 'DELETE';
      const response = await asAdmin(method, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Opportunity not found' });
    }
    const malformed = await asAdmin('DELETE', deleteUrl('not-a-uuid'));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: expect.any(String) });
  });
});

describe('DELETE /api/admin/opportunities/{id}', () => {
  it('lists what would go, then deletes the opportunity with its reviews, comments and image', async () => {
    const doomed = await opportunityWithWork();
    const kept = await opportunityWithWork();
    const expected = { reviews: 2, comments: 1, viewerStates: 1, images: 1 };

    const impact = await asAdmin('GET', impactUrl(doomed.opportunity.id));
    expect(impact.statusCode).toBe(200);
    expect(impact.json()).toEqual(expected);
    expect(await opportunityRow(doomed.opportunity.id)).toBeDefined();

    const response = await asAdmin('DELETE', deleteUrl(doomed.opportunity.id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: doomed.opportunity.id,
      number: doomed.opportunity.number,
      title: doomed.opportunity.title,
      removed: expected,
    });

    const ids = [doomed.opportunity.id, kept.opportunity.id];
    const reviewsLeft = await ctx.db
      .select()
      .from(reviews)
      .where(inArray(reviews.opportunityId, ids));
    expect(reviewsLeft.map((r) => r.opportunityId)).toEqual([
      kept.opportunity.id,
      kept.opportunity.id,
    ]);
    const commentsLeft = await ctx.db
      .select()
      .from(comments)
      .where(inArray(comments.opportunityId, ids));
    expect(commentsLeft.map((c) => c.opportunityId)).toEqual([kept.opportunity.id]);
    // The viewer state stays (it is the reviewer's), without the deleted opportunity.
    const states = await ctx.db
      .select()
      .from(viewerStates)
      .where(inArray(viewerStates.reviewerId, [doomed.reviewers[1].id, kept.reviewers[1].id]));
    expect(new Map(states.map((s) => [s.reviewerId, s.lastOpportunityId]))).toEqual(
      new Map([
        [doomed.reviewers[1].id, null],
        [kept.reviewers[1].id, kept.opportunity.id],
      ]),
    );
    const imagesLeft = await ctx.db
      .select({ id: images.id })
      .from(images)
      .where(inArray(images.id, [doomed.image.id, kept.image.id]));
    expect(imagesLeft).toEqual([{ id: kept.image.id }]);
    expect(await opportunityRow(doomed.opportunity.id)).toBeUndefined();
    expect(await opportunityRow(kept.opportunity.id)).toEqual(kept.opportunity);

    const [audit, ...more] = await auditRowsFor(ctx.db, doomed.opportunity.id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      userId: access.admin.user.id,
      action: 'opportunity.delete',
      entityType: 'opportunity',
      changes: {
        before: { number: doomed.opportunity.number, title: doomed.opportunity.title },
        removed: expected,
      },
    });

    const again = await asAdmin('DELETE', deleteUrl(doomed.opportunity.id));
    expect(again.statusCode).toBe(404);
  });

  it('is gone for reviewers: their detail answers 404 and the viewer state forgets it', async () => {
    const reviewer = await createSignedInUser(ctx.app, ctx.db, 'reviewer');
    const opportunity = await createOpportunity(ctx.db);
    await createViewerState(ctx.db, {
      reviewerId: reviewer.user.id,
      lastOpportunityId: opportunity.id,
    });
    const asReviewer = requestsAs(ctx, () => reviewer.cookie);
    expect(
      (await asReviewer('GET', `/api/reviewer/opportunities/${opportunity.id}`)).statusCode,
    ).toBe(200);
    expect((await asAdmin('DELETE', deleteUrl(opportunity.id))).statusCode).toBe(200);
    expect(
      (await asReviewer('GET', `/api/reviewer/opportunities/${opportunity.id}`)).statusCode,
    ).toBe(404);
    expect((await asReviewer('GET', '/api/reviewer/viewer-state')).json()).toEqual({
      lastOpportunityId: null,
    });
  });

  it('keeps an image another opportunity still shows, and counts nothing for an outside url', async () => {
    const image = await createImage(ctx.db);
    const url = imageUrlOf(image.id);
    const first = await createOpportunity(ctx.db, { imageUrl: url, status: 'archived' });
    const second = await createOpportunity(ctx.db, { imageUrl: url });
    const outside = await createOpportunity(ctx.db, { imageUrl: 'https://example.test/a.png' });

    expect((await asAdmin('GET', impactUrl(first.id))).json()).toMatchObject({ images: 0 });
    expect((await asAdmin('DELETE', deleteUrl(first.id))).json()).toMatchObject({
      removed: { reviews: 0, comments: 0, viewerStates: 0, images: 0 },
    });
    expect(
      await ctx.db.select({ id: images.id }).from(images).where(eq(images.id, image.id)),
    ).toEqual([{ id: image.id }]);
    // The last opportunity showing it takes it along.
    expect((await asAdmin('DELETE', deleteUrl(second.id))).json()).toMatchObject({
      removed: { images: 1 },
    });
    expect(await ctx.db.select().from(images).where(eq(images.id, image.id))).toEqual([]);
    expect((await asAdmin('DELETE', deleteUrl(outside.id))).json()).toMatchObject({
      removed: { images: 0 },
    });
  });
});
