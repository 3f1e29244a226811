import {
  type DecisionEntry,
  type DecisionPanel,
  type DecisionsList,
  decisionPanelSchema,
  decisionsListSchema,
  type ReleaseResult,
  releaseResultSchema,
} from '@shared/decision-schemas';
import { type Results, resultsSchema } from '@shared/results-schemas';
import { asc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, decisions } from '../../db/schema/index';
import { expectAdminOnly } from '../../test/assertions';
import { setupTestApp } from '../../test/build-test-app';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview, scoresOf } from '../../test/factories/reviews';
import { unknownId } from '../../test/factories/sequence';
import { createUser } from '../../test/factories/users';
import { type AccessFixtures, createAccessFixtures, type Method, send } from '../../test/http';

// Issue 35, section 1: outcomes drafted then released, the evidence kept, the flags, the
// waitlist, history and audit. The file's database grows test by test.

const ctx = setupTestApp();
let access: AccessFixtures;

const call = (method: Method, url: string, payload?: unknown) =>
  send(ctx.app, {
    method,
    url,
    cookie: access.admin.cookie,
    payload: payload as Record<string, unknown>,
  });

async function ok<T>(method: Method, url: string, payload?: unknown, status = 200): Promise<T> {
  const response = await call(method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return (response.body ? response.json() : undefined) as T;
}

const list = async () => decisionsListSchema.parse(await ok('GET', '/api/admin/decisions'));
const results = async () => resultsSchema.parse(await ok('GET', '/api/admin/results'));
const panel = async (id: string): Promise<DecisionPanel> =>
  decisionPanelSchema.parse(await ok('GET', `/api/admin/opportunities/${id}/decision`));
const decide = (id: string, outcome: string, rationale?: string) =>
  ok<DecisionEntry>('PUT', `/api/admin/opportunities/${id}/decision`, { outcome, rationale });
const release = async (body: Record<string, unknown> = {}) =>
  releaseResultSchema.parse(await ok<ReleaseResult>('POST', '/api/admin/decisions/release', body));
const entriesOf = (body: DecisionsList, id: string) =>
  body.decisions.filter((entry) => entry.opportunityId === id);
const decisionRows = () => ctx.db.select().from(decisions).orderBy(asc(decisions.decidedAt));

type Opportunity = Awaited<ReturnType<typeof createOpportunity>>;

/** Six opportunities four reviewers score far apart: ranks 1..6 with intervals of one place. */
const panelOf: Opportunity[] = [];

beforeAll(async () => {
  access = await createAccessFixtures(ctx.app, ctx.db);
  const reviewers = await Promise.all([1, 2, 3, 4].map(() => createUser(ctx.db)));
  for (let place = 0; place < 6; place += 1) {
    const opportunity = await createOpportunity(ctx.db, { title: `Place ${place + 1}` });
    panelOf.push(opportunity);
    for (const [i, reviewer] of reviewers.entries()) {
      // Place 1 scores 5s, place 6 scores 1s; a reviewer's small wobble keeps the model honest.
      const score = Math.max(
        1,
        Math.min(5, 5 - Math.round(place * 0.8) + (i === 0 && place === 2 ? -1 : 0)),
      );
      await createReview(ctx.db, {
        opportunityId: opportunity.id,
        reviewerId: reviewer.id,
        scores: scoresOf([score, score, score, score, Math.max(1, 5 - place)] as const),
      });
    }
  }
});

describe('decision calls', () => {
  it('admit active admins only', async () => {
    const id = panelOf[0]!.id;
    const requests: Array<{ method: Method; url: string; payload?: Record<string, unknown> }> = [
      { method: 'GET', url: '/api/admin/decisions' },
      { method: 'GET', url: `/api/admin/opportunities/${id}/decision` },
      {
        method: 'PUT',
        url: `/api/admin/opportunities/${id}/decision`,
        payload: { outcome: 'accepted' },
      },
      { method: 'DELETE', url: `/api/admin/opportunities/${id}/decision` },
      {
        method: 'POST',
        url: '/api/admin/decisions/bulk',
        payload: { ids: [id], outcome: 'accepted' },
      },
      { method: 'POST', url: '/api/admin/decisions/release', payload: {} },
      { method: 'PATCH', url: '/api/admin/decisions/waitlist', payload: { ids: [] } },
      { method: 'GET', url: `/api/admin/opportunities/${id}/letter` },
      { method: 'GET', url: `/api/admin/opportunities/${id}/feedback` },
      { method: 'GET', url: '/api/admin/export/decisions' },
    ];
    for (const request of requests) await expectAdminOnly(ctx.app, access, request);
    expect(await decisionRows()).toEqual([]);
  });

  it('refuse bad ids, outcomes and bodies with 400/404/409 JSON and change nothing', async () => {
    const id = panelOf[0]!.id;
    const draftStatus = await createOpportunity(ctx.db, { status: 'draft', publishedAt: null });
    const cases: Array<[Method, string, unknown, number, RegExp]> = [
      ['PUT', '/api/admin/opportunities/not-a-uuid/decision', { outcome: 'accepted' }, 400, /id/i],
      [
        'PUT',
        `/api/admin/opportunities/${unknownId()}/decision`,
        { outcome: 'accepted' },
        404,
        /not found/,
      ],
      [
        'PUT',
        `/api/admin/opportunities/${id}/decision`,
        { outcome: 'maybe' },
        400,
        /Outcome must be one of shortlisted, accepted/,
      ],
      ['PUT', `/api/admin/opportunities/${id}/decision`, {}, 400, /Outcome/],
      [
        'PUT',
        `/api/admin/opportunities/${id}/decision`,
        { outcome: 'accepted', rationale: 'x'.repeat(2001) },
        400,
        /at most 2000/,
      ],
      [
        'PUT',
        `/api/admin/opportunities/${id}/decision`,
        { outcome: 'accepted', rationale: 5 },
        400,
        /Rationale/,
      ],
      [
        'PUT',
        `/api/admin/opportunities/${draftStatus.id}/decision`,
        { outcome: 'accepted' },
        409,
        /published or archived/,
      ],
      ['DELETE', `/api/admin/opportunities/${id}/decision`, undefined, 404, /no draft/],
      ['DELETE', `/api/admin/opportunities/${unknownId()}/decision`, undefined, 404, /not found/],
      [
        'POST',
        '/api/admin/decisions/bulk',
        { ids: [id, draftStatus.id], outcome: 'declined' },
        409,
        /#\d+ is a draft/,
      ],
      [
        'POST',
        '/api/admin/decisions/bulk',
        { ids: [id, id], outcome: 'declined' },
        400,
        /only once/,
      ],
      ['POST', '/api/admin/decisions/bulk', { ids: [], outcome: 'declined' }, 400, /at least one/],
      ['POST', '/api/admin/decisions/release', { ids: [id] }, 409, /No draft to release/],
      ['POST', '/api/admin/decisions/release', { sendLetters: 'yes' }, 400, /sendLetters/],
      ['PATCH', '/api/admin/decisions/waitlist', { ids: [id] }, 400, /each waitlisted opportunity/],
      ['GET', `/api/admin/opportunities/${unknownId()}/decision`, undefined, 404, /not found/],
    ];
    for (const [method, url, payload, status, message] of cases) {
      const response = await call(method, url, payload);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.stringify(response.json()), `${method} ${url}`).toMatch(message);
    }
    expect(await decisionRows()).toEqual([]);
    expect(await list()).toEqual({ decisions: [], waitlist: [], acceptedCount: 0 });
    const audit = await ctx.db.select().from(auditLogs).where(like(auditLogs.action, 'decision.%'));
    expect(audit).toEqual([]);
  });
});

