import { BALLOT_CLOSED_MESSAGE, BALLOT_NOT_ELECTOR_MESSAGE, BALLOT_OPEN } from '@shared/ballot';
import { type ReviewerBallot, reviewerBallotSchema } from '@shared/ballot-schemas';
import { REVIEW_ASSIGNMENT } from '@shared/settings';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ballots } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createAssignment } from '../../test/factories/assignments';
import { createBallot } from '../../test/factories/ballots';
import { createConflict } from '../../test/factories/conflicts';
import { createDecision } from '../../test/factories/decisions';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview } from '../../test/factories/reviews';
import { unknownId } from '../../test/factories/sequence';
import { setSetting } from '../../test/factories/settings';
import { createSignedInUser, send } from '../../test/http';
import { auditRowsFor } from '../../test/queries';

// Issue 37: the reviewer's side of the finalist ballot. Candidates are the opportunities whose
// decision in view (the draft where there is one, else the released one) is 'shortlisted'.

const ctx = setupTestApp();

type Opportunity = Awaited<ReturnType<typeof createOpportunity>>;
let a: Opportunity; // a shortlisted draft
let b: Opportunity; // a released shortlisting, archived since
let c: Opportunity; // released shortlisted, but the draft in view declines it
let d: Opportunity; // a shortlisted draft over a released decline
let e: Opportunity; // published, undecided
let f: Opportunity; // accepted

beforeAll(async () => {
  a = await createOpportunity(ctx.db, { title: 'Alpha' });
  b = await createOpportunity(ctx.db, { title: 'Bravo', status: 'archived' });
  c = await createOpportunity(ctx.db, { title: 'Charlie' });
  d = await createOpportunity(ctx.db, { title: 'Delta' });
  e = await createOpportunity(ctx.db, { title: 'Echo' });
  f = await createOpportunity(ctx.db, { title: 'Foxtrot' });
  await createDecision(ctx.db, { opportunityId: a.id });
  await createDecision(ctx.db, { opportunityId: b.id, state: 'released' });
  await createDecision(ctx.db, { opportunityId: c.id, state: 'released' });
  await createDecision(ctx.db, { opportunityId: c.id, revision: 2, outcome: 'declined' });
  await createDecision(ctx.db, { opportunityId: d.id, state: 'released', outcome: 'declined' });
  await createDecision(ctx.db, { opportunityId: d.id, revision: 2 });
  await createDecision(ctx.db, { opportunityId: f.id, state: 'released', outcome: 'accepted' });
});

beforeEach(async () => {
  await setSetting(ctx.db, BALLOT_OPEN, 'true');
  await setSetting(ctx.db, REVIEW_ASSIGNMENT, 'open');
});

const get = (cookie?: string) =>
  send(ctx.app, { method: 'GET', url: '/api/reviewer/ballot', cookie });
const put = (cookie: string | undefined, ranking: unknown) =>
  send(ctx.app, { method: 'PUT', url: '/api/reviewer/ballot', cookie, payload: { ranking } });

async function ballotOf(cookie: string): Promise<ReviewerBallot> {
  const response = await get(cookie);
  expect(response.statusCode, response.body).toBe(200);
  return reviewerBallotSchema.parse(response.json());
}

const storedRanking = async (reviewerId: string) =>
  (await ctx.db.select().from(ballots).where(eq(ballots.reviewerId, reviewerId)))[0]?.ranking ??
  null;

