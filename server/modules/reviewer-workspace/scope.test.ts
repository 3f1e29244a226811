import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/build-test-app';
import { setSetting } from '../../test/factories/settings';
import { createSignedInUser, send } from '../../test/http';

const ctx = setupTestApp();

// Issue 38: the reviewer's empty list says why it is empty, so the page needs the mode.
describe('GET /api/reviewer/scope', () => {
  it("answers the review_assignment mode ('open' by default)", async () => {
    const { cookie } = await createSignedInUser(ctx.app, ctx.db);
    const get = () => send(ctx.app, { method: 'GET', url: '/api/reviewer/scope', cookie });
    expect((await get()).json()).toEqual({ mode: 'open' });
    await setSetting(ctx.db, 'review_assignment', 'assigned');
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ mode: 'assigned' });
    await setSetting(ctx.db, 'review_assignment', 'open');
  });

  it('is for reviewers only', async () => {
    const { cookie } = await createSignedInUser(ctx.app, ctx.db, 'admin');
    expect(
      (await send(ctx.app, { method: 'GET', url: '/api/reviewer/scope', cookie })).statusCode,
    ).toBe(403);
    expect((await send(ctx.app, { method: 'GET', url: '/api/reviewer/scope' })).statusCode).toBe(
      401,
    );
  });
});
