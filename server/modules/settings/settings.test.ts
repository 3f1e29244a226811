import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settings } from '../../db/schema/index';
import { expectAdminOnly } from '../../test/assertions';
import { setupTestApp } from '../../test/build-test-app';
import { requestsAs, setupAccess } from '../../test/http';
import { getShowReviewerComments } from './queries';

const ctx = setupTestApp();
const access = setupAccess(ctx);

const URL_GET = '/api/admin/settings/show_reviewer_comments';
const asAdmin = requestsAs(ctx, () => access.admin.cookie);

async function storedValue() {
  const [row] = await ctx.db
    .select()
    .from(settings)
    .where(eq(settings.key, 'show_reviewer_comments'));
  return row?.value;
}

// One test runs the whole story in order: the setting is global to this file's database.
describe('show_reviewer_comments', () => {
  it('is admin-only', async () => {
    await expectAdminOnly(ctx.app, access, { method: 'GET', url: URL_GET });
    await expectAdminOnly(ctx.app, access, {
      method: 'POST',
      url: '/api/admin/settings',
      payload: { key: 'show_reviewer_comments', value: 'true' },
    });
    expect(await storedValue()).toBeUndefined();
  });

  it('defaults to false, is switched on and off, and validates its input', async () => {
    const initial = await asAdmin('GET', URL_GET);
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({ key: 'show_reviewer_comments', value: 'false' });
    expect(await getShowReviewerComments(ctx.db)).toBe(false);

    const on = await asAdmin('POST', '/api/admin/settings', {
      key: 'show_reviewer_comments',
      value: 'true',
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ key: 'show_reviewer_comments', value: 'true' });
    expect(await storedValue()).toBe('true');
    expect((await asAdmin('GET', URL_GET)).json().value).toBe('true');
    expect(await getShowReviewerComments(ctx.db)).toBe(true);

    const bad: Array<[object, number]> = [
      [{ value: 'true' }, 400],
      [{ key: '', value: 'true' }, 400],
      [{ key: 'show_reviewer_comments', value: 'yes' }, 400],
      [{ key: 'show_reviewer_comments', value: true }, 400],
      [{ key: 'show_reviewer_comments' }, 400],
      [{ key: 'maintenance_mode', value: 'true' }, 404],
    ];
    for (const [payload, status] of bad) {
      const response = await asAdmin('POST', '/api/admin/settings', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
    }
    expect(await storedValue()).toBe('true');

    const off = await asAdmin('POST', '/api/admin/settings', {
      key: 'show_reviewer_comments',
      value: 'false',
    });
    expect(off.json()).toEqual({ key: 'show_reviewer_comments', value: 'false' });
    expect(await storedValue()).toBe('false');
    expect(await getShowReviewerComments(ctx.db)).toBe(false);
  });

  it('answers 404 for an unknown key on read', async () => {
    const response = await asAdmin('GET', '/api/admin/settings/maintenance_mode');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Unknown setting' });
  });

  it('reads and writes with a constant number of statements', async () => {
    const read = await ctx.countStatements(() => asAdmin('GET', URL_GET));
    const write = await ctx.countStatements(() =>
      asAdmin('POST', '/api/admin/settings', { key: 'show_reviewer_comments', value: 'true' }),
    );
    // Session + user for the guard, then one statement for the setting; a write is a
    // transaction: begin, the old value, the upsert, the audit row, commit.
    expect(read).toBe(3);
    expect(write).toBe(7);
  });
});
