import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignments, auditLogs, reviews } from '../../db/schema/index';
import { expectAdminOnly } from '../../test/assertions';
import { setupTestApp } from '../../test/build-test-app';
import { createAssignment } from '../../test/factories/assignments';
import { createComment } from '../../test/factories/comments';
import { createConflict } from '../../test/factories/conflicts';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview } from '../../test/factories/reviews';
import { nextSequence, unknownId } from '../../test/factories/sequence';
import { setSetting } from '../../test/factories/settings';
import { createUser } from '../../test/factories/users';
import { createSignedInUser, requestsAs, setupAccess } from '../../test/http';
import { emailsTo } from '../../test/queries';

// The admin's assignment calls (issue 18): board, add, remove. Each test builds its own reviewers
// and opportunities and asserts on them only (other tests' rows share the database).

const ctx = setupTestApp();
const access = setupAccess(ctx);
const asAdmin = requestsAs(ctx, () => access.admin.cookie);

async function assignedPairs(reviewerIds: string[]) {
  const rows = await ctx.db.select().from(assignments);
  return rows
    .filter((row) => reviewerIds.includes(row.reviewerId))
    .map((row) => `${row.reviewerId}|${row.opportunityId}`)
    .sort();
}
const pairOf = (reviewerId: string, opportunityId: string) => `${reviewerId}|${opportunityId}`;

async function lastAudit(action: string) {
  const [row] = await ctx.db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.action, action))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(1);
  return row;
}

describe('access', () => {
  it('every assignment and conflict call is for admins only', async () => {
    const pairs = [{ reviewerId: unknownId(), opportunityId: unknownId() }];
    for (const request of [
      { method: 'GET' as const, url: '/api/admin/assignments' },
      { method: 'POST' as const, url: '/api/admin/assignments', payload: { pairs } },
      { method: 'POST' as const, url: '/api/admin/assignments/remove', payload: { pairs } },
      {
        method: 'POST' as const,
        url: '/api/admin/assignments/auto',
        payload: { perOpportunity: 1, apply: true },
      },
      {
        method: 'POST' as const,
        url: '/api/admin/assignments/import',
        payload: { csv: 'email,number\n' },
      },
      { method: 'GET' as const, url: '/api/admin/conflicts' },
      { method: 'POST' as const, url: '/api/admin/conflicts', payload: pairs[0] },
      { method: 'DELETE' as const, url: `/api/admin/conflicts/${unknownId()}` },
    ]) {
      await expectAdminOnly(ctx.app, access, request);
    }
  });
});