describe('drafts, release and history', () => {
  let resultsAtPut: Results;

  it('a PUT sets the draft with the evidence Results answered at that moment', async () => {
    resultsAtPut = await results();
    const top = panelOf[0]!;
    const entry = await decide(top.id, 'shortlisted', '  Strong on every criterion  ');
    const row = resultsAtPut.opportunities.find((o) => o.id === top.id)!;
    expect(entry).toMatchObject({
      opportunityId: top.id,
      number: top.number,
      outcome: 'shortlisted',
      rationale: 'Strong on every criterion',
      state: 'draft',
      revision: 1,
      decidedBy: { id: access.admin.user.id, name: access.admin.user.name },
      releasedAt: null,
      changedSince: [],
    });
    expect(entry.evidence).toEqual({
      reviewCount: row.reviewCount,
      rawComposite: row.rawComposite,
      calibratedComposite: row.calibratedComposite,
      calibratedRank: row.calibratedRank,
      calibratedRankInterval: row.calibratedRankInterval,
      flags: row.flags,
      alpha: resultsAtPut.reliability.composite.alpha,
      ranked: 6,
    });
    expect(entry.evidence.calibratedRank).toBe(1);
  });

  it('a second PUT replaces the draft (the first kept as discarded); DELETE removes it', async () => {
    const top = panelOf[0]!;
    const entry = await decide(top.id, 'accepted');
    expect(entry).toMatchObject({ outcome: 'accepted', revision: 2, rationale: '' });
    let body = await panel(top.id);
    expect(body.draft?.revision).toBe(2);
    expect(body.released).toBeNull();
    expect(body.history.map((r) => [r.revision, r.state, r.outcome])).toEqual([
      [2, 'draft', 'accepted'],
      [1, 'discarded', 'shortlisted'],
    ]);
    await ok('DELETE', `/api/admin/opportunities/${top.id}/decision`, undefined, 204);
    body = await panel(top.id);
    expect(body.draft).toBeNull();
    expect(body.history.map((r) => r.state)).toEqual(['discarded', 'discarded']);
    expect((await list()).decisions).toEqual([]);
  });

  it('a release is all or nothing, and a released decision stays in force under a new draft', async () => {
    const [first, second] = panelOf;
    await decide(first!.id, 'accepted', 'Clear winner');
    await decide(second!.id, 'shortlisted');
    // One id without a draft: nothing is released.
    const refused = await call('POST', '/api/admin/decisions/release', {
      ids: [first!.id, panelOf[3]!.id],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`No draft to release for #${panelOf[3]!.number}`);
    expect((await list()).decisions.every((entry) => entry.state === 'draft')).toBe(true);

    const dry = await release({ ids: [first!.id], dryRun: true });
    expect(dry).toMatchObject({
      dryRun: true,
      released: [{ opportunityId: first!.id, outcome: 'accepted' }],
    });
    expect((await panel(first!.id)).released).toBeNull();

    const released = await release({ ids: [first!.id] });
    expect(released.released.map((r) => r.number)).toEqual([first!.number]);
    expect(released.letters).toEqual([]);
    let entries = entriesOf(await list(), first!.id);
    expect(entries.map((e) => [e.state, e.outcome])).toEqual([['released', 'accepted']]);
    expect(entries[0]!.releasedBy).toEqual({
      id: access.admin.user.id,
      name: access.admin.user.name,
    });
    expect(entriesOf(await list(), second!.id).map((e) => e.state)).toEqual(['draft']);

    // A new PUT over a released decision: a draft beside it; the released one stays in force.
    await decide(first!.id, 'withdrawn', 'Team withdrew');
    entries = entriesOf(await list(), first!.id);
    expect(entries.map((e) => [e.state, e.outcome])).toEqual([
      ['draft', 'withdrawn'],
      ['released', 'accepted'],
    ]);
    await ok('DELETE', `/api/admin/opportunities/${first!.id}/decision`, undefined, 204);
    entries = entriesOf(await list(), first!.id);
    expect(entries.map((e) => [e.state, e.outcome])).toEqual([['released', 'accepted']]);
    // Releasing everything that is left: the second's draft.
    const rest = await release();
    expect(rest.released.map((r) => r.number)).toEqual([second!.number]);
    // Nothing left: a further release releases nothing, with a body or without one.
    expect((await release()).released).toEqual([]);
    const bare = await send(ctx.app, {
      method: 'POST',
      url: '/api/admin/decisions/release',
      cookie: access.admin.cookie,
    });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json()).toMatchObject({ dryRun: false, released: [], letters: [] });
    const history = (await panel(first!.id)).history;
    expect(history.map((r) => [r.revision, r.state, r.outcome])).toEqual([
      [4, 'discarded', 'withdrawn'],
      [3, 'released', 'accepted'],
      [2, 'discarded', 'accepted'],
      [1, 'discarded', 'shortlisted'],
    ]);
  });

  it('a bulk decision sets the same draft on every row in one call', async () => {
    const ids = panelOf.slice(2).map((o) => o.id);
    const response = await ok<{ decisions: DecisionEntry[] }>('POST', '/api/admin/decisions/bulk', {
      ids,
      outcome: 'declined',
      rationale: 'Below the line',
    });
    expect(response.decisions.map((d) => [d.opportunityId, d.outcome, d.state])).toEqual(
      ids.map((id) => [id, 'declined', 'draft']),
    );
  });

  it('the screen says which figures moved since the snapshot', async () => {
    const last = panelOf[5]!;
    const before = (await panel(last.id)).draft!;
    expect(before.changedSince).toEqual([]);
    // Another review moves the opportunity's raw composite and count.
    const late = await createUser(ctx.db);
    await createReview(ctx.db, {
      opportunityId: last.id,
      reviewerId: late.id,
      scores: scoresOf([5, 5, 5, 5, 5]),
    });
    const after = await panel(last.id);
    expect(after.draft!.changedSince).toEqual(
      expect.arrayContaining(['reviewCount', 'rawComposite']),
    );
    expect(after.evidenceNow.reviewCount).toBe(before.evidence.reviewCount + 1);
    expect(after.draft!.evidence).toEqual(before.evidence);
  });
});