describe('the reviewer ballot calls', () => {
  it('admit signed-in active reviewers only', async () => {
    const admin = await createSignedInUser(ctx.app, ctx.db, 'admin');
    expect((await get()).statusCode).toBe(401);
    expect((await put(undefined, [])).statusCode).toBe(401);
    expect((await get(admin.cookie)).statusCode).toBe(403);
    expect((await put(admin.cookie, [[a.id]])).statusCode).toBe(403);
    expect(await storedRanking(admin.user.id)).toBeNull();
  });

  it('list the candidates by number with the own composite, conflicts left out', async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    await createReview(ctx.db, { opportunityId: a.id, reviewerId: user.id });
    await createConflict(ctx.db, { reviewerId: user.id, opportunityId: d.id });
    const body = await ballotOf(cookie);
    expect(body).toEqual({
      open: true,
      eligible: true,
      candidates: [
        { id: a.id, number: a.number, title: 'Alpha', imageUrl: null, composite: '3.4000' },
        { id: b.id, number: b.number, title: 'Bravo', imageUrl: null, composite: null },
      ],
      ranking: [],
      savedAt: null,
    });
    const other = await createSignedInUser(ctx.app, ctx.db);
    expect((await ballotOf(other.cookie)).candidates.map((row) => row.id)).toEqual([
      a.id,
      b.id,
      d.id,
    ]);
  });

  it('save a ranking, replace it, and withdraw it with []', async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const first = await put(cookie, [[d.id], [a.id, b.id]]);
    expect(first.statusCode, first.body).toBe(200);
    const saved = reviewerBallotSchema.parse(first.json());
    expect(saved.ranking).toEqual([[d.id], [a.id, b.id]]);
    expect(saved.savedAt).not.toBeNull();
    expect(await ballotOf(cookie)).toEqual(saved);
    expect(await storedRanking(user.id)).toEqual([[d.id], [a.id, b.id]]);

    // Upper-case ids are the same ids.
    const second = await put(cookie, [[b.id.toUpperCase()]]);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().ranking).toEqual([[b.id]]);
    expect(await storedRanking(user.id)).toEqual([[b.id]]);

    const withdrawn = await put(cookie, []);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ ranking: [], savedAt: null });
    expect(await storedRanking(user.id)).toBeNull();
    // Withdrawing again is no change, and answers the same.
    expect((await put(cookie, [])).json()).toMatchObject({ ranking: [], savedAt: null });

    const audit = await auditRowsFor(ctx.db, user.id);
    expect(
      audit
        .map((row) => row.action)
        .filter((action) => action.startsWith('ballot.'))
        .sort(),
    ).toEqual(['ballot.save', 'ballot.save', 'ballot.withdraw']);
    // The audit log holds the ballot's size, never the vote itself.
    expect(JSON.stringify(audit.map((row) => row.changes))).not.toContain(a.id);
  });

  it('refuse unknown, malformed, repeated, non-finalist and conflicted ids, naming them', async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    await createConflict(ctx.db, { reviewerId: user.id, opportunityId: b.id });
    await put(cookie, [[a.id]]);
    const missing = unknownId();
    const cases: Array<[unknown, string, Array<{ path: string; message: string }>]> = [
      [
        [[a.id], [missing, 'not-a-uuid']],
        `Not an opportunity: ${missing}, not-a-uuid`,
        [
          { path: 'ranking.1.0', message: 'Not an opportunity' },
          { path: 'ranking.1.1', message: 'Not an opportunity' },
        ],
      ],
      [
        [[a.id, d.id], [a.id]],
        `Ranked more than once: ${a.id}`,
        [{ path: 'ranking.1.0', message: 'Ranked more than once' }],
      ],
      [
        [[c.id], [e.id, f.id]],
        `Not a finalist: ${c.id}, ${e.id}, ${f.id}`,
        [
          { path: 'ranking.0.0', message: 'Not a finalist' },
          { path: 'ranking.1.0', message: 'Not a finalist' },
          { path: 'ranking.1.1', message: 'Not a finalist' },
        ],
      ],
      [
        [[b.id, d.id]],
        `Not a finalist you may rank (conflict of interest): ${b.id}`,
        [{ path: 'ranking.0.0', message: 'Not a finalist you may rank (conflict of interest)' }],
      ],
      [
        [[b.id], [e.id], [e.id], ['x']],
        `Not an opportunity: x; Ranked more than once: ${e.id}; Not a finalist: ${e.id}; Not a finalist you may rank (conflict of interest): ${b.id}`,
        [
          { path: 'ranking.0.0', message: 'Not a finalist you may rank (conflict of interest)' },
          { path: 'ranking.1.0', message: 'Not a finalist' },
          { path: 'ranking.2.0', message: 'Ranked more than once' },
          { path: 'ranking.3.0', message: 'Not an opportunity' },
        ],
      ],
    ];
    for (const [ranking, message, issues] of cases) {
      const response = await put(cookie, ranking);
      expect(response.statusCode, JSON.stringify(ranking)).toBe(400);
      expect(response.json()).toEqual({ message, issues });
      expect(await storedRanking(user.id)).toEqual([[a.id]]);
    }
    // Bodies the schema refuses: 400 with the field issues, nothing saved.
    for (const payload of [{ ranking: [[]] }, { ranking: 'x' }, { ranking: [[1]] }, {}]) {
      const response = await send(ctx.app, {
        method: 'PUT',
        url: '/api/reviewer/ballot',
        cookie,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(await storedRanking(user.id)).toEqual([[a.id]]);
  });

  it('refuse every save while the ballot is closed, and save nothing', async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    await put(cookie, [[a.id]]);
    await setSetting(ctx.db, BALLOT_OPEN, 'false');
    expect((await ballotOf(cookie)).open).toBe(false);
    for (const ranking of [[[b.id]], [], [['not-a-uuid']]]) {
      const response = await put(cookie, ranking);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: BALLOT_CLOSED_MESSAGE });
    }
    expect(await storedRanking(user.id)).toEqual([[a.id]]);
    // The ballot they cast still reads back while closed.
    expect((await ballotOf(cookie)).ranking).toEqual([[a.id]]);
    const newcomer = await createSignedInUser(ctx.app, ctx.db);
    expect((await put(newcomer.cookie, [[a.id]])).statusCode).toBe(409);
    expect(await storedRanking(newcomer.user.id)).toBeNull();
  });

  it('wait for a close in progress, then refuse: closing and saving never cross', async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    // An admin's close, caught between its update of the setting's row and its commit.
    const closing = await ctx.pool.connect();
    try {
      await closing.query('begin');
      await closing.query(`update settings set value = 'false' where key = '${BALLOT_OPEN}'`);
      let settled = false;
      const saving = put(cookie, [[a.id]]).finally(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      await closing.query('commit');
      const response = await saving;
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: BALLOT_CLOSED_MESSAGE });
    } finally {
      closing.release();
    }
    expect(await storedRanking(user.id)).toBeNull();
  });

  it("admit, in 'assigned' mode, only reviewers assigned to a candidate", async () => {
    const assigned = await createSignedInUser(ctx.app, ctx.db);
    const elsewhere = await createSignedInUser(ctx.app, ctx.db);
    const unassigned = await createSignedInUser(ctx.app, ctx.db);
    await createAssignment(ctx.db, { reviewerId: assigned.user.id, opportunityId: d.id });
    await createAssignment(ctx.db, { reviewerId: elsewhere.user.id, opportunityId: e.id });
    await createBallot(ctx.db, elsewhere.user.id, [[a.id]]);
    await setSetting(ctx.db, REVIEW_ASSIGNMENT, 'assigned');

    const mine = await ballotOf(assigned.cookie);
    expect(mine.eligible).toBe(true);
    // An elector ranks every finalist, not only those assigned to them.
    expect(mine.candidates.map((row) => row.id)).toEqual([a.id, b.id, d.id]);
    expect((await put(assigned.cookie, [[a.id], [d.id]])).statusCode).toBe(200);

    for (const other of [elsewhere, unassigned]) {
      expect((await ballotOf(other.cookie)).eligible).toBe(false);
      const response = await put(other.cookie, [[d.id]]);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: BALLOT_NOT_ELECTOR_MESSAGE });
    }
    expect(await storedRanking(elsewhere.user.id)).toEqual([[a.id]]);
    expect(await storedRanking(unassigned.user.id)).toBeNull();

    await setSetting(ctx.db, REVIEW_ASSIGNMENT, 'open');
    expect((await ballotOf(unassigned.cookie)).eligible).toBe(true);
  });

  it('read a saved ballot against today: finalists gone or conflicted since are dropped', async () => {
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    // As stored when C was still a finalist; D becomes conflicted after the vote.
    await createBallot(ctx.db, user.id, [[c.id], [d.id, a.id], [b.id]]);
    await createConflict(ctx.db, { reviewerId: user.id, opportunityId: b.id });
    const body = await ballotOf(cookie);
    expect(body.ranking).toEqual([[d.id, a.id]]);
    expect(body.candidates.map((row) => row.id)).toEqual([a.id, d.id]);
    // The row keeps what was cast: were B's conflict withdrawn, B would count again.
    expect(await storedRanking(user.id)).toEqual([[c.id], [d.id, a.id], [b.id]]);
  });
});