describe('GET /api/admin/assignments', () => {
  it('lists active reviewers, every opportunity, the assignments and conflicts, with counts', async () => {
    const batch = `Board ${nextSequence()}`;
    const ann = await createUser(ctx.db, { name: `A board ${batch}` });
    const bob = await createUser(ctx.db, { name: `B board ${batch}`, displayName: 'Bobby' });
    const inactive = await createUser(ctx.db, { isActive: false });
    const published = await createOpportunity(ctx.db, { batch });
    const draft = await createOpportunity(ctx.db, { batch, status: 'draft', publishedAt: null });
    const elsewhere = await createOpportunity(ctx.db);
    await createAssignment(ctx.db, { reviewerId: ann.id, opportunityId: published.id });
    await createAssignment(ctx.db, { reviewerId: ann.id, opportunityId: draft.id });
    await createAssignment(ctx.db, { reviewerId: bob.id, opportunityId: published.id });
    await createAssignment(ctx.db, { reviewerId: ann.id, opportunityId: elsewhere.id });
    await createAssignment(ctx.db, { reviewerId: inactive.id, opportunityId: published.id });
    await createReview(ctx.db, { reviewerId: ann.id, opportunityId: published.id });
    // Reviewed while unassigned (open mode): not an assignment.
    await createReview(ctx.db, { reviewerId: bob.id, opportunityId: draft.id });
    const conflict = await createConflict(ctx.db, {
      reviewerId: bob.id,
      opportunityId: published.id,
      reason: 'Former employer',
    });

    const response = await asAdmin(
      'GET',
      `/api/admin/assignments?batch=${encodeURIComponent(batch)}`,
    );
    expect(response.statusCode).toBe(200);
    const board = response.json();
    expect(board.mode).toBe('open');
    expect(board.batches).toContain(batch);
    const reviewerIds = board.reviewers.map((r: { id: string }) => r.id);
    expect(reviewerIds).not.toContain(inactive.id);
    expect(board.reviewers.filter((r: { id: string }) => [ann.id, bob.id].includes(r.id))).toEqual([
      { id: ann.id, name: ann.name, displayName: null, email: ann.email, assigned: 2, reviewed: 1 },
      // Bob's one assignment has a conflict: listed, not counted.
      {
        id: bob.id,
        name: bob.name,
        displayName: 'Bobby',
        email: bob.email,
        assigned: 0,
        reviewed: 0,
      },
    ]);
    // Every status, in number order (the factory numbers them in creation order).
    expect(board.opportunities).toEqual([
      {
        id: published.id,
        number: published.number,
        title: published.title,
        status: 'published',
        batch,
        assigned: 1,
        reviewed: 1,
      },
      {
        id: draft.id,
        number: draft.number,
        title: draft.title,
        status: 'draft',
        batch,
        assigned: 1,
        reviewed: 0,
      },
    ]);
    const mine = board.assignments.filter((a: { reviewerId: string }) =>
      [ann.id, bob.id].includes(a.reviewerId),
    );
    expect(mine).toHaveLength(3);
    expect(mine).toContainEqual({
      reviewerId: ann.id,
      opportunityId: published.id,
      hasReview: true,
    });
    expect(mine).toContainEqual({ reviewerId: ann.id, opportunityId: draft.id, hasReview: false });
    expect(mine).toContainEqual({
      reviewerId: bob.id,
      opportunityId: published.id,
      hasReview: false,
    });
    expect(board.conflicts).toContainEqual({
      id: conflict.id,
      reviewerId: bob.id,
      opportunityId: published.id,
      reason: 'Former employer',
      declaredBy: 'reviewer',
      createdAt: conflict.createdAt.toISOString(),
    });

    const onlyAnn = (await asAdmin('GET', `/api/admin/assignments?reviewerId=${ann.id}`)).json();
    expect(onlyAnn.reviewers.map((r: { id: string }) => r.id)).toEqual([ann.id]);
    expect(onlyAnn.reviewers[0]).toMatchObject({ assigned: 3, reviewed: 1 });
    expect(new Set(onlyAnn.assignments.map((a: { reviewerId: string }) => a.reviewerId))).toEqual(
      new Set([ann.id]),
    );

    for (const bad of ['reviewerId=nope', `batch=${'x'.repeat(101)}`]) {
      expect((await asAdmin('GET', `/api/admin/assignments?${bad}`)).statusCode).toBe(400);
    }
  });
});

