import { desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignments, auditLogs, users } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createAssignment } from '../../test/factories/assignments';
import { createConflict } from '../../test/factories/conflicts';
import { createOpportunity } from '../../test/factories/opportunities';
import { nextSequence } from '../../test/factories/sequence';
import { setSetting } from '../../test/factories/settings';
import { createUser } from '../../test/factories/users';
import { requestsAs, setupAccess } from '../../test/http';
import { emailsTo } from '../../test/queries';

// Auto-assign through the API (preview, apply, fingerprint, batch) and the CSV import (issue 18).
// Auto-assign reads every active reviewer, so this file deactivates the reviewers of earlier
// tests before each auto-assign test builds its own panel.

const ctx = setupTestApp();
const access = setupAccess(ctx);
const asAdmin = requestsAs(ctx, () => access.admin.cookie);

async function pairsOf(opportunityIds: string[]) {
  const rows = await ctx.db
    .select()
    .from(assignments)
    .where(inArray(assignments.opportunityId, opportunityIds));
  return rows.map((row) => `${row.reviewerId}|${row.opportunityId}`).sort();
}

async function onlyTheseReviewersActive(ids: string[]) {
  await ctx.db.update(users).set({ isActive: false }).where(eq(users.role, 'reviewer'));
  await ctx.db.update(users).set({ isActive: true }).where(inArray(users.id, ids));
}

async function panel(reviewerCount: number, opportunityCount: number, batch?: string) {
  const reviewers = [];
  for (let i = 0; i < reviewerCount; i++) reviewers.push(await createUser(ctx.db));
  const opportunities = [];
  for (let j = 0; j < opportunityCount; j++) {
    opportunities.push(await createOpportunity(ctx.db, batch ? { batch } : {}));
  }
  await onlyTheseReviewersActive(reviewers.map((r) => r.id));
  return { reviewers, opportunities };
}

