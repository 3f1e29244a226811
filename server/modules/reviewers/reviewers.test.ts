import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { expectAdminOnly } from '../../test/assertions';
import { setupTestApp } from '../../test/build-test-app';
import { unknownId } from '../../test/factories/sequence';
import { createUser } from '../../test/factories/users';
import { requestsAs, send, setupAccess, signIn } from '../../test/http';
import { countSessionsOf, userRowOf } from '../../test/queries';

const ctx = setupTestApp();
const access = setupAccess(ctx);

const asAdmin = requestsAs(ctx, () => access.admin.cookie);

const validCreate = (suffix: string) => ({
  name: `Reviewer ${suffix}`,
  email: `reviewer-${suffix}@example.test`,
  displayName: `R ${suffix}`,
  password: 'long enough',
});

describe('access to the reviewer endpoints', () => {
  it('refuses anonymous (401), reviewers (403) and inactive admins (403) on every endpoint', async () => {
    const target = await createUser(ctx.db);
    const base = `/api/admin/reviewers/${target.id}`;
    await expectAdminOnly(ctx.app, access, { method: 'GET', url: '/api/admin/reviewers' });
    await expectAdminOnly(ctx.app, access, {
      method: 'POST',
      url: '/api/admin/reviewers',
      payload: validCreate('guard'),
    });
    await expectAdminOnly(ctx.app, access, {
      method: 'PATCH',
      url: base,
      payload: { isActive: false },
    });
    await expectAdminOnly(ctx.app, access, { method: 'POST', url: `${base}/reset-password` });
    await expectAdminOnly(ctx.app, access, {
      method: 'POST',
      url: `${base}/set-password`,
      payload: { password: 'secret1' },
    });
    await expectAdminOnly(ctx.app, access, { method: 'DELETE', url: base });
    const row = await userRowOf(ctx.db, target.id);
    expect(row).toMatchObject({ isActive: true, passwordHash: target.passwordHash });
  });
});

describe('GET /api/admin/reviewers', () => {
  it('lists reviewers only, ordered by name, without password hashes', async () => {
    const zed = await createUser(ctx.db, { name: 'Zed Last', displayName: 'Z' });
    const abe = await createUser(ctx.db, { name: 'Abe First', isActive: false });
    const response = await asAdmin('GET', '/api/admin/reviewers');
    expect(response.statusCode).toBe(200);
    const list = response.json() as Array<{ id: string; role: string; name: string }>;
    expect(list.every((r) => r.role === 'reviewer')).toBe(true);
    expect(list.map((r) => r.id)).not.toContain(access.admin.user.id);
    const names = list.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(list.find((r) => r.id === abe.id)).toEqual({
      id: abe.id,
      name: 'Abe First',
      email: abe.email,
      displayName: null,
      role: 'reviewer',
      isActive: false,
      lastLogin: null,
      createdAt: abe.createdAt.toISOString(),
      lastEmail: null,
    });
    expect(list.find((r) => r.id === zed.id)).toMatchObject({ displayName: 'Z', isActive: true });
    expect(response.body).not.toMatch(/passwordHash|argon2/);
  });
});

