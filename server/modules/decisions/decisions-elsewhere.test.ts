import type { ReviewerOpportunityListItem } from '@shared/reviewer-schemas';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/build-test-app';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview, scoresOf } from '../../test/factories/reviews';
import { setSetting } from '../../test/factories/settings';
import { createUser } from '../../test/factories/users';
import {
  type AccessFixtures,
  createAccessFixtures,
  createSignedInUser,
  type Method,
  send,
} from '../../test/http';
import { RESULTS_CSV_HEADERS } from '../results/results-csv';

// Issue 35 beyond its own calls: what reviewers see of released outcomes, the owner's contact on
// opportunities, and the exports. Nothing changes while no decision or owner exists.

const ctx = setupTestApp();
let access: AccessFixtures;
let reviewer: Awaited<ReturnType<typeof createSignedInUser>>;

const asAdmin = (method: Method, url: string, payload?: unknown) =>
  send(ctx.app, {
    method,
    url,
    cookie: access.admin.cookie,
    payload: payload as Record<string, unknown>,
  });
const asReviewer = (url: string) => send(ctx.app, { method: 'GET', url, cookie: reviewer.cookie });

async function csvOf(type: string): Promise<{ text: string; rows: string[][] }> {
  const response = await asAdmin('GET', `/api/admin/export/${type}`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  const text = response.body;
  expect(text.startsWith('\uFEFF')).toBe(true);
  return { text, rows: parse(text.slice(1), { relax_column_count: false }) as string[][] };
}

type Opportunity = Awaited<ReturnType<typeof createOpportunity>>;
const published: Opportunity[] = [];

beforeAll(async () => {
  access = await createAccessFixtures(ctx.app, ctx.db);
  reviewer = await createSignedInUser(ctx.app, ctx.db);
  const other = await createUser(ctx.db);
  for (const title of ['=cmd|calc', 'Second', 'Third']) {
    const opportunity = await createOpportunity(ctx.db, { title });
    published.push(opportunity);
    for (const [i, who] of [reviewer.user, other].entries()) {
      await createReview(ctx.db, {
        opportunityId: opportunity.id,
        reviewerId: who.id,
        scores: scoresOf([4 - i, 3, 4, 3, 2 + published.length]),
      });
    }
  }
});

describe('before any decision or owner', () => {
  it('keeps the exports and the reviewer answers as the spec has them', async () => {
    const results = await csvOf('results');
    expect(results.rows[0]).toEqual(RESULTS_CSV_HEADERS);
    const opportunities = await csvOf('opportunities');
    expect(opportunities.rows[0]).not.toContain('owner_email');
    const decisions = await csvOf('decisions');
    expect(decisions.rows).toHaveLength(1);
    const list = (
      await asReviewer('/api/reviewer/opportunities')
    ).json() as ReviewerOpportunityListItem[];
    expect(list.every((item) => !('outcome' in item))).toBe(true);
  });
});

describe('what reviewers see of decisions', () => {
  it('nothing while show_decisions_to_reviewers is off; released outcomes only when on', async () => {
    const [first, second] = published;
    await asAdmin('PUT', `/api/admin/opportunities/${first!.id}/decision`, {
      outcome: 'accepted',
      rationale: 'SECRET-RATIONALE',
    });
    await asAdmin('POST', '/api/admin/decisions/release', {});
    await asAdmin('PUT', `/api/admin/opportunities/${first!.id}/decision`, { outcome: 'declined' });
    await asAdmin('PUT', `/api/admin/opportunities/${second!.id}/decision`, {
      outcome: 'shortlisted',
    });

    const read = async () => ({
      list: (await asReviewer('/api/reviewer/opportunities')).body,
      first: (await asReviewer(`/api/reviewer/opportunities/${first!.id}`)).body,
      second: (await asReviewer(`/api/reviewer/opportunities/${second!.id}`)).body,
    });
    const off = await read();
    for (const body of Object.values(off)) {
      expect(body).not.toMatch(/outcome|accepted|declined|shortlisted|SECRET/);
    }

    const setting = await asAdmin('POST', '/api/admin/settings', {
      key: 'show_decisions_to_reviewers',
      value: 'true',
    });
    expect(setting.statusCode).toBe(200);
    const on = await read();
    const list = JSON.parse(on.list) as ReviewerOpportunityListItem[];
    // Every item says it while the setting is on: null where nothing is released (a draft).
    expect(list.map((item) => [item.number, item.outcome])).toEqual([
      [first!.number, 'accepted'],
      [second!.number, null],
      [published[2]!.number, null],
    ]);
    expect(JSON.parse(on.first)).toMatchObject({ id: first!.id, outcome: 'accepted' });
    expect(JSON.parse(on.second)).toHaveProperty('outcome', null);
    // With review-cycle control in use too, the items carry both fields.
    await setSetting(ctx.db, 'show_reviewer_names', 'false');
    const both = (
      await asReviewer('/api/reviewer/opportunities')
    ).json() as ReviewerOpportunityListItem[];
    expect(both.map((item) => [item.outcome, item.conflict])).toEqual([
      ['accepted', false],
      [null, false],
      [null, false],
    ]);
    const detail = (await asReviewer(`/api/reviewer/opportunities/${first!.id}`)).json();
    expect(detail).toMatchObject({ outcome: 'accepted', commentsVisibility: expect.any(String) });
    await setSetting(ctx.db, 'show_reviewer_names', 'true');
    for (const body of Object.values(on)) {
      expect(body).not.toMatch(/declined|shortlisted|SECRET|rationale/);
    }
    // Admins only may change it; a bad value is refused.
    const bad = await asAdmin('POST', '/api/admin/settings', {
      key: 'show_decisions_to_reviewers',
      value: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    await setSetting(ctx.db, 'show_decisions_to_reviewers', 'false');
    expect((await asReviewer(`/api/reviewer/opportunities/${first!.id}`)).body).not.toMatch(
      /outcome/,
    );
  });
});

describe('the exports once decisions exist', () => {
  it('the results export ends with the outcome in view and its state', async () => {
    const { rows } = await csvOf('results');
    expect(rows[0]).toEqual([...RESULTS_CSV_HEADERS, 'outcome', 'outcome_state']);
    const byNumber = new Map(rows.slice(1).map((row) => [Number(row[0]), row.slice(-2)]));
    expect(byNumber.get(published[0]!.number)).toEqual(['declined', 'draft']);
    expect(byNumber.get(published[1]!.number)).toEqual(['shortlisted', 'draft']);
    expect(byNumber.get(published[2]!.number)).toEqual(['', '']);
  });

  it('the decisions export lists each decision in force or proposed, formula-safe, with its evidence', async () => {
    const { text, rows } = await csvOf('decisions');
    expect(text).toMatch(/\r\n$/);
    expect(rows[0]).toEqual([
      'number',
      'title',
      'outcome',
      'state',
      'rationale',
      'decided_by',
      'decided_at',
      'released_by',
      'released_at',
      'letter_to',
      'evidence_reviews',
      'evidence_raw_composite',
      'evidence_calibrated_composite',
      'evidence_rank',
      'evidence_rank_low',
      'evidence_rank_high',
      'evidence_flags',
      'evidence_alpha',
    ]);
    const list = (await asAdmin('GET', '/api/admin/decisions')).json() as {
      decisions: Array<{ number: number; state: string; evidence: Record<string, unknown> }>;
    };
    expect(rows.slice(1).map((row) => [row[0], row[2], row[3]])).toEqual([
      [String(published[0]!.number), 'accepted', 'released'],
      [String(published[0]!.number), 'declined', 'draft'],
      [String(published[1]!.number), 'shortlisted', 'draft'],
    ]);
    const released = rows[1]!;
    expect(released[1]).toBe("'=cmd|calc");
    expect(released[4]).toBe('SECRET-RATIONALE');
    expect(released[5]).toBe(access.admin.user.name);
    const evidence = list.decisions.find((d) => d.state === 'released')!.evidence as {
      reviewCount: number;
      rawComposite: number;
      calibratedRank: number;
      calibratedRankInterval: { low: number; high: number };
    };
    expect(Number(released[10])).toBe(evidence.reviewCount);
    expect(Number(released[11])).toBeCloseTo(evidence.rawComposite, 4);
    expect(released[11]).toMatch(/^\d\.\d{4}$/);
    expect(Number(released[13])).toBe(evidence.calibratedRank);
    expect([Number(released[14]), Number(released[15])]).toEqual([
      evidence.calibratedRankInterval.low,
      evidence.calibratedRankInterval.high,
    ]);
  });
});

describe("the owner's contact", () => {
  it('is validated, answered only once set, and exported once any opportunity has one', async () => {
    const invalid = await asAdmin('POST', '/api/admin/opportunities', {
      number: 901,
      title: 'Owned',
      ownerEmail: 'not-an-email',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toMatch(/Invalid owner email/);
    const tooLong = await asAdmin('POST', '/api/admin/opportunities', {
      number: 901,
      title: 'Owned',
      ownerName: 'x'.repeat(201),
    });
    expect(tooLong.statusCode).toBe(400);

    const created = await asAdmin('POST', '/api/admin/opportunities', {
      number: 901,
      title: 'Owned',
      ownerName: '  Ada Owner ',
      ownerEmail: 'ada@example.org',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ownerName: 'Ada Owner', ownerEmail: 'ada@example.org' });
    const plain = (await asAdmin('GET', '/api/admin/opportunities')).json() as Array<
      Record<string, unknown>
    >;
    expect(plain.find((o) => o.id === published[0]!.id)).not.toHaveProperty('ownerEmail');

    const { rows } = await csvOf('opportunities');
    expect(rows[0]!.slice(-2)).toEqual(['owner_name', 'owner_email']);
    expect(rows.find((row) => row[0] === '901')!.slice(-2)).toEqual([
      'Ada Owner',
      'ada@example.org',
    ]);

    // An edit may clear them ('' means none).
    const cleared = await asAdmin('PATCH', `/api/admin/opportunities/${created.json().id}`, {
      ownerName: '',
      ownerEmail: '',
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).not.toHaveProperty('ownerEmail');
  });
});
