import type { Scores } from '@shared/criteria';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { conflicts, emailNotifications } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createAssignment } from '../../test/factories/assignments';
import { createConflict } from '../../test/factories/conflicts';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview } from '../../test/factories/reviews';
import { setSetting } from '../../test/factories/settings';
import { createUser } from '../../test/factories/users';
import { createSignedInUser, send } from '../../test/http';
import { emailsTo } from '../../test/queries';

// The admin figures under issue 18, on one worked example whose every number is computed by hand
// below (docs/review-cycle.md has the rules). Its own database: the figures are totals.
//
// Reviewers A, B, C active, D deactivated; O1, O2 published, O3 a draft. Reviews (all five
// scores equal, so the composite is that score): A-O1 4, A-O2 2, B-O1 3, B-O2 5, C-O1 1, D-O1 5.

const ctx = setupTestApp();
let adminCookie: string;
const get = (url: string) => send(ctx.app, { method: 'GET', url, cookie: adminCookie });
const json = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, url).toBe(200);
  return response.json();
};

const uniform = (value: number): Scores => ({
  strategicAlignment: value,
  sustainability: value,
  technologyReadiness: value,
  marketPotential: value,
  businessPotential: value,
});

type Row = Awaited<ReturnType<typeof createUser>>;
let A: Row;
let B: Row;
let C: Row;
let D: Row;
let O1: { id: string; number: number };
let O2: { id: string; number: number };

beforeAll(async () => {
  adminCookie = (await createSignedInUser(ctx.app, ctx.db, 'admin')).cookie;
  A = await createUser(ctx.db, { name: 'A reviewer' });
  B = await createUser(ctx.db, { name: 'B reviewer' });
  C = await createUser(ctx.db, { name: 'C reviewer' });
  D = await createUser(ctx.db, { name: 'D reviewer', isActive: false });
  O1 = await createOpportunity(ctx.db, { title: 'First' });
  O2 = await createOpportunity(ctx.db, { title: 'Second' });
  await createOpportunity(ctx.db, { status: 'draft', publishedAt: null });
  const reviewed: Array<[Row, { id: string }, number]> = [
    [A, O1, 4],
    [A, O2, 2],
    [B, O1, 3],
    [B, O2, 5],
    [C, O1, 1],
    [D, O1, 5],
  ];
  for (const [reviewer, opportunity, score] of reviewed) {
    await createReview(ctx.db, {
      reviewerId: reviewer.id,
      opportunityId: opportunity.id,
      scores: uniform(score),
    });
  }
});

const cellOf = (
  heatmap: Array<{ reviewerId: string; opportunities: object[] }>,
  r: Row,
  o: { id: string },
) =>
  heatmap
    .find((row) => row.reviewerId === r.id)!
    .opportunities.find((cell) => (cell as { opportunityId: string }).opportunityId === o.id);

async function reviewsExport() {
  const response = await get('/api/admin/export/reviews');
  expect(response.statusCode).toBe(200);
  return response.body;
}
const recordsOf = (csv: string) =>
  parse(csv, { bom: true, record_delimiter: '\r\n' }) as string[][];