describe('POST /api/admin/assignments', () => {
  it('adds pairs idempotently, audits them, and in assigned mode emails each reviewer once', async () => {
    await setSetting(ctx.db, 'review_assignment', 'assigned');
    const ann = await createUser(ctx.db, { name: 'Ann Assigned' });
    const bob = await createUser(ctx.db);
    const first = await createOpportunity(ctx.db, { title: 'First one' });
    const second = await createOpportunity(ctx.db, { title: 'Second one' });
    const draft = await createOpportunity(ctx.db, { status: 'draft', publishedAt: null });
    const pairs = [
      { reviewerId: ann.id, opportunityId: first.id },
      { reviewerId: ann.id, opportunityId: second.id },
      { reviewerId: ann.id, opportunityId: draft.id },
      { reviewerId: bob.id, opportunityId: first.id },
      { reviewerId: bob.id, opportunityId: first.id },
    ];
    const response = await asAdmin('POST', '/api/admin/assignments', { pairs });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ added: 4, alreadyAssigned: 0 });
    expect(await assignedPairs([ann.id, bob.id])).toEqual(
      [
        pairOf(ann.id, first.id),
        pairOf(ann.id, second.id),
        pairOf(ann.id, draft.id),
        pairOf(bob.id, first.id),
      ].sort(),
    );
    const audit = await lastAudit('assignment.add');
    expect(audit).toMatchObject({ userId: access.admin.user.id, entityType: 'assignment' });
    expect((audit!.changes as { added: string[][] }).added).toHaveLength(4);

    // One email per reviewer for the batch, listing the published opportunities it assigned.
    const annMails = await emailsTo(ctx.db, ann.email, 'new_opportunity');
    expect(annMails).toHaveLength(1);
    expect(annMails[0]!.subject).toBe('Assay: 2 opportunities assigned to you');
    expect(annMails[0]!.body).toContain(`#${first.number} "First one"`);
    expect(annMails[0]!.body).toContain(`#${second.number} "Second one"`);
    expect(annMails[0]!.body).not.toContain(`#${draft.number} `);
    const bobMails = await emailsTo(ctx.db, bob.email, 'new_opportunity');
    expect(bobMails.map((m) => m.subject)).toEqual([
      `Assay: opportunity #${first.number} First one assigned to you`,
    ]);
    expect(bobMails[0]!.body).toContain(`http://assay.test/reviewer/opportunities/${first.id}`);

    const again = await asAdmin('POST', '/api/admin/assignments', { pairs });
    expect(again.json()).toEqual({ added: 0, alreadyAssigned: 4 });
    expect(await emailsTo(ctx.db, ann.email, 'new_opportunity')).toHaveLength(1);
  });

  it('sends no assignment email in open mode', async () => {
    await setSetting(ctx.db, 'review_assignment', 'open');
    const ann = await createUser(ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    const response = await asAdmin('POST', '/api/admin/assignments', {
      pairs: [{ reviewerId: ann.id, opportunityId: opportunity.id }],
    });
    expect(response.json()).toEqual({ added: 1, alreadyAssigned: 0 });
    expect(await emailsTo(ctx.db, ann.email)).toHaveLength(0);
  });

  it('refuses unknown ids (404) and conflicted pairs (409), adding nothing of the request', async () => {
    const ann = await createUser(ctx.db, { name: 'Ann Conflicted' });
    const opportunity = await createOpportunity(ctx.db);
    const other = await createOpportunity(ctx.db);
    await createConflict(ctx.db, { reviewerId: ann.id, opportunityId: opportunity.id });
    const good = { reviewerId: ann.id, opportunityId: other.id };
    const cases: Array<[object[], number, RegExp]> = [
      [[good, { reviewerId: unknownId(), opportunityId: other.id }], 404, /^Reviewer not found/],
      [
        [good, { reviewerId: access.admin.user.id, opportunityId: other.id }],
        404,
        /^Reviewer not found/,
      ],
      [[good, { reviewerId: ann.id, opportunityId: unknownId() }], 404, /^Opportunity not found/],
      [
        [good, { reviewerId: ann.id, opportunityId: opportunity.id }],
        409,
        new RegExp(
          `^This reviewer has a conflict of interest: Ann Conflicted with #${opportunity.number}`,
        ),
      ],
    ];
    for (const [pairs, status, message] of cases) {
      const response = await asAdmin('POST', '/api/admin/assignments', { pairs });
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    expect(await assignedPairs([ann.id])).toEqual([]);
    for (const payload of [
      {},
      { pairs: [] },
      { pairs: [{ reviewerId: 'x', opportunityId: other.id }] },
    ]) {
      expect((await asAdmin('POST', '/api/admin/assignments', payload)).statusCode).toBe(400);
    }
  });
});

describe('POST /api/admin/assignments/remove', () => {
  it('removes at once what has no work; asks to confirm what has, then keeps the work', async () => {
    const ann = await createUser(ctx.db);
    const [quiet, reviewed, commented] = [
      await createOpportunity(ctx.db),
      await createOpportunity(ctx.db),
      await createOpportunity(ctx.db),
    ];
    for (const o of [quiet, reviewed, commented]) {
      await createAssignment(ctx.db, { reviewerId: ann.id, opportunityId: o.id });
    }
    const review = await createReview(ctx.db, { reviewerId: ann.id, opportunityId: reviewed.id });
    await createComment(ctx.db, { reviewerId: ann.id, opportunityId: commented.id });

    const quietOnly = await asAdmin('POST', '/api/admin/assignments/remove', {
      pairs: [{ reviewerId: ann.id, opportunityId: quiet.id }],
    });
    expect(quietOnly.json()).toEqual({ removed: 1, reviewsExcluded: 0 });

    const pairs = [
      { reviewerId: ann.id, opportunityId: reviewed.id },
      { reviewerId: ann.id, opportunityId: commented.id },
      { reviewerId: ann.id, opportunityId: quiet.id },
    ];
    const refused = await asAdmin('POST', '/api/admin/assignments/remove', { pairs });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message:
        '2 of these assignments have a saved review or comment. Confirm to remove them: the work is kept, but while reviewers work on their assignments it is left out of every figure.',
      reviewed: 2,
    });
    expect(await assignedPairs([ann.id])).toHaveLength(2);

    const confirmed = await asAdmin('POST', '/api/admin/assignments/remove', {
      pairs,
      confirmReviewed: true,
    });
    expect(confirmed.json()).toEqual({ removed: 2, reviewsExcluded: 1 });
    expect(await assignedPairs([ann.id])).toEqual([]);
    const kept = await ctx.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(kept).toHaveLength(1);
    const audit = await lastAudit('assignment.remove');
    expect(audit!.changes).toMatchObject({ reviewsExcluded: 1 });
    expect((audit!.changes as { removed: unknown[] }).removed).toHaveLength(2);
  });
});

