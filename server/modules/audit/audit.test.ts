import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLogs } from '../../db/schema/index';
import { expectAdminOnly } from '../../test/assertions';
import { setupTestApp } from '../../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../../test/factories/users';
import { imageUpload, requestsAs, setupAccess } from '../../test/http';
import { auditRowsFor, auditText, userRowOf } from '../../test/queries';

const ctx = setupTestApp();
const access = setupAccess(ctx);
const UA = 'AuditTest/1.0';

const asAdmin = requestsAs(ctx, () => access.admin.cookie, { 'user-agent': UA });

async function passwordHashOf(id: string) {
  return (await userRowOf(ctx.db, id))!.passwordHash;
}

describe('audit of sign-ins', () => {
  it('records a sign-in and each failed sign-in, never with the password', async () => {
    const user = await createUser(ctx.db);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'wrong-password-123' },
      headers: { 'user-agent': UA },
      remoteAddress: '10.1.2.3',
    });
    expect(wrong.statusCode).toBe(401);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { 'user-agent': UA },
      remoteAddress: '10.1.2.3',
    });
    expect(ok.statusCode).toBe(200);
    const rows = await auditRowsFor(ctx.db, user.id);
    expect(rows.map((row) => row.action)).toEqual(['auth.login_failed', 'auth.login']);
    expect(rows[0]).toMatchObject({
      userId: user.id,
      entityType: 'user',
      ipAddress: '10.1.2.3',
      userAgent: UA,
      changes: { email: user.email.toLowerCase(), reason: 'wrong_password' },
    });
    expect(rows[1]).toMatchObject({ userId: user.id, ipAddress: '10.1.2.3', userAgent: UA });
    const text = auditText(rows);
    expect(text).not.toContain('wrong-password-123');
    expect(text).not.toContain(TEST_PASSWORD);
    expect(text).not.toContain(user.passwordHash);
  });

  it('records a failed sign-in for an unknown email without a user', async () => {
    const email = 'nobody-audited@example.test';
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'secret-guess-1' },
    });
    const rows = await ctx.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'auth.login_failed'));
    const mine = rows.filter((row) => (row.changes as { email?: string }).email === email);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ userId: null, entityId: null });
    expect(mine[0]!.changes).toEqual({ email, reason: 'unknown_email' });
    expect(auditText(mine)).not.toContain('secret-guess-1');
  });
});