describe('POST /api/admin/reviewers', () => {
  it('creates an active reviewer (201) whose password works for sign-in', async () => {
    const response = await asAdmin('POST', '/api/admin/reviewers', {
      name: '  Marie Curie ',
      email: ' Marie.Curie@Example.test ',
      displayName: 'Marie',
      password: 'radium-1898',
      role: 'reviewer',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(String),
      name: 'Marie Curie',
      email: 'Marie.Curie@Example.test',
      displayName: 'Marie',
      role: 'reviewer',
      isActive: true,
      lastLogin: null,
      createdAt: expect.any(String),
    });
    expect(response.body).not.toMatch(/password/i);
    const row = await userRowOf(ctx.db, body.id);
    expect(row).toMatchObject({
      role: 'reviewer',
      isActive: true,
      email: 'Marie.Curie@Example.test',
    });
    expect(await verify(row!.passwordHash, 'radium-1898')).toBe(true);
    await signIn(ctx.app, { email: 'marie.curie@example.test', password: 'radium-1898' });
  });

  it('defaults the role and stores an empty display name as none', async () => {
    const response = await asAdmin('POST', '/api/admin/reviewers', {
      ...validCreate('defaults'),
      displayName: '   ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ role: 'reviewer', displayName: null });
    expect((await userRowOf(ctx.db, response.json().id))?.displayName).toBeNull();
  });

  it('validates each field with 400', async () => {
    const cases: Array<[object, string]> = [
      [{ ...validCreate('v1'), password: 'short7!' }, 'Password must be at least 8 characters'],
      [{ ...validCreate('v2'), password: undefined }, 'password'],
      [{ ...validCreate('v3'), email: 'not-an-email' }, 'Invalid email address'],
      [{ ...validCreate('v4'), name: '  ' }, 'Name is required'],
      [{ ...validCreate('v5'), role: 'admin' }, "Only the 'reviewer' role can be assigned"],
      [{ ...validCreate('v6'), role: 'superuser' }, 'role'],
    ];
    for (const [payload, message] of cases) {
      const response = await asAdmin('POST', '/api/admin/reviewers', payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const created = await ctx.db.select().from(users).where(eq(users.name, 'Reviewer v5'));
    expect(created).toEqual([]);
  });

  it('refuses a duplicate email, trimmed and without case, with 409 (admins included)', async () => {
    const existing = await createUser(ctx.db);
    const duplicate = await asAdmin('POST', '/api/admin/reviewers', {
      ...validCreate('dup'),
      email: `  ${existing.email.toUpperCase()}  `,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: 'A user with this email already exists' });
    const adminEmail = await asAdmin('POST', '/api/admin/reviewers', {
      ...validCreate('dup2'),
      email: access.admin.user.email,
    });
    expect(adminEmail.statusCode).toBe(409);
  });

  it('answers 409 to one of two concurrent creations with the same email', async () => {
    const payload = { ...validCreate('race'), email: 'race@example.test' };
    const [a, b] = await Promise.all([
      asAdmin('POST', '/api/admin/reviewers', payload),
      asAdmin('POST', '/api/admin/reviewers', payload),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });
});

describe('PATCH /api/admin/reviewers/{id}', () => {
  it('deactivates (access refused at once, 403) and reactivates a reviewer (the same session works again)', async () => {
    const reviewer = await createUser(ctx.db);
    const cookie = await signIn(ctx.app, reviewer);
    expect(await countSessionsOf(ctx.db, reviewer.id)).toBe(1);
    const off = await asAdmin('PATCH', `/api/admin/reviewers/${reviewer.id}`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: reviewer.id, isActive: false, role: 'reviewer' });
    expect((await userRowOf(ctx.db, reviewer.id))?.isActive).toBe(false);
    const me = await send(ctx.app, { method: 'GET', url: '/api/auth/me', cookie });
    expect(me.statusCode).toBe(403);
    expect(me.json().message).toMatch(/deactivated/);
    const list = await send(ctx.app, { method: 'GET', url: '/api/reviewer/opportunities', cookie });
    expect(list.statusCode).toBe(403);
    const on = await asAdmin('PATCH', `/api/admin/reviewers/${reviewer.id}`, { isActive: true });
    expect(on.statusCode).toBe(200);
    expect((await userRowOf(ctx.db, reviewer.id))?.isActive).toBe(true);
    const back = await send(ctx.app, { method: 'GET', url: '/api/reviewer/opportunities', cookie });
    expect(back.statusCode).toBe(200);
    await signIn(ctx.app, reviewer);
  });

  it('validates the body and the id (400), and answers 404 for unknown ids and admins', async () => {
    const reviewer = await createUser(ctx.db);
    const url = `/api/admin/reviewers/${reviewer.id}`;
    for (const payload of [{}, { isActive: 'no' }, { isActive: null }]) {
      expect((await asAdmin('PATCH', url, payload)).statusCode).toBe(400);
    }
    const badId = await asAdmin('PATCH', '/api/admin/reviewers/not-a-uuid', { isActive: false });
    expect(badId.statusCode).toBe(400);
    const unknown = await asAdmin('PATCH', `/api/admin/reviewers/${unknownId()}`, {
      isActive: false,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Reviewer not found' });
    const otherAdmin = await createUser(ctx.db, { role: 'admin' });
    const admin = await asAdmin('PATCH', `/api/admin/reviewers/${otherAdmin.id}`, {
      isActive: false,
    });
    expect(admin.statusCode).toBe(404);
    expect((await userRowOf(ctx.db, otherAdmin.id))?.isActive).toBe(true);
  });
});
