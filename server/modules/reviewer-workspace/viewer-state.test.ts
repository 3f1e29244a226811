import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { opportunities, viewerStates } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createOpportunity } from '../../test/factories/opportunities';
import { createSignedInUser, send } from '../../test/http';

const ctx = setupTestApp();

const URL = '/api/reviewer/viewer-state';

function getState(cookie: string) {
  return send(ctx.app, { method: 'GET', url: URL, cookie });
}

function saveState(payload: unknown, cookie: string) {
  return send(ctx.app, { method: 'POST', url: URL, cookie, payload: payload as object });
}

async function stateRows(reviewerId: string) {
  return ctx.db.select().from(viewerStates).where(eq(viewerStates.reviewerId, reviewerId));
}

describe('GET and POST /api/reviewer/viewer-state', () => {
  it('answers null before anything is saved, then the saved opportunity', async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const first = await createOpportunity(ctx.db);
    const second = await createOpportunity(ctx.db);

    const empty = await getState(cookie);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ lastOpportunityId: null });

    const saved = await saveState({ lastOpportunityId: first.id }, cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ lastOpportunityId: first.id });
    expect((await getState(cookie)).json()).toEqual({ lastOpportunityId: first.id });

    // Saving again replaces the one row.
    expect((await saveState({ lastOpportunityId: second.id }, cookie)).statusCode).toBe(200);
    expect((await getState(cookie)).json()).toEqual({ lastOpportunityId: second.id });
    expect(await stateRows(user.id)).toEqual([
      expect.objectContaining({ lastOpportunityId: second.id, updatedAt: expect.any(Date) }),
    ]);

    // null clears it.
    const cleared = await saveState({ lastOpportunityId: null }, cookie);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ lastOpportunityId: null });
    expect(await stateRows(user.id)).toEqual([
      expect.objectContaining({ lastOpportunityId: null }),
    ]);
  });

  it('keeps one state per reviewer', async () => {
    const ada = await createSignedInUser(ctx.app, ctx.db);
    const alan = await createSignedInUser(ctx.app, ctx.db);
    const one = await createOpportunity(ctx.db);
    const two = await createOpportunity(ctx.db);
    await saveState({ lastOpportunityId: one.id }, ada.cookie);
    expect((await getState(alan.cookie)).json()).toEqual({ lastOpportunityId: null });
    await saveState({ lastOpportunityId: two.id }, alan.cookie);
    expect((await getState(ada.cookie)).json()).toEqual({ lastOpportunityId: one.id });
    expect((await getState(alan.cookie)).json()).toEqual({ lastOpportunityId: two.id });
    expect((await stateRows(ada.user.id))[0]!.lastOpportunityId).toBe(one.id);
    expect((await stateRows(alan.user.id))[0]!.lastOpportunityId).toBe(two.id);
  });

  it('answers null once the last opportunity is unpublished or deleted', async () => {
    const { cookie } = await createSignedInUser(ctx.app, ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    await saveState({ lastOpportunityId: opportunity.id }, cookie);
    await ctx.db
      .update(opportunities)
      .set({ status: 'archived' })
      .where(eq(opportunities.id, opportunity.id));
    expect((await getState(cookie)).json()).toEqual({ lastOpportunityId: null });
    await ctx.db
      .update(opportunities)
      .set({ status: 'published' })
      .where(eq(opportunities.id, opportunity.id));
    expect((await getState(cookie)).json()).toEqual({ lastOpportunityId: opportunity.id });
    await ctx.db.delete(opportunities).where(eq(opportunities.id, opportunity.id));
    expect((await getState(cookie)).json()).toEqual({ lastOpportunityId: null });
  });

  it.each([
    ['a missing lastOpportunityId', {}],
    ['a bad uuid', { lastOpportunityId: 'abc' }],
    ['a number', { lastOpportunityId: 7 }],
  ])('refuses %s with 400 and stores nothing', async (_rule, body) => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const response = await saveState(body, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      expect.objectContaining({ path: 'lastOpportunityId' }),
    ]);
    expect(await stateRows(user.id)).toEqual([]);
  });
});