describe('audit of reviewer administration', () => {
  it('records create, deactivate, activate, set and reset password and delete', async () => {
    const created = await asAdmin('POST', '/api/admin/reviewers', {
      name: 'Audited Reviewer',
      email: 'audited.reviewer@example.test',
      password: 'initial-password-1',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const hashes = [await passwordHashOf(id)];

    expect(
      (await asAdmin('PATCH', `/api/admin/reviewers/${id}`, { isActive: false })).statusCode,
    ).toBe(200);
    expect(
      (await asAdmin('PATCH', `/api/admin/reviewers/${id}`, { isActive: true })).statusCode,
    ).toBe(200);
    const set = await asAdmin('POST', `/api/admin/reviewers/${id}/set-password`, {
      password: 'second-password-2',
    });
    expect(set.statusCode).toBe(200);
    hashes.push(await passwordHashOf(id));
    const reset = await asAdmin('POST', `/api/admin/reviewers/${id}/reset-password`);
    expect(reset.statusCode).toBe(200);
    const tempPassword = reset.json().tempPassword as string;
    hashes.push(await passwordHashOf(id));
    expect((await asAdmin('DELETE', `/api/admin/reviewers/${id}`)).statusCode).toBe(200);

    const rows = await auditRowsFor(ctx.db, id);
    expect(rows.map((row) => row.action)).toEqual([
      'reviewer.create',
      'reviewer.deactivate',
      'reviewer.activate',
      'reviewer.set_password',
      'reviewer.reset_password',
      'reviewer.delete',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        userId: access.admin.user.id,
        entityType: 'user',
        entityId: id,
        userAgent: UA,
      });
      expect(row.ipAddress).toBeTruthy();
    }
    expect(rows[0]!.changes).toEqual({
      after: {
        name: 'Audited Reviewer',
        email: 'audited.reviewer@example.test',
        displayName: null,
        role: 'reviewer',
        isActive: true,
      },
    });
    expect(rows[1]!.changes).toEqual({ before: { isActive: true }, after: { isActive: false } });
    expect(rows[2]!.changes).toEqual({ before: { isActive: false }, after: { isActive: true } });
    expect(rows[3]!.changes).toEqual({ credentialsChanged: true, sessionsEnded: true });
    expect(rows[5]!.changes).toMatchObject({ before: { email: 'audited.reviewer@example.test' } });

    const text = auditText(rows);
    for (const secret of ['initial-password-1', 'second-password-2', tempPassword, ...hashes]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/argon2/);
  });

  it('writes no audit row when the change is refused', async () => {
    const before = await ctx.db.select().from(auditLogs);
    const missing = await asAdmin(
      'PATCH',
      '/api/admin/reviewers/00000000-0000-4000-8000-000000000000',
      {
        isActive: false,
      },
    );
    expect(missing.statusCode).toBe(404);
    const after = await ctx.db.select().from(auditLogs);
    expect(after.length).toBe(before.length);
  });
});

describe('audit of opportunities, settings and images', () => {
  it('records opportunity create, edit and status change with before/after values', async () => {
    const created = await asAdmin('POST', '/api/admin/opportunities', {
      number: 701,
      title: 'Audited opportunity',
      description: 'first',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const edited = await asAdmin('PATCH', `/api/admin/opportunities/${id}`, {
      title: 'Audited opportunity, renamed',
      tags: ['a', 'b'],
    });
    expect(edited.statusCode).toBe(200);
    const published = await asAdmin('PATCH', `/api/admin/opportunities/${id}`, {
      status: 'published',
    });
    expect(published.statusCode).toBe(200);

    const rows = await auditRowsFor(ctx.db, id);
    expect(rows.map((row) => row.action)).toEqual([
      'opportunity.create',
      'opportunity.update',
      'opportunity.status_change',
    ]);
    expect(rows[0]!.changes).toMatchObject({
      after: { number: 701, title: 'Audited opportunity', status: 'draft', publishedAt: null },
    });
    expect(rows[1]!.changes).toEqual({
      before: { title: 'Audited opportunity', tags: [] },
      after: { title: 'Audited opportunity, renamed', tags: ['a', 'b'] },
    });
    const statusChange = rows[2]!.changes as {
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    };
    expect(statusChange.before).toEqual({ status: 'draft', publishedAt: null });
    expect(statusChange.after.status).toBe('published');
    expect(typeof statusChange.after.publishedAt).toBe('string');
    expect(rows.every((row) => row.userId === access.admin.user.id)).toBe(true);
  });

  it('records a setting change with the old and new value', async () => {
    const response = await asAdmin('POST', '/api/admin/settings', {
      key: 'show_reviewer_comments',
      value: 'true',
    });
    expect(response.statusCode).toBe(200);
    const rows = await auditRowsFor(ctx.db, 'show_reviewer_comments');
    expect(rows.at(-1)).toMatchObject({
      action: 'setting.update',
      entityType: 'setting',
      userId: access.admin.user.id,
      changes: { before: { value: 'false' }, after: { value: 'true' } },
    });
  });

  it('records an image upload', async () => {
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    const body = imageUpload(png);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/upload-image',
      payload: body.payload,
      headers: { ...body.headers, cookie: access.admin.cookie },
    });
    expect(response.statusCode).toBe(201);
    const imageId = (response.json().url as string).split('/').at(-1)!;
    const rows = await auditRowsFor(ctx.db, imageId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'image.upload',
      entityType: 'image',
      userId: access.admin.user.id,
      changes: { after: { contentType: 'image/png', url: `/api/images/${imageId}` } },
    });
  });
});

describe('GET /api/admin/export/audit', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(ctx.app, access, { method: 'GET', url: '/api/admin/export/audit' });
  });

  it('streams the audit log as CSV with neutralised formulas and the dated file name', async () => {
    const sneaky = await createUser(ctx.db, { name: '=HYPERLINK("http://evil")' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: sneaky.email, password: TEST_PASSWORD },
      headers: { 'user-agent': '+cmd|calc' },
    });
    const response = await asAdmin('GET', '/api/admin/export/audit');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="audit_export_${today}.csv"`,
    );
    const records = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(records[0]!)).toEqual([
      'created_at',
      'user_id',
      'user_name',
      'user_email',
      'action',
      'entity_type',
      'entity_id',
      'changes',
      'ip_address',
      'user_agent',
    ]);
    const login = records.find((r) => r.action === 'auth.login' && r.entity_id === sneaky.id);
    expect(login).toMatchObject({
      user_id: sneaky.id,
      user_name: `'=HYPERLINK("http://evil")`,
      user_email: sneaky.email,
      entity_type: 'user',
      user_agent: "'+cmd|calc",
    });
    expect(Number.isNaN(Date.parse(login!.created_at!))).toBe(false);
    const created = records.find((r) => r.action === 'opportunity.create');
    expect(JSON.parse(created!.changes!)).toMatchObject({ after: { number: 701 } });
    expect(response.body).not.toMatch(/argon2/);
  });
});
