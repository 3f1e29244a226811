import { BALLOT_INTERVAL_LEVEL, BALLOT_OPEN, BALLOT_RESAMPLES } from '@shared/ballot';
import { type BallotResults, ballotResultsSchema } from '@shared/ballot-schemas';
import { resultsSchema } from '@shared/results-schemas';
import { REVIEW_ASSIGNMENT } from '@shared/settings';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { conflicts, users } from '../../db/schema/index';
import { expectAdminOnly } from '../../test/assertions';
import { setupTestApp } from '../../test/build-test-app';
import { createAssignment } from '../../test/factories/assignments';
import { createBallot } from '../../test/factories/ballots';
import { createConflict } from '../../test/factories/conflicts';
import { createDecision } from '../../test/factories/decisions';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview, scoresOf } from '../../test/factories/reviews';
import { setSetting } from '../../test/factories/settings';
import { createUser } from '../../test/factories/users';
import { type AccessFixtures, createAccessFixtures, send } from '../../test/http';
import { percentOf } from './sentences';

// Issue 37: the admin's count of the finalist ballot, against figures worked out by hand.

const ctx = setupTestApp();
let access: AccessFixtures;

const FORMULA = '=HYPERLINK("http://evil.test","click")';

type Opportunity = Awaited<ReturnType<typeof createOpportunity>>;
let x: Opportunity;
let y: Opportunity;
let z: Opportunity;

beforeAll(async () => {
  access = await createAccessFixtures(ctx.app, ctx.db);
  x = await createOpportunity(ctx.db, { title: 'Solar kiosks' });
  y = await createOpportunity(ctx.db, { title: 'Water carts' });
  // Archived, so Results (published opportunities) has no composite for it.
  z = await createOpportunity(ctx.db, { title: FORMULA, status: 'archived' });
  const outsider = await createOpportunity(ctx.db, { title: 'Not shortlisted' });
  for (const opportunity of [x, y, z])
    await createDecision(ctx.db, { opportunityId: opportunity.id });
  await createDecision(ctx.db, { opportunityId: outsider.id, outcome: 'declined' });
  const scorer = await createUser(ctx.db, { name: 'Scorer without a ballot' });
  await createReview(ctx.db, {
    opportunityId: x.id,
    reviewerId: scorer.id,
    scores: scoresOf([5, 5, 5, 5, 4]),
  });
  await createReview(ctx.db, {
    opportunityId: y.id,
    reviewerId: scorer.id,
    scores: scoresOf([2, 2, 3, 2, 2]),
  });
  await setSetting(ctx.db, BALLOT_OPEN, 'true');
});

