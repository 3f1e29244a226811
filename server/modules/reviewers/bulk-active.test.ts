import { BULK_IDS_MAX } from '@shared/limits';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly } from '../../test/assertions';
import { setupTestApp } from '../../test/build-test-app';
import { unknownId } from '../../test/factories/sequence';
import { createUser } from '../../test/factories/users';
import { requestsAs, send, setupAccess, signIn } from '../../test/http';
import { auditRowsFor, countSessionsOf, userRowOf } from '../../test/queries';

const ctx = setupTestApp();
const access = setupAccess(ctx);

const asAdmin = requestsAs(ctx, () => access.admin.cookie);
const URL = '/api/admin/reviewers/bulk-active';

const bulk = (ids: string[], isActive: boolean) => asAdmin('POST', URL, { ids, isActive });

/** The audit rows of admin changes to this account (sign-ins are audited too). */
const adminChangesTo = async (id: string) =>
  (await auditRowsFor(ctx.db, id)).filter((row) => row.action.startsWith('reviewer.'));

const isActiveOf = async (id: string) => (await userRowOf(ctx.db, id))?.isActive;

/** What a signed-in reviewer's session answers on their own list. */
const listStatus = async (cookie: string) =>
  (await send(ctx.app, { method: 'GET', url: '/api/reviewer/opportunities', cookie })).statusCode;

describe('access to POST /api/admin/reviewers/bulk-active', () => {
  it('refuses anonymous (401), reviewers (403) and inactive admins (403), changing nothing', async () => {
    const reviewer = await createUser(ctx.db);
    await expectAdminOnly(ctx.app, access, {
      method: 'POST',
      url: URL,
      payload: { ids: [reviewer.id], isActive: false },
    });
    expect(await isActiveOf(reviewer.id)).toBe(true);
    expect(await adminChangesTo(reviewer.id)).toEqual([]);
  });
});

describe('POST /api/admin/reviewers/bulk-active', () => {
  it('answers 400 with a message for a bad body, and changes nothing', async () => {
    const reviewer = await createUser(ctx.db);
    const tooMany = Array.from({ length: BULK_IDS_MAX + 1 }, () => unknownId());
    const cases: Array<[object, string]> = [
      [{ isActive: false }, 'ids must be a list of ids'],
      [{ ids: [], isActive: false }, 'Select at least one row'],
      [{ ids: tooMany, isActive: false }, `At most ${BULK_IDS_MAX} rows at once`],
      [{ ids: [reviewer.id, reviewer.id], isActive: false }, 'Each id may appear only once'],
      [{ ids: ['x'], isActive: false }, 'Each id must be a UUID'],
      [{ ids: [reviewer.id], isActive: 'no' }, 'isActive must be true or false'],
      [{ ids: [reviewer.id] }, 'isActive must be true or false'],
    ];
    for (const [payload, message] of cases) {
      const response = await asAdmin('POST', URL, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message, message).toContain(message);
    }
    expect(await isActiveOf(reviewer.id)).toBe(true);
  });

  it('deactivates many in one call as the single call does: access refused at once, sessions kept, one audit row each', async () => {
    const ann = await createUser(ctx.db, { name: 'Ann Bulk' });
    const bob = await createUser(ctx.db, { name: 'Bob Bulk' });
    const off = await createUser(ctx.db, { name: 'Cy Bulk', isActive: false });
    const annCookie = await signIn(ctx.app, ann);
    expect(await listStatus(annCookie)).toBe(200);

    const response = await bulk([off.id, bob.id, ann.id], false);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.isActive).toBe(false);
    expect(body.changed.map((r: { name: string }) => r.name)).toEqual(['Ann Bulk', 'Bob Bulk']);
    expect(body.changed[0]).toMatchObject({ id: ann.id, isActive: false, role: 'reviewer' });
    expect(body.changed[0]).not.toHaveProperty('passwordHash');
    expect(body.unchanged.map((r: { id: string }) => r.id)).toEqual([off.id]);

    expect([await isActiveOf(ann.id), await isActiveOf(bob.id)]).toEqual([false, false]);
    // CONTRACT.md: the session loses access at once but is kept for a reactivation.
    expect(await listStatus(annCookie)).toBe(403);
    expect(await countSessionsOf(ctx.db, ann.id)).toBe(1);
    for (const reviewer of [ann, bob]) {
      const audit = await adminChangesTo(reviewer.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'reviewer.deactivate',
        entityType: 'user',
        userId: access.admin.user.id,
        changes: { before: { isActive: true }, after: { isActive: false } },
      });
    }
    expect(await adminChangesTo(off.id)).toEqual([]);

    const back = await bulk([ann.id, bob.id, off.id], true);
    expect(back.statusCode).toBe(200);
    expect(back.json().changed).toHaveLength(3);
    expect(await listStatus(annCookie)).toBe(200);
    expect((await adminChangesTo(off.id)).map((row) => row.action)).toEqual(['reviewer.activate']);
  });

  it('answers 404 naming unknown ids and admins, and changes none of the other rows', async () => {
    const reviewer = await createUser(ctx.db);
    const admin = await createUser(ctx.db, { role: 'admin' });
    const missing = unknownId();

    const one = await bulk([reviewer.id, admin.id], false);
    expect(one.statusCode).toBe(404);
    expect(one.json()).toEqual({ message: `Reviewer not found: ${admin.id}` });
    const two = await bulk([missing, reviewer.id, admin.id], false);
    expect(two.statusCode).toBe(404);
    expect(two.json()).toEqual({ message: `Reviewers not found: ${missing}, ${admin.id}` });

    expect(await isActiveOf(reviewer.id)).toBe(true);
    expect(await isActiveOf(admin.id)).toBe(true);
    expect(await adminChangesTo(reviewer.id)).toEqual([]);
  });
});
