import { MAX_OPPORTUNITIES } from '@shared/limits';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { opportunities } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createSignedInUser, send } from '../../test/http';

// Its own file (its own database): the limit is about the total number of opportunities.
const ctx = setupTestApp();

describe('the opportunity limit', () => {
  it(`allows ${MAX_OPPORTUNITIES} opportunities, even under concurrent creation, and refuses the next with 409`, async () => {
    const { cookie } = await createSignedInUser(ctx.app, ctx.db, 'admin');
    const create = (number: number) =>
      send(ctx.app, {
        method: 'POST',
        url: '/api/admin/opportunities',
        cookie,
        payload: { number, title: `Opportunity ${number}` },
      });
    for (let n = 1; n <= MAX_OPPORTUNITIES - 5; n++) {
      expect((await create(n)).statusCode).toBe(201);
    }
    // Ten at once for the last five places: exactly five may win.
    const racing = await Promise.all(
      Array.from({ length: 10 }, (_, i) => create(MAX_OPPORTUNITIES + i)),
    );
    const statuses = racing.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409, 409, 409]);
    const [total] = await ctx.db.select({ n: count() }).from(opportunities);
    expect(total!.n).toBe(MAX_OPPORTUNITIES);

    const refused = await create(999);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'The limit of 50 opportunities has been reached' });
  });

  it('frees a place when an opportunity is deleted, archived ones included', async () => {
    // The previous test left the installation full; an archived opportunity still counts.
    const { cookie } = await createSignedInUser(ctx.app, ctx.db, 'admin');
    const [archived] = await ctx.db
      .update(opportunities)
      .set({ status: 'archived' })
      .where(eq(opportunities.number, 1))
      .returning();
    const create = (number: number) =>
      send(ctx.app, {
        method: 'POST',
        url: '/api/admin/opportunities',
        cookie,
        payload: { number, title: `Opportunity ${number}` },
      });
    expect((await create(1000)).statusCode).toBe(409);

    const deleted = await send(ctx.app, {
      method: 'DELETE',
      url: `/api/admin/opportunities/${archived!.id}`,
      cookie,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await create(1000)).statusCode).toBe(201);
    const [total] = await ctx.db.select({ n: count() }).from(opportunities);
    expect(total!.n).toBe(MAX_OPPORTUNITIES);
    expect((await create(1001)).statusCode).toBe(409);
  });
});