async function results(): Promise<BallotResults> {
  const response = await send(ctx.app, {
    method: 'GET',
    url: '/api/admin/ballot/results',
    cookie: access.admin.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  // The count's own time, for operators and the bench (Server-Timing).
  expect(response.headers['server-timing']).toMatch(/^count;dur=\d+\.\d$/);
  return ballotResultsSchema.parse(response.json());
}

const byIds = (...rows: Opportunity[]) => rows.map((row) => row.id);

/** Voters who cast each ranking (by name, so the voters list has a known order). */
async function castVoters(count: number, prefix: string, ranking: () => string[][]) {
  const cast = [];
  for (let i = 0; i < count; i += 1) {
    const voter = await createUser(ctx.db, { name: `${prefix} ${i}` });
    await createBallot(ctx.db, voter.id, ranking());
    cast.push(voter);
  }
  return cast;
}

describe('the ballot results', () => {
  it('are for active admins only (a reviewer never reads them)', async () => {
    await expectAdminOnly(ctx.app, access, { method: 'GET', url: '/api/admin/ballot/results' });
    await expectAdminOnly(ctx.app, access, { method: 'GET', url: '/api/admin/export/ballot' });
  });

  it('say there are no ballots before any is cast', async () => {
    const body = await results();
    expect(body.ballots).toBe(0);
    expect(body.voters).toEqual([]);
    expect(body.candidates.map((row) => row.id)).toEqual(byIds(x, y, z));
    expect(body.d).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(body.winner).toEqual({ clear: false, message: 'No ballots yet.' });
    expect(body.open).toBe(true);
    expect(body.resamples).toBe(BALLOT_RESAMPLES);
    expect(body.level).toBe(BALLOT_INTERVAL_LEVEL);
  });

  it("count the electorate's ballots into the matrices worked out by hand", async () => {
    // 4 x (X > Y > Z), 2 x (Y > Z > X), 3 x (Z > X > Y); some leave their last one unranked,
    // which ranks it below the others just the same.
    await castVoters(3, 'Ann', () => [[x.id], [y.id], [z.id]]);
    await castVoters(1, 'Bob', () => [[x.id], [y.id]]);
    await castVoters(2, 'Cat', () => [[y.id], [z.id], [x.id]]);
    await castVoters(2, 'Dan', () => [[z.id], [x.id], [y.id]]);
    await castVoters(1, 'Eve', () => [[z.id], [x.id]]);
    // Not counted: a deactivated reviewer, an admin's stray row, a ballot of non-finalists only.
    const inactive = await createUser(ctx.db, { name: 'Zed inactive', isActive: false });
    await createBallot(ctx.db, inactive.id, [[z.id], [y.id], [x.id]]);
    await createBallot(ctx.db, access.admin.user.id, [[z.id], [y.id], [x.id]]);
    const stale = await createUser(ctx.db, { name: 'Zoe stale' });
    await createBallot(ctx.db, stale.id, [[crypto.randomUUID()]]);

    const body = await results();
    expect(body.ballots).toBe(9);
    expect(body.voters.map((voter) => voter.name)).toEqual([
      'Ann 0',
      'Ann 1',
      'Ann 2',
      'Bob 0',
      'Cat 0',
      'Cat 1',
      'Dan 0',
      'Dan 1',
      'Eve 0',
    ]);
    // Every active reviewer may vote in 'open' mode: those with ballots, Zoe, the access
    // fixtures' reviewer; not the deactivated ones.
    const activeReviewers = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.isActive, true));
    expect(body.electorate).toBe(
      activeReviewers.length - 1, // the admin
    );
    expect(body.d).toEqual([
      [0, 7, 4],
      [2, 0, 6],
      [5, 3, 0],
    ]);
    // X->Y 7, Y->Z 6, Z->X 5: the cycle's weakest link (Z over X) breaks it.
    expect(body.p).toEqual([
      [0, 7, 6],
      [5, 0, 6],
      [5, 5, 0],
    ]);
    expect(body.schulze).toEqual([[x.id], [y.id], [z.id]]);
    // Borda: X 4x2 + 3x1 = 11, Y 4 + 2x2 = 8, Z 2 + 3x2 = 8.
    expect(body.borda).toEqual([[x.id], [y.id, z.id]]);
    expect(body.places.map((place) => [place.place, place.bordaPoints, place.bordaPlace])).toEqual([
      [1, 11, 1],
      [2, 8, 2],
      [3, 8, 2],
    ]);

    const scores = resultsSchema.parse(
      (
        await send(ctx.app, {
          method: 'GET',
          url: '/api/admin/results',
          cookie: access.admin.cookie,
        })
      ).json(),
    );
    const calibratedOf = (id: string) =>
      scores.opportunities.find((row) => row.id === id)!.calibratedComposite;
    expect(calibratedOf(x.id)).toBeGreaterThan(calibratedOf(y.id)!);
    expect(body.places.map((place) => place.calibratedComposite)).toEqual([
      calibratedOf(x.id),
      calibratedOf(y.id),
      null,
    ]);
    expect(body.places.map((place) => place.scorePlace)).toEqual([1, 2, null]);
    expect(body.scores).toEqual([[x.id], [y.id], [z.id]]);
    expect(body.differences).toEqual([{ id: z.id, ballotPlace: 3, scorePlace: null }]);

    expect(body.pairs).toEqual([
      {
        above: x.id,
        below: y.id,
        tied: false,
        strength: 7,
        against: 5,
        path: byIds(x, y),
        weakest: { from: x.id, to: y.id, votes: 7 },
        sentence: `#${x.number} Solar kiosks beats #${y.number} Water carts directly, 7 to 2, and the strongest path the other way holds 5 votes.`,
      },
      {
        above: y.id,
        below: z.id,
        tied: false,
        strength: 6,
        against: 5,
        path: byIds(y, z),
        weakest: { from: y.id, to: z.id, votes: 6 },
        sentence: `#${y.number} Water carts beats #${z.number} ${FORMULA} directly, 6 to 3, and the strongest path the other way holds 5 votes.`,
      },
    ]);

    const [first, second] = [...body.places].sort((a, b) => b.firstShare - a.firstShare);
    expect(first!.id).toBe(x.id);
    expect(body.winner).toEqual(
      first!.firstShare >= 0.9
        ? {
            clear: true,
            message: `#${x.number} Solar kiosks wins; it comes first in ${percentOf(first!.firstShare)} of resamples.`,
          }
        : {
            clear: false,
            message: expect.stringMatching(
              new RegExp(
                `^The winner is not clear: #${x.number} Solar kiosks comes first in ${percentOf(first!.firstShare)} of resamples, .+ in ${percentOf(second!.firstShare)}`,
              ),
            ),
          },
    );
    for (const place of body.places) {
      expect(place.interval.low).toBeLessThanOrEqual(place.place);
      expect(place.interval.high).toBeGreaterThanOrEqual(place.place);
    }
  });

  it('drop only the comparisons with a candidate a voter became conflicted with', async () => {
    const before = await results();
    const [ann] = await ctx.db.select().from(users).where(eq(users.name, 'Ann 0'));
    // Ann ranked X > Y > Z: her X-over-Y and Y-over-Z go; X over Z stays.
    await createConflict(ctx.db, { reviewerId: ann!.id, opportunityId: y.id });
    const after = await results();
    expect(after.ballots).toBe(before.ballots);
    expect(after.d).toEqual([
      [0, 6, 4],
      [2, 0, 5],
      [5, 3, 0],
    ]);
    await ctx.db.delete(conflicts).where(eq(conflicts.reviewerId, ann!.id));
    expect((await results()).d).toEqual(before.d);
  });

  it("count, in 'assigned' mode, only voters assigned to a candidate", async () => {
    const [cat] = await ctx.db.select().from(users).where(eq(users.name, 'Cat 0'));
    await createAssignment(ctx.db, { reviewerId: cat!.id, opportunityId: y.id });
    await setSetting(ctx.db, REVIEW_ASSIGNMENT, 'assigned');
    try {
      const body = await results();
      expect(body.electorate).toBe(1);
      expect(body.ballots).toBe(1);
      expect(body.voters).toEqual([{ id: cat!.id, name: 'Cat 0' }]);
      expect(body.d).toEqual([
        [0, 0, 0],
        [1, 0, 1],
        [1, 0, 0],
      ]);
    } finally {
      await setSetting(ctx.db, REVIEW_ASSIGNMENT, 'open');
    }
  });

  it('export as CSV in the Schulze order, formula-safe, with the preference matrix', async () => {
    const response = await send(ctx.app, {
      method: 'GET',
      url: '/api/admin/export/ballot',
      cookie: access.admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="ballot_export_${today}.csv"`,
    );
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = response.body;
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.test"",""click"")",`);
    const [header, ...records] = parse(text, { bom: true, record_delimiter: '\r\n' }) as string[][];
    expect(header).toEqual([
      'Place',
      'Number',
      'Title',
      'Kept place (%)',
      'Place interval (90%)',
      'First place (%)',
      'Borda points',
      'Borda place',
      'Score place',
      'Calibrated composite',
      `Preferred to #${x.number}`,
      `Preferred to #${y.number}`,
      `Preferred to #${z.number}`,
    ]);
    const body = await results();
    expect(records.map((record) => record.slice(0, 3))).toEqual([
      ['1', String(x.number), 'Solar kiosks'],
      ['2', String(y.number), 'Water carts'],
      ['3', String(z.number), `'${FORMULA}`],
    ]);
    expect(records.map((record) => record.slice(6, 9))).toEqual([
      ['11', '1', '1'],
      ['8', '2', '2'],
      ['8', '2', ''],
    ]);
    expect(records.map((record) => record.slice(10))).toEqual([
      ['', '7', '4'],
      ['2', '', '6'],
      ['5', '3', ''],
    ]);
    expect(records[0]![9]).toBe(body.places[0]!.calibratedComposite!.toFixed(4));
    expect(records[2]![9]).toBe('');
    for (const [k, record] of records.entries()) {
      const place = body.places[k]!;
      expect(record[3]).toBe(String(Math.round(place.keepShare * 1000) / 10));
      expect(record[4]).toBe(`${place.interval.low}–${place.interval.high}`);
      expect(record[5]).toBe(String(Math.round(place.firstShare * 1000) / 10));
    }
  });
});