describe('flags that contradict the evidence', () => {
  it('flag declined or waitlisted ones ranked within the top A, accepted ones below place A', async () => {
    const ranking = await results();
    const byRank = [...ranking.opportunities].sort((a, b) => a.calibratedRank! - b.calibratedRank!);
    // Hand-built: accept the two last, decline the first, waitlist the second, shortlist the rest.
    const plan: Array<[string, string]> = [
      [byRank[0]!.id, 'declined'],
      [byRank[1]!.id, 'waitlisted'],
      [byRank[2]!.id, 'shortlisted'],
      [byRank[3]!.id, 'shortlisted'],
      [byRank[4]!.id, 'accepted'],
      [byRank[5]!.id, 'accepted'],
    ];
    for (const [id, outcome] of plan) await decide(id, outcome);
    const body = await list();
    expect(body.acceptedCount).toBe(2);
    const draftOf = (id: string) =>
      body.decisions.find((d) => d.opportunityId === id && d.state === 'draft')!;
    // The definition, from the intervals Results answers (A = 2).
    for (const [id, outcome] of plan) {
      const interval = ranking.opportunities.find((o) => o.id === id)!.calibratedRankInterval!;
      const expected =
        (outcome === 'declined' || outcome === 'waitlisted') && interval.high <= 2
          ? ['ranked-above-accepted']
          : outcome === 'accepted' && interval.low > 2
            ? ['ranked-below-declined']
            : [];
      expect(draftOf(id).flags, `${outcome} at ${JSON.stringify(interval)}`).toEqual(expected);
    }
    // With this panel the intervals are tight: the declined first and both accepted are flagged.
    expect(draftOf(byRank[0]!.id).flags).toEqual(['ranked-above-accepted']);
    expect(draftOf(byRank[5]!.id).flags).toEqual(['ranked-below-declined']);
    // Flags inform, never block: the release goes through.
    expect((await release({ ids: plan.map(([id]) => id) })).released).toHaveLength(6);
  });
});