describe('open mode', () => {
  let exportBefore: string;

  it('counts every review as the spec does while no conflict exists', async () => {
    expect(await json('/api/admin/stats')).toEqual({
      totalReviewers: 4,
      activeReviewers: 3,
      publishedOpportunities: 2,
      totalOpportunities: 3,
      totalReviews: 6,
      // 5 reviews by active reviewers of published opportunities / (3 x 2).
      completionRate: 83,
    });
    exportBefore = await reviewsExport();
    expect(recordsOf(exportBefore)[0]).not.toContain('excluded_from_figures');
  });

  it('leaves a conflicted review out of every figure, keeps it, and marks it in the export', async () => {
    const conflict = await createConflict(ctx.db, { reviewerId: C.id, opportunityId: O1.id });

    // 5 reviews count; completed 4 (A-O1, A-O2, B-O1, B-O2) of 3 x 2 - 1 expected = 80%.
    expect(await json('/api/admin/stats')).toMatchObject({ totalReviews: 5, completionRate: 80 });
    // O1: A 4, B 3, D 5 (deactivated reviewers' reviews stay in the top lists) = 4.0; O2: 3.5.
    expect(await json('/api/admin/top-opportunities')).toEqual([
      { id: O1.id, number: O1.number, title: 'First', reviewCount: 3, avgComposite: 4 },
      { id: O2.id, number: O2.number, title: 'Second', reviewCount: 2, avgComposite: 3.5 },
    ]);
    const analytics = await json('/api/admin/analytics/opportunities');
    expect(analytics.find((o: { id: string }) => o.id === O1.id)).toMatchObject({
      reviewCount: 3,
      avgComposite: 4,
      minComposite: 3,
    });
    const reviewers = await json('/api/admin/analytics/reviewers');
    expect(reviewers.find((r: { id: string }) => r.id === C.id)).toEqual({
      id: C.id,
      name: 'C reviewer',
      reviewCount: 0,
      avgComposite: null,
    });
    const heatmap = await json('/api/admin/analytics/heatmap');
    expect(cellOf(heatmap, C, O1)).toEqual({
      opportunityId: O1.id,
      opportunityNumber: O1.number,
      composite: null,
      conflict: true,
    });
    expect(cellOf(heatmap, A, O1)).toEqual({
      opportunityId: O1.id,
      opportunityNumber: O1.number,
      composite: 4,
    });
    // Results count active reviewers' reviews: O1 has A and B left.
    const results = await json('/api/admin/results');
    expect(results.opportunities.find((o: { id: string }) => o.id === O1.id).reviewCount).toBe(2);

    const records = recordsOf(await reviewsExport());
    const header = records[0]!;
    expect(header.at(-1)).toBe('excluded_from_figures');
    const nameColumn = header.indexOf('reviewer_name');
    const mark = (name: string, number: number) =>
      records.find((r) => r[nameColumn] === name && r[0] === String(number))!.at(-1);
    expect(mark('C reviewer', O1.number)).toBe('conflict');
    expect(mark('A reviewer', O1.number)).toBe('');
    expect(records).toHaveLength(7);

    // Withdrawn, everything is as before, the export byte for byte.
    await ctx.db.delete(conflicts).where(eq(conflicts.id, conflict.id));
    expect(await json('/api/admin/stats')).toMatchObject({ totalReviews: 6, completionRate: 83 });
    expect(await reviewsExport()).toBe(exportBefore);
  });
});