describe('POST /api/admin/assignments/auto', () => {
  it('previews without writing, then applies exactly the preview in one go', async () => {
    await setSetting(ctx.db, 'review_assignment', 'assigned');
    const { reviewers, opportunities } = await panel(5, 4);
    const ids = opportunities.map((o) => o.id);
    // One existing assignment is kept; one conflict is never assigned.
    await createAssignment(ctx.db, { reviewerId: reviewers[0]!.id, opportunityId: ids[0]! });
    await createConflict(ctx.db, { reviewerId: reviewers[1]!.id, opportunityId: ids[0]! });

    const preview = await asAdmin('POST', '/api/admin/assignments/auto', {
      perOpportunity: 3,
      apply: false,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const plan = preview.json();
    expect(plan.applied).toBe(false);
    expect(await pairsOf(ids)).toHaveLength(1);
    // 4 x 3 places, one filled already: 11 added over 5 reviewers, loads 2 or 3 (12 in all).
    expect(plan.added).toHaveLength(11);
    const afterLoads = plan.loads.map((l: { after: number }) => l.after).sort();
    expect(afterLoads).toEqual([2, 2, 2, 3, 3]);
    expect(plan.coverage.every((c: { after: number }) => c.after === 3)).toBe(true);
    expect(plan.unplaced).toEqual([]);
    expect(plan.added).not.toContainEqual({ reviewerId: reviewers[1]!.id, opportunityId: ids[0] });

    // The same input previews the same plan.
    const again = (
      await asAdmin('POST', '/api/admin/assignments/auto', { perOpportunity: 3, apply: false })
    ).json();
    expect(again).toEqual(plan);

    const applied = await asAdmin('POST', '/api/admin/assignments/auto', {
      perOpportunity: 3,
      apply: true,
      fingerprint: plan.fingerprint,
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({ ...plan, applied: true });
    expect(await pairsOf(ids)).toEqual(
      [
        `${reviewers[0]!.id}|${ids[0]}`,
        ...plan.added.map(
          (p: { reviewerId: string; opportunityId: string }) =>
            `${p.reviewerId}|${p.opportunityId}`,
        ),
      ].sort(),
    );
    const [audit] = await ctx.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'assignment.auto_assign'))
      .orderBy(desc(auditLogs.createdAt))
      .limit(1);
    expect(audit!.changes).toMatchObject({ perOpportunity: 3, batch: null });
    expect((audit!.changes as { added: unknown[] }).added).toHaveLength(11);
    // One email per reviewer for the whole batch.
    for (const reviewer of reviewers) {
      expect(await emailsTo(ctx.db, reviewer.email, 'new_opportunity')).toHaveLength(1);
    }

    // Run again: nothing to add (idempotent), and a stale fingerprint is refused.
    const second = (
      await asAdmin('POST', '/api/admin/assignments/auto', { perOpportunity: 3, apply: true })
    ).json();
    expect(second.added).toEqual([]);
    const stale = await asAdmin('POST', '/api/admin/assignments/auto', {
      perOpportunity: 3,
      apply: true,
      fingerprint: plan.fingerprint,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed since the preview/);
  });

  it('fills only the batch, keeps the cap and says what it could not place', async () => {
    await setSetting(ctx.db, 'review_assignment', 'open');
    const batch = `Auto ${nextSequence()}`;
    const { reviewers, opportunities } = await panel(3, 2, batch);
    const outside = await createOpportunity(ctx.db);
    const response = await asAdmin('POST', '/api/admin/assignments/auto', {
      perOpportunity: 3,
      maxPerReviewer: 1,
      batch,
      apply: true,
    });
    const plan = response.json();
    expect(plan.coverage.map((c: { opportunityId: string }) => c.opportunityId).sort()).toEqual(
      opportunities.map((o) => o.id).sort(),
    );
    expect(plan.added).toHaveLength(3);
    expect(plan.loads.every((l: { after: number }) => l.after === 1)).toBe(true);
    expect(plan.unplaced.reduce((sum: number, u: { missing: number }) => sum + u.missing, 0)).toBe(
      3,
    );
    // Each opportunity could take the reviewers the other one got, but they are at the cap.
    expect(plan.unplaced[0].reason).toBe(
      'The other reviewers have reached the limit of 1 opportunity each',
    );
    expect(await pairsOf([outside.id])).toEqual([]);
    // Open mode: assignments send no email.
    for (const reviewer of reviewers) expect(await emailsTo(ctx.db, reviewer.email)).toEqual([]);

    for (const bad of [
      { perOpportunity: 0, apply: false },
      { perOpportunity: 1.5, apply: false },
      { perOpportunity: 2 },
      { perOpportunity: 2, apply: false, maxPerReviewer: 0 },
    ]) {
      expect((await asAdmin('POST', '/api/admin/assignments/auto', bad)).statusCode).toBe(400);
    }
  });
});

describe('POST /api/admin/assignments/import', () => {
  it('imports every row of a good file, counting pairs already assigned', async () => {
    await setSetting(ctx.db, 'review_assignment', 'assigned');
    const ann = await createUser(ctx.db, { email: `Ann.${nextSequence()}@Example.test` });
    const bob = await createUser(ctx.db);
    const first = await createOpportunity(ctx.db);
    const second = await createOpportunity(ctx.db);
    await createAssignment(ctx.db, { reviewerId: bob.id, opportunityId: second.id });
    const csv = `email,number\r\n${ann.email.toLowerCase()},${first.number}\r\n${ann.email},${second.number}\r\n${bob.email},${second.number}\r\n`;
    const response = await asAdmin('POST', '/api/admin/assignments/import', { csv });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ added: 2, alreadyAssigned: 1 });
    expect(await pairsOf([first.id, second.id])).toEqual(
      [`${ann.id}|${first.id}`, `${ann.id}|${second.id}`, `${bob.id}|${second.id}`].sort(),
    );
    expect(await emailsTo(ctx.db, ann.email, 'new_opportunity')).toHaveLength(1);
    expect(await emailsTo(ctx.db, bob.email, 'new_opportunity')).toHaveLength(0);
  });

  it('reports every bad row by line and imports nothing', async () => {
    const ann = await createUser(ctx.db, { name: 'Ann Import' });
    const first = await createOpportunity(ctx.db);
    const conflicted = await createOpportunity(ctx.db);
    await createConflict(ctx.db, { reviewerId: ann.id, opportunityId: conflicted.id });
    const csv = [
      'Email,Number',
      `${ann.email},${first.number}`,
      `nobody-${nextSequence()}@example.test,${first.number}`,
      `${ann.email},999999`,
      `${ann.email},${conflicted.number}`,
      `${ann.email},${first.number}`,
      `${ann.email}`,
      `${access.admin.user.email},${first.number}`,
    ].join('\n');
    const response = await asAdmin('POST', '/api/admin/assignments/import', { csv });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe('6 rows of the file have errors; nothing was imported');
    expect(body.rows.map((r: { line: number; error: string }) => [r.line, r.error])).toEqual([
      [3, 'unknown_email'],
      [4, 'unknown_number'],
      [5, 'conflict'],
      [6, 'duplicate'],
      [7, 'malformed'],
      [8, 'unknown_email'],
    ]);
    expect(body.rows[2]).toEqual({
      line: 5,
      email: ann.email,
      number: String(conflicted.number),
      error: 'conflict',
      message: `Line 5: ${ann.email} has a conflict of interest with #${conflicted.number}`,
    });
    expect(await pairsOf([first.id, conflicted.id])).toEqual([]);

    const header = await asAdmin('POST', '/api/admin/assignments/import', {
      csv: 'mail,number\na@b.test,1',
    });
    expect(header.statusCode).toBe(400);
    expect(header.json().rows).toEqual([
      {
        line: 1,
        email: 'mail',
        number: 'number',
        error: 'malformed',
        message: 'The first line must be the header email,number',
      },
    ]);
    expect((await asAdmin('POST', '/api/admin/assignments/import', { csv: '' })).statusCode).toBe(
      400,
    );
  });
});