describe('the waitlist', () => {
  it('orders the waitlisted, reorders by PATCH, and proposes the first when an accepted one withdraws', async () => {
    const ranking = await results();
    const byRank = [...ranking.opportunities].sort((a, b) => a.calibratedRank! - b.calibratedRank!);
    const [w1, w2, w3] = [byRank[1]!.id, byRank[2]!.id, byRank[3]!.id];
    await decide(w2, 'waitlisted');
    await decide(w3, 'waitlisted');
    await release();
    let body = await list();
    expect(body.waitlist).toEqual([w1, w2, w3]);
    expect(
      body.decisions.filter((d) => d.outcome === 'waitlisted').map((d) => d.waitlistPosition),
    ).toEqual([1, 2, 3]);

    await ok('PATCH', '/api/admin/decisions/waitlist', { ids: [w3, w1, w2] });
    body = await list();
    expect(body.waitlist).toEqual([w3, w1, w2]);
    expect(body.decisions.find((d) => d.opportunityId === w3)!.waitlistPosition).toBe(1);
    const wrong = await call('PATCH', '/api/admin/decisions/waitlist', { ids: [w3, w1] });
    expect(wrong.statusCode).toBe(400);
    expect((await list()).waitlist).toEqual([w3, w1, w2]);

    // A released accepted one withdraws: the first waitlisted (w3) is proposed as accepted.
    const accepted = byRank[4]!;
    await decide(accepted.id, 'withdrawn', 'The team withdrew');
    const dry = await release({ dryRun: true });
    expect(dry.proposed).toEqual([
      {
        opportunityId: w3,
        number: byRank[3]!.number,
        title: byRank[3]!.title,
        forNumber: accepted.number,
      },
    ]);
    expect((await panel(w3)).draft).toBeNull();
    const done = await release();
    expect(done.proposed).toEqual(dry.proposed);
    const proposal = (await panel(w3)).draft!;
    expect(proposal).toMatchObject({
      outcome: 'accepted',
      state: 'draft',
      proposedFor: accepted.number,
      rationale: `Proposed from the waitlist: #${accepted.number} withdrew.`,
    });
    // Until released, the proposed one is out of the waitlist in view; the others move up.
    expect((await list()).waitlist).toEqual([w1, w2]);
  });

  it('records every change in the audit log', async () => {
    const rows = await ctx.db.select().from(auditLogs).where(like(auditLogs.action, 'decision.%'));
    const actions = new Set(rows.map((row) => row.action));
    expect([...actions].sort()).toEqual([
      'decision.propose',
      'decision.release',
      'decision.remove',
      'decision.set',
      'decision.waitlist.reorder',
    ]);
    const reorder = rows.find((row) => row.action === 'decision.waitlist.reorder')!;
    expect(reorder.userId).toBe(access.admin.user.id);
    expect(reorder.changes).toMatchObject({ after: { order: expect.any(Array) } });
    const sets = rows.filter(
      (row) => row.action === 'decision.set' && row.entityId === panelOf[0]!.id,
    );
    expect(sets[0]!.changes).toEqual({
      before: null,
      after: { outcome: 'shortlisted', rationale: 'Strong on every criterion', revision: 1 },
    });
    const released = await ctx.db.select().from(decisions).where(eq(decisions.state, 'released'));
    expect(rows.filter((row) => row.action === 'decision.release').length).toBeGreaterThanOrEqual(
      released.length,
    );
  });
});
