import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../db/schema/index';
import { createOpportunity } from '../test/factories/opportunities';
import { createReview } from '../test/factories/reviews';
import { createUser } from '../test/factories/users';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { checkLedger, recordAttempt, type SaveLedger, scoresFor } from './fault-support';

// The fault tests are only as good as their check: it must see a lost or half-written save.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

async function storedReview(scores = scoresFor(1)) {
  const reviewer = await createUser(database.db);
  const opportunity = await createOpportunity(database.db);
  const row = await createReview(database.db, {
    reviewerId: reviewer.id,
    opportunityId: opportunity.id,
    scores,
  });
  return { key: `${reviewer.id}/${opportunity.id}`, row };
}

describe('checkLedger', () => {
  it('accepts the last acknowledged save, or a later unanswered one', async () => {
    const acked = await storedReview(scoresFor(1));
    const inDoubt = await storedReview(scoresFor(3));
    const ledger: SaveLedger = new Map();
    recordAttempt(ledger, acked.key, scoresFor(0), 200);
    recordAttempt(ledger, acked.key, scoresFor(1), 200);
    recordAttempt(ledger, inDoubt.key, scoresFor(2), 200);
    recordAttempt(ledger, inDoubt.key, scoresFor(3), 0);
    expect(await checkLedger(database.pool, ledger)).toMatchObject({
      acknowledged: 3,
      lost: [],
      halfWritten: [],
    });
  });

  it('reports a save overwritten by an older one, a missing row, and a wrong composite', async () => {
    const stale = await storedReview(scoresFor(1));
    const missing = await storedReview(scoresFor(1));
    await database.db.delete(reviews).where(eq(reviews.id, missing.row.id));
    const broken = await storedReview(scoresFor(1));
    await database.db
      .update(reviews)
      .set({ composite: '9.0000' })
      .where(eq(reviews.id, broken.row.id));
    const ledger: SaveLedger = new Map();
    recordAttempt(ledger, stale.key, scoresFor(1), 200);
    recordAttempt(ledger, stale.key, scoresFor(2), 200);
    recordAttempt(ledger, missing.key, scoresFor(1), 200);
    const check = await checkLedger(database.pool, ledger);
    expect(check.lost.sort()).toEqual([stale.key, missing.key].sort());
    expect(check.halfWritten).toContain(broken.key);
  });
});
