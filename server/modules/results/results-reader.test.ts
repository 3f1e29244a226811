import { REVIEW_ASSIGNMENT } from '@shared/settings';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { opportunities, reviews, users } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createAssignment } from '../../test/factories/assignments';
import { createConflict } from '../../test/factories/conflicts';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview, scoresOf } from '../../test/factories/reviews';
import { setSetting } from '../../test/factories/settings';
import { createUser } from '../../test/factories/users';
import {
  computeResultsHere,
  createResultsReader,
  RESULTS_PACE_FACTOR,
  type ResultsComputation,
} from './results-reader';

// Issue 38: the reader checks a fingerprint of the input's rows before reading the input itself.
// Whatever changes what the results are computed from must be seen; nothing else recomputes.

const ctx = setupTestApp();

type Opportunity = Awaited<ReturnType<typeof createOpportunity>>;
type Reviewer = Awaited<ReturnType<typeof createUser>>;
let solar: Opportunity;
let wind: Opportunity;
let ada: Reviewer;
let bo: Reviewer;

beforeAll(async () => {
  solar = await createOpportunity(ctx.db, { title: 'Solar' });
  wind = await createOpportunity(ctx.db, { title: 'Wind' });
  ada = await createUser(ctx.db, { name: 'Ada' });
  bo = await createUser(ctx.db, { name: 'Bo' });
  for (const [reviewer, opportunity, score] of [
    [ada, solar, 5],
    [ada, wind, 2],
    [bo, solar, 4],
    [bo, wind, 3],
  ] as const) {
    await createReview(ctx.db, {
      opportunityId: opportunity.id,
      reviewerId: reviewer.id,
      scores: scoresOf([score, score, score, score, score]),
    });
  }
});

/** A reader whose computations are counted (the real computation, on this thread). */
function countingReader() {
  let computations = 0;
  const compute: ResultsComputation = (input) => {
    computations++;
    return computeResultsHere(input);
  };
  return { read: createResultsReader(ctx.db, compute), computations: () => computations };
}

/** What a reader that has never run answers now: the results the data gives. */
const fresh = async () => (await createResultsReader(ctx.db)()).results;

describe('the results reader', () => {
  it('answers unchanged data from its last run after one light statement', async () => {
    const reader = countingReader();
    const first = await reader.read();
    expect(reader.computations()).toBe(1);
    const statements = await ctx.countStatements(() => reader.read());
    expect(statements).toBe(1);
    expect((await reader.read()).results).toEqual(first.results);
    expect(reader.computations()).toBe(1);
  });

  it('paces computations after a change, and callers during the wait share the next one', async () => {
    // A test clock: each computation "takes" 100 ms; the pacing's waits are held until released.
    let clock = 0;
    let computations = 0;
    const waits: number[] = [];
    let release = () => {};
    const read = createResultsReader(
      ctx.db,
      async (input) => {
        computations++;
        clock += 100;
        return computeResultsHere(input);
      },
      {
        now: () => clock,
        wait: (ms) => {
          waits.push(ms);
          return new Promise((resolve) => {
            release = () => {
              clock += ms;
              resolve();
            };
          });
        },
      },
    );
    await read();
    expect(waits).toEqual([]);
    const bosSolar = and(eq(reviews.reviewerId, bo.id), eq(reviews.opportunityId, solar.id));
    await ctx.db.update(reviews).set({ strategicAlignment: 1 }).where(bosSolar);
    const first = read();
    await vi.waitFor(() => expect(waits).toEqual([RESULTS_PACE_FACTOR * 100]));
    // Arriving during the wait, before the input is read: the same run answers both.
    const second = read();
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(b).toBe(a);
    expect(computations).toBe(2);
    expect(a.results).toEqual(await fresh());
    // Unchanged data answers at once, paced or not.
    await read();
    expect(waits).toHaveLength(1);
    // Once the pace has passed, a change is computed without waiting.
    clock += RESULTS_PACE_FACTOR * 100;
    await ctx.db.update(reviews).set({ strategicAlignment: 2 }).where(bosSolar);
    expect((await read()).results).toEqual(await fresh());
    expect(waits).toHaveLength(1);
    expect(computations).toBe(3);
    await ctx.db.update(reviews).set({ strategicAlignment: 4 }).where(bosSolar);
  });

  it('sees every kind of change to what the results are computed from', async () => {
    const reader = countingReader();
    await reader.read();
    const changes: [string, () => Promise<unknown>][] = [
      [
        'a review changed',
        () =>
          ctx.db
            .update(reviews)
            .set({ strategicAlignment: 1 })
            .where(eq(reviews.reviewerId, ada.id)),
      ],
      [
        'a review added',
        async () => {
          const cy = await createUser(ctx.db, { name: 'Cy' });
          await createReview(ctx.db, { opportunityId: wind.id, reviewerId: cy.id });
        },
      ],
      ['a review deleted', () => ctx.db.delete(reviews).where(eq(reviews.reviewerId, bo.id))],
      [
        'an opportunity renamed',
        () =>
          ctx.db
            .update(opportunities)
            .set({ title: 'Solar roofs' })
            .where(eq(opportunities.id, solar.id)),
      ],
      [
        'a reviewer renamed',
        () => ctx.db.update(users).set({ name: 'Ada L.' }).where(eq(users.id, ada.id)),
      ],
      [
        'a conflict declared',
        () => createConflict(ctx.db, { reviewerId: ada.id, opportunityId: solar.id }),
      ],
      ["'assigned' mode", () => setSetting(ctx.db, REVIEW_ASSIGNMENT, 'assigned')],
      [
        'an assignment made',
        () => createAssignment(ctx.db, { reviewerId: ada.id, opportunityId: wind.id }),
      ],
      [
        'an opportunity archived',
        () =>
          ctx.db
            .update(opportunities)
            .set({ status: 'archived' })
            .where(eq(opportunities.id, wind.id)),
      ],
      [
        'a reviewer deactivated',
        () => ctx.db.update(users).set({ isActive: false }).where(eq(users.id, ada.id)),
      ],
    ];
    for (const [change, apply] of changes) {
      const before = (await reader.read()).results;
      await apply();
      const after = (await reader.read()).results;
      expect(after, change).toEqual(await fresh());
      expect(after, change).not.toEqual(before);
    }
    await setSetting(ctx.db, REVIEW_ASSIGNMENT, 'open');
  });
});