describe('assigned mode', () => {
  beforeAll(async () => {
    // Assigned: A-O1, B-O1, B-O2, C-O1 (with a conflict), C-O2, D-O1. Not A-O2.
    for (const [reviewer, opportunity] of [
      [A, O1],
      [B, O1],
      [B, O2],
      [C, O1],
      [C, O2],
      [D, O1],
    ] as const) {
      await createAssignment(ctx.db, { reviewerId: reviewer.id, opportunityId: opportunity.id });
    }
    await createConflict(ctx.db, { reviewerId: C.id, opportunityId: O1.id });
    await setSetting(ctx.db, 'review_assignment', 'assigned');
  });

  it('counts assigned pairs without a conflict only', async () => {
    // Counting: A-O1, B-O1, B-O2, D-O1 (A-O2 is not assigned, C-O1 has a conflict).
    // Completed by active reviewers: A-O1, B-O1, B-O2 = 3 of the expected A-O1, B-O1, B-O2, C-O2.
    expect(await json('/api/admin/stats')).toMatchObject({ totalReviews: 4, completionRate: 75 });
    expect(await json('/api/admin/top-opportunities')).toEqual([
      { id: O2.id, number: O2.number, title: 'Second', reviewCount: 1, avgComposite: 5 },
      { id: O1.id, number: O1.number, title: 'First', reviewCount: 3, avgComposite: 4 },
    ]);
    const heatmap = await json('/api/admin/analytics/heatmap');
    expect(cellOf(heatmap, A, O2)).toEqual({
      opportunityId: O2.id,
      opportunityNumber: O2.number,
      composite: null,
      unassigned: true,
    });
    expect(cellOf(heatmap, C, O1)).toMatchObject({ composite: null, conflict: true });
    expect(cellOf(heatmap, C, O1)).not.toHaveProperty('unassigned');
    expect(cellOf(heatmap, C, O2)).toEqual({
      opportunityId: O2.id,
      opportunityNumber: O2.number,
      composite: null,
    });
    const records = recordsOf(await reviewsExport());
    const nameColumn = records[0]!.indexOf('reviewer_name');
    const marks = Object.fromEntries(
      records.slice(1).map((r) => [`${r[nameColumn]} #${r[0]}`, r.at(-1)]),
    );
    expect(marks).toEqual({
      [`A reviewer #${O1.number}`]: '',
      [`B reviewer #${O1.number}`]: '',
      [`C reviewer #${O1.number}`]: 'conflict',
      [`D reviewer #${O1.number}`]: '',
      [`A reviewer #${O2.number}`]: 'not_assigned',
      [`B reviewer #${O2.number}`]: '',
    });
  });

  it('reminds only reviewers with unfinished assigned work, of that work', async () => {
    const response = await send(ctx.app, {
      method: 'POST',
      url: '/api/admin/reviewers/send-reminders',
      cookie: adminCookie,
    });
    expect(response.statusCode).toBe(200);
    // C: O2 assigned and not reviewed (O1 has a conflict). A and B have finished theirs.
    const reminded = await ctx.db
      .select()
      .from(emailNotifications)
      .where(eq(emailNotifications.type, 'review_reminder'));
    expect(reminded.map((m) => m.recipientEmail)).toEqual([C.email]);
    expect(reminded[0]!.subject).toBe('Assay: 1 opportunity still waiting for your review');
  });

  it('emails only the assigned reviewers when an opportunity is published', async () => {
    const draft = await createOpportunity(ctx.db, { status: 'draft', publishedAt: null });
    await createAssignment(ctx.db, { reviewerId: A.id, opportunityId: draft.id });
    const publish = await send(ctx.app, {
      method: 'PATCH',
      url: `/api/admin/opportunities/${draft.id}`,
      cookie: adminCookie,
      payload: { status: 'published' },
    });
    expect(publish.statusCode).toBe(200);
    expect(await emailsTo(ctx.db, A.email, 'new_opportunity')).toHaveLength(1);
    expect(await emailsTo(ctx.db, B.email, 'new_opportunity')).toHaveLength(0);
    expect(await emailsTo(ctx.db, C.email, 'new_opportunity')).toHaveLength(0);
  });

  it('leaves a review out once its assignment is removed (confirmed), and keeps it', async () => {
    const removed = await send(ctx.app, {
      method: 'POST',
      url: '/api/admin/assignments/remove',
      cookie: adminCookie,
      payload: { pairs: [{ reviewerId: B.id, opportunityId: O2.id }], confirmReviewed: true },
    });
    expect(removed.json()).toEqual({ removed: 1, reviewsExcluded: 1 });
    // Completed A-O1, B-O1 of expected A-O1, B-O1, C-O2, A-O4 (published above, not reviewed).
    expect(await json('/api/admin/stats')).toMatchObject({ totalReviews: 3, completionRate: 50 });
    const top = await json('/api/admin/top-opportunities');
    expect(top.map((o: { id: string }) => o.id)).toEqual([O1.id]);
    await setSetting(ctx.db, 'review_assignment', 'open');
    // Back in open mode, only the conflict is left out: 5 of the 6 stored reviews count.
    expect(await json('/api/admin/stats')).toMatchObject({ totalReviews: 5 });
  });
});

describe('open mode, publishing with a conflict', () => {
  it('emails every active reviewer but one with a conflict with it', async () => {
    await setSetting(ctx.db, 'review_assignment', 'open');
    const draft = await createOpportunity(ctx.db, { status: 'draft', publishedAt: null });
    await createConflict(ctx.db, { reviewerId: B.id, opportunityId: draft.id });
    const before = {
      A: (await emailsTo(ctx.db, A.email, 'new_opportunity')).length,
      B: (await emailsTo(ctx.db, B.email, 'new_opportunity')).length,
    };
    await send(ctx.app, {
      method: 'PATCH',
      url: `/api/admin/opportunities/${draft.id}`,
      cookie: adminCookie,
      payload: { status: 'published' },
    });
    expect((await emailsTo(ctx.db, A.email, 'new_opportunity')).length).toBe(before.A + 1);
    expect((await emailsTo(ctx.db, B.email, 'new_opportunity')).length).toBe(before.B);
  });
});