describe('conflicts, by admins', () => {
  it('records, lists and withdraws a conflict, each audited; only once per pair', async () => {
    const ann = await createUser(ctx.db, { name: 'Ann Recorded' });
    const opportunity = await createOpportunity(ctx.db, { status: 'draft', publishedAt: null });
    const recorded = await asAdmin('POST', '/api/admin/conflicts', {
      reviewerId: ann.id,
      opportunityId: opportunity.id,
      reason: '  Co-founder  ',
    });
    expect(recorded.statusCode).toBe(201);
    const conflict = recorded.json();
    expect(conflict).toEqual({
      id: expect.any(String),
      reviewerId: ann.id,
      opportunityId: opportunity.id,
      reason: 'Co-founder',
      declaredBy: 'admin',
      createdAt: expect.any(String),
    });
    const again = await asAdmin('POST', '/api/admin/conflicts', {
      reviewerId: ann.id,
      opportunityId: opportunity.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: `Ann Recorded already has a conflict of interest with #${opportunity.number}`,
    });
    for (const [payload, message] of [
      [{ reviewerId: unknownId(), opportunityId: opportunity.id }, 'Reviewer not found'],
      [{ reviewerId: access.admin.user.id, opportunityId: opportunity.id }, 'Reviewer not found'],
      [{ reviewerId: ann.id, opportunityId: unknownId() }, 'Opportunity not found'],
    ] as const) {
      const response = await asAdmin('POST', '/api/admin/conflicts', payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message });
    }

    const list = (await asAdmin('GET', '/api/admin/conflicts')).json();
    expect(list.find((c: { id: string }) => c.id === conflict.id)).toEqual({
      ...conflict,
      reviewer: { name: 'Ann Recorded', email: ann.email },
      opportunity: { number: opportunity.number, title: opportunity.title },
    });

    const withdrawn = await asAdmin('DELETE', `/api/admin/conflicts/${conflict.id}`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toEqual(conflict);
    expect((await asAdmin('DELETE', `/api/admin/conflicts/${conflict.id}`)).statusCode).toBe(404);
    const history = await ctx.db
      .select({ action: auditLogs.action, changes: auditLogs.changes })
      .from(auditLogs)
      .where(eq(auditLogs.entityId, conflict.id))
      .orderBy(auditLogs.createdAt, auditLogs.id);
    expect(history).toEqual([
      {
        action: 'conflict.record',
        changes: { after: expect.objectContaining({ reason: 'Co-founder', declaredBy: 'admin' }) },
      },
      {
        action: 'conflict.withdraw',
        changes: { before: expect.objectContaining({ reviewerId: ann.id }) },
      },
    ]);
  });

  it("audits a reviewer's declaration once, however often it is sent", async () => {
    await setSetting(ctx.db, 'review_assignment', 'open');
    const { user, cookie } = await createSignedInUser(ctx.app, ctx.db);
    const opportunity = await createOpportunity(ctx.db);
    for (let i = 0; i < 2; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/reviewer/opportunities/${opportunity.id}/conflict`,
        headers: { cookie },
        ...(i === 0 ? { payload: { reason: 'Shareholder' } } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ reason: 'Shareholder', declaredAt: expect.any(String) });
    }
    const rows = await ctx.db.execute<{ action: string; user_id: string }>(sql`
      select a.action, a.user_id from audit_logs a join conflicts c on c.id::text = a.entity_id
       where c.reviewer_id = ${user.id} and c.opportunity_id = ${opportunity.id}`);
    expect(rows.rows).toEqual([{ action: 'conflict.declare', user_id: user.id }]);
    // And it is closed to saving from then on.
    const save = await ctx.app.inject({
      method: 'POST',
      url: '/api/reviewer/comments',
      headers: { cookie },
      payload: { opportunityId: opportunity.id, challenges: 'x' },
    });
    expect(save.statusCode).toBe(409);
    const stored = await ctx.db
      .select()
      .from(assignments)
      .where(and(eq(assignments.reviewerId, user.id)));
    expect(stored).toEqual([]);
  });
});
