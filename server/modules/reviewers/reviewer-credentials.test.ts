import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comments, reviews, viewerStates } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createComment } from '../../test/factories/comments';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview } from '../../test/factories/reviews';
import { unknownId } from '../../test/factories/sequence';
import { createUser } from '../../test/factories/users';
import { createViewerState } from '../../test/factories/viewer-states';
import { requestsAs, send, setupAccess, signIn } from '../../test/http';
import { countSessionsOf, userRowOf } from '../../test/queries';

// Passwords and deletion of reviewer accounts; reviewers.test.ts covers list, create, activate.
const ctx = setupTestApp();
const access = setupAccess(ctx);

const asAdmin = requestsAs(ctx, () => access.admin.cookie);

describe('POST /api/admin/reviewers/{id}/reset-password and set-password', () => {
  it('resets to a strong temporary password, stored hashed, and ends sessions', async () => {
    const reviewer = await createUser(ctx.db);
    await signIn(ctx.app, reviewer);
    const response = await asAdmin('POST', `/api/admin/reviewers/${reviewer.id}/reset-password`);
    expect(response.statusCode).toBe(200);
    const { tempPassword } = response.json();
    expect(tempPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    const row = await userRowOf(ctx.db, reviewer.id);
    expect(row!.passwordHash).not.toContain(tempPassword);
    expect(await verify(row!.passwordHash, tempPassword)).toBe(true);
    expect(await countSessionsOf(ctx.db, reviewer.id)).toBe(0);
    await signIn(ctx.app, { email: reviewer.email, password: tempPassword });
    const again = await asAdmin('POST', `/api/admin/reviewers/${reviewer.id}/reset-password`);
    expect(again.json().tempPassword).not.toBe(tempPassword);
  });

  it('sets a chosen password (min 6) and ends sessions', async () => {
    const reviewer = await createUser(ctx.db);
    await signIn(ctx.app, reviewer);
    const url = `/api/admin/reviewers/${reviewer.id}/set-password`;
    const short = await asAdmin('POST', url, { password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Password must be at least 6 characters');
    expect((await asAdmin('POST', url, {})).statusCode).toBe(400);
    expect((await userRowOf(ctx.db, reviewer.id))?.passwordHash).toBe(reviewer.passwordHash);
    const response = await asAdmin('POST', url, { password: 'abc123' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password updated' });
    expect(await verify((await userRowOf(ctx.db, reviewer.id))!.passwordHash, 'abc123')).toBe(true);
    expect(await countSessionsOf(ctx.db, reviewer.id)).toBe(0);
    await signIn(ctx.app, { email: reviewer.email, password: 'abc123' });
  });

  it('answers 404 for unknown ids and admins, 400 for a bad id', async () => {
    const otherAdmin = await createUser(ctx.db, { role: 'admin' });
    for (const id of [unknownId(), otherAdmin.id]) {
      const reset = await asAdmin('POST', `/api/admin/reviewers/${id}/reset-password`);
      expect(reset.statusCode).toBe(404);
      const set = await asAdmin('POST', `/api/admin/reviewers/${id}/set-password`, {
        password: 'abcdef',
      });
      expect(set.statusCode).toBe(404);
    }
    expect((await userRowOf(ctx.db, otherAdmin.id))?.passwordHash).toBe(otherAdmin.passwordHash);
    expect((await asAdmin('POST', '/api/admin/reviewers/123/reset-password')).statusCode).toBe(400);
  });
});

describe('DELETE /api/admin/reviewers/{id}', () => {
  it('removes the account with its reviews, comments, viewer state and sessions', async () => {
    const reviewer = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const cookie = await signIn(ctx.app, reviewer);
    const opportunity = await createOpportunity(ctx.db);
    await createReview(ctx.db, { opportunityId: opportunity.id, reviewerId: reviewer.id });
    await createComment(ctx.db, { opportunityId: opportunity.id, reviewerId: reviewer.id });
    await createViewerState(ctx.db, {
      reviewerId: reviewer.id,
      lastOpportunityId: opportunity.id,
    });
    await createReview(ctx.db, { opportunityId: opportunity.id, reviewerId: other.id });

    const response = await asAdmin('DELETE', `/api/admin/reviewers/${reviewer.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Reviewer deleted' });
    expect(await userRowOf(ctx.db, reviewer.id)).toBeUndefined();
    expect(await ctx.db.select().from(reviews).where(eq(reviews.reviewerId, reviewer.id))).toEqual(
      [],
    );
    expect(
      await ctx.db.select().from(comments).where(eq(comments.reviewerId, reviewer.id)),
    ).toEqual([]);
    expect(
      await ctx.db.select().from(viewerStates).where(eq(viewerStates.reviewerId, reviewer.id)),
    ).toEqual([]);
    expect(await countSessionsOf(ctx.db, reviewer.id)).toBe(0);
    expect((await send(ctx.app, { method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(
      401,
    );
    // Other reviewers' work stays.
    expect(
      await ctx.db.select().from(reviews).where(eq(reviews.reviewerId, other.id)),
    ).toHaveLength(1);
    const again = await asAdmin('DELETE', `/api/admin/reviewers/${reviewer.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('never deletes an admin (404) and validates the id (400)', async () => {
    const otherAdmin = await createUser(ctx.db, { role: 'admin' });
    const response = await asAdmin('DELETE', `/api/admin/reviewers/${otherAdmin.id}`);
    expect(response.statusCode).toBe(404);
    expect(await userRowOf(ctx.db, otherAdmin.id)).toBeDefined();
    const self = await asAdmin('DELETE', `/api/admin/reviewers/${access.admin.user.id}`);
    expect(self.statusCode).toBe(404);
    expect((await asAdmin('DELETE', '/api/admin/reviewers/nope')).statusCode).toBe(400);
  });
});
