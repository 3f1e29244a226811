import { MAX_OPPORTUNITIES } from '@shared/limits';
import { count } from 'drizzle-orm';
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
});
