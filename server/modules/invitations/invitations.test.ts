import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, invitationTokens, users } from '../../db/schema/index';
import { expectAdminOnly } from '../../test/assertions';
import { setupTestApp } from '../../test/build-test-app';
import { uniqueEmail, uniqueIp } from '../../test/factories/sequence';
import { createUser } from '../../test/factories/users';
import { requestsAs, setupAccess } from '../../test/http';
import { auditRowsFor, auditText, emailsTo, tokenFromEmail } from '../../test/queries';
import { EXPIRED_LINK, REVOKED_LINK, UNKNOWN_LINK, USED_LINK } from './service';

const ctx = setupTestApp();
const access = setupAccess(ctx);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const asAdmin = requestsAs(ctx, () => access.admin.cookie);

async function invite(overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail('invitee');
  const response = await asAdmin('POST', '/api/admin/invitations', {
    email,
    name: 'Invited Person',
    displayName: 'Invitee',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  const [mail] = await emailsTo(ctx.db, response.json().email, 'invitation');
  return {
    id: response.json().id as string,
    email: response.json().email,
    token: tokenFromEmail(mail!.body),
  };
}

function view(token: string, remoteAddress = uniqueIp()) {
  return ctx.app.inject({ method: 'GET', url: `/api/invitations/${token}`, remoteAddress });
}

function accept(token: string, body: object, remoteAddress = uniqueIp()) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/invitations/${token}/accept`,
    payload: body,
    remoteAddress,
  });
}

const goodPassword = { password: 'a-fine-password', confirmPassword: 'a-fine-password' };

async function invitationRow(id: string) {
  const [row] = await ctx.db.select().from(invitationTokens).where(eq(invitationTokens.id, id));
  return row!;
}

async function usersWithEmail(email: string) {
  return ctx.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
}

describe('POST /api/admin/invitations', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(ctx.app, access, {
      method: 'POST',
      url: '/api/admin/invitations',
      payload: { email: 'x@example.test', name: 'X' },
    });
  });

  it('validates the body', async () => {
    const badEmail = await asAdmin('POST', '/api/admin/invitations', { email: 'nope', name: 'N' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().issues).toEqual([{ path: 'email', message: 'Invalid email address' }]);
    const noName = await asAdmin('POST', '/api/admin/invitations', { email: 'a@example.test' });
    expect(noName.statusCode).toBe(400);
    const longMessage = await asAdmin('POST', '/api/admin/invitations', {
      email: 'b@example.test',
      name: 'B',
      customMessage: 'x'.repeat(2001),
    });
    expect(longMessage.statusCode).toBe(400);
  });

  it('stores only a hash of a 256-bit token, valid 7 days, and queues the invitation email', async () => {
    const email = uniqueEmail('Fresh');
    const before = Date.now();
    const response = await asAdmin('POST', '/api/admin/invitations', {
      email: `  ${email} `,
      name: 'Fresh Person',
      displayName: 'Fresh',
      customMessage: 'Welcome <b>aboard</b> & enjoy',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      email,
      name: 'Fresh Person',
      displayName: 'Fresh',
      customMessage: 'Welcome <b>aboard</b> & enjoy',
      invitedBy: { id: access.admin.user.id, name: access.admin.user.name },
      isExpired: false,
    });
    expect(Object.keys(body)).not.toContain('token');
    const expiresIn = Date.parse(body.expiresAt) - before;
    expect(expiresIn).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 24 * 3600 * 1000 + 60_000);

    const [mail] = await emailsTo(ctx.db, email, 'invitation');
    expect(mail).toMatchObject({ status: 'pending', recipientId: null });
    expect(mail!.subject).toContain('Assay');
    const token = tokenFromEmail(mail!.body);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(mail!.body).toContain(`http://assay.test/invite/${token}`);
    expect(mail!.html).toContain(`http://assay.test/invite/${token}`);
    expect(mail!.html).toContain('Welcome &lt;b&gt;aboard&lt;/b&gt; &amp; enjoy');
    expect(mail!.html).not.toContain('<b>aboard</b>');

    const row = await invitationRow(body.id);
    expect(row.token).toBe(sha256(token));
    expect(row.token).not.toContain(token);
    expect(response.body).not.toContain(token);
    expect(response.body).not.toContain(row.token);

    const audit = await auditRowsFor(ctx.db, body.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'invitation.create',
      entityType: 'invitation',
      userId: access.admin.user.id,
    });
    expect(auditText(audit)).not.toContain(token);
    expect(auditText(audit)).not.toContain(row.token);
  });

  it('answers 409 when the email already has an account, whatever its case', async () => {
    const existing = await createUser(ctx.db);
    const response = await asAdmin('POST', '/api/admin/invitations', {
      email: existing.email.toUpperCase(),
      name: 'Someone',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/already exists/);
    expect(await emailsTo(ctx.db, existing.email.toUpperCase())).toHaveLength(0);
  });

  it('answers 409 for a second invitation to a pending email; an expired one is replaced', async () => {
    const first = await invite();
    const again = await asAdmin('POST', '/api/admin/invitations', {
      email: first.email.toUpperCase(),
      name: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already pending/);
    expect(await emailsTo(ctx.db, first.email.toUpperCase())).toHaveLength(0);

    await ctx.db
      .update(invitationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitationTokens.id, first.id));
    const replaced = await asAdmin('POST', '/api/admin/invitations', {
      email: first.email,
      name: 'Replaced',
    });
    expect(replaced.statusCode).toBe(201);
    expect((await invitationRow(first.id)).revokedAt).toBeInstanceOf(Date);
    expect((await view(first.token)).statusCode).toBe(410);
  });
});

describe('GET /api/admin/invitations', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(ctx.app, access, { method: 'GET', url: '/api/admin/invitations' });
  });

  it('lists open invitations without tokens or hashes; accepted and revoked ones drop out', async () => {
    const open = await invite();
    const revoked = await invite();
    const accepted = await invite();
    expect((await asAdmin('DELETE', `/api/admin/invitations/${revoked.id}`)).statusCode).toBe(200);
    expect((await accept(accepted.token, goodPassword)).statusCode).toBe(201);
    const response = await asAdmin('GET', '/api/admin/invitations');
    expect(response.statusCode).toBe(200);
    const ids = (response.json() as { id: string }[]).map((row) => row.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(revoked.id);
    expect(ids).not.toContain(accepted.id);
    const row = (await invitationRow(open.id)).token;
    expect(response.body).not.toContain(row);
    expect(response.body).not.toContain(open.token);
    expect(response.body).not.toMatch(/"token"/);
  });
});

describe('POST /api/admin/invitations/{id}/resend', () => {
  it('is for admins only, 400 for a bad id, 404 for an unknown or closed invitation', async () => {
    await expectAdminOnly(ctx.app, access, {
      method: 'POST',
      url: `/api/admin/invitations/${UNKNOWN_ID}/resend`,
    });
    expect((await asAdmin('POST', '/api/admin/invitations/not-a-uuid/resend')).statusCode).toBe(
      400,
    );
    expect((await asAdmin('POST', `/api/admin/invitations/${UNKNOWN_ID}/resend`)).statusCode).toBe(
      404,
    );
    const revoked = await invite();
    await asAdmin('DELETE', `/api/admin/invitations/${revoked.id}`);
    expect((await asAdmin('POST', `/api/admin/invitations/${revoked.id}/resend`)).statusCode).toBe(
      404,
    );
  });

  it('issues a new token and expiry and a new email; the old link stops working', async () => {
    const first = await invite();
    await ctx.db
      .update(invitationTokens)
      .set({ expiresAt: new Date(Date.now() + 1000 * 60) })
      .where(eq(invitationTokens.id, first.id));
    const response = await asAdmin('POST', `/api/admin/invitations/${first.id}/resend`);
    expect(response.statusCode).toBe(200);
    expect(Date.parse(response.json().expiresAt)).toBeGreaterThan(
      Date.now() + 6 * 24 * 3600 * 1000,
    );
    const mails = await emailsTo(ctx.db, first.email, 'invitation');
    expect(mails).toHaveLength(2);
    const newToken = tokenFromEmail(mails[0]!.body);
    expect(newToken).not.toBe(first.token);
    expect((await invitationRow(first.id)).token).toBe(sha256(newToken));
    const old = await view(first.token);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: UNKNOWN_LINK });
    expect((await view(newToken)).statusCode).toBe(200);
    const audit = await auditRowsFor(ctx.db, first.id);
    expect(audit.map((row) => row.action)).toEqual(['invitation.create', 'invitation.resend']);
    expect(auditText(audit)).not.toContain(newToken);
  });
});

describe('DELETE /api/admin/invitations/{id}', () => {
  it('is for admins only, 404 for unknown', async () => {
    await expectAdminOnly(ctx.app, access, {
      method: 'DELETE',
      url: `/api/admin/invitations/${UNKNOWN_ID}`,
    });
    expect((await asAdmin('DELETE', `/api/admin/invitations/${UNKNOWN_ID}`)).statusCode).toBe(404);
  });

  it('revokes: the link answers 410 and cannot be accepted', async () => {
    const invitation = await invite();
    const response = await asAdmin('DELETE', `/api/admin/invitations/${invitation.id}`);
    expect(response.statusCode).toBe(200);
    expect((await invitationRow(invitation.id)).revokedAt).toBeInstanceOf(Date);
    const viewed = await view(invitation.token);
    expect(viewed.statusCode).toBe(410);
    expect(viewed.json()).toEqual({ message: REVOKED_LINK });
    const accepted = await accept(invitation.token, goodPassword);
    expect(accepted.statusCode).toBe(410);
    expect(await usersWithEmail(invitation.email)).toHaveLength(0);
    expect((await asAdmin('DELETE', `/api/admin/invitations/${invitation.id}`)).statusCode).toBe(
      404,
    );
    const audit = await auditRowsFor(ctx.db, invitation.id);
    expect(audit.map((row) => row.action)).toEqual(['invitation.create', 'invitation.revoke']);
  });
});

describe('GET /api/invitations/{token}', () => {
  it('shows a valid invitation to anyone holding the link', async () => {
    const invitation = await invite({ displayName: 'Shown' });
    const response = await view(invitation.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      email: invitation.email,
      name: 'Invited Person',
      displayName: 'Shown',
      invitedByName: access.admin.user.name,
      expiresAt: (await invitationRow(invitation.id)).expiresAt.toISOString(),
    });
  });

  it('answers 404 for an unknown token and 410 for an expired one', async () => {
    const unknown = await view('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: UNKNOWN_LINK });
    const invitation = await invite();
    await ctx.db
      .update(invitationTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(invitationTokens.id, invitation.id));
    const expired = await view(invitation.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: EXPIRED_LINK });
  });

  it('throttles one address after 20 requests', async () => {
    const ip = '10.99.99.99';
    for (let i = 0; i < 20; i++) {
      expect((await view(`guess-${i}`, ip)).statusCode).toBe(404);
    }
    const throttled = await view('guess-final', ip);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toMatch(/Too many/);
    expect((await accept('guess-final', goodPassword, ip)).statusCode).toBe(429);
    expect((await view('guess-other', '10.99.99.98')).statusCode).toBe(404);
  });
});

describe('POST /api/invitations/{token}/accept', () => {
  it('validates the passwords', async () => {
    const invitation = await invite();
    const short = await accept(invitation.token, { password: 'short', confirmPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Password must be at least 8 characters');
    const mismatch = await accept(invitation.token, {
      password: 'long enough 1',
      confirmPassword: 'long enough 2',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().issues).toEqual([
      { path: 'confirmPassword', message: 'Passwords do not match' },
    ]);
    expect(await usersWithEmail(invitation.email)).toHaveLength(0);
  });

  it('creates the active reviewer, marks the invitation used and signs the reviewer in', async () => {
    const invitation = await invite({ displayName: 'Newbie' });
    const response = await accept(invitation.token, goodPassword, '10.30.0.1');
    expect(response.statusCode).toBe(201);
    const [user] = await usersWithEmail(invitation.email);
    expect(user).toMatchObject({
      name: 'Invited Person',
      displayName: 'Newbie',
      role: 'reviewer',
      isActive: true,
    });
    expect(user!.lastLogin).toBeInstanceOf(Date);
    expect(response.json()).toEqual({
      id: user!.id,
      name: 'Invited Person',
      displayName: 'Newbie',
      email: invitation.email,
      role: 'reviewer',
    });
    expect((await invitationRow(invitation.id)).acceptedAt).toBeInstanceOf(Date);

    const cookie = response.cookies.filter((c) => c.name === 'assay.sid' && c.value).at(-1)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `${cookie.name}=${cookie.value}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(invitation.email);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: invitation.email, password: goodPassword.password },
    });
    expect(login.statusCode).toBe(200);

    // The invitation email now belongs to the new account: it is the reviewer's last email.
    const reviewers = await asAdmin('GET', '/api/admin/reviewers');
    const row = reviewers.json().find((r: { id: string }) => r.id === user!.id);
    expect(row.lastEmail).toMatchObject({ type: 'invitation', status: 'pending' });

    const audit = await auditRowsFor(ctx.db, invitation.id);
    expect(audit.map((row) => row.action)).toEqual(['invitation.create', 'invitation.accept']);
    expect(audit[1]).toMatchObject({ userId: user!.id, ipAddress: '10.30.0.1' });
    const text = auditText(audit);
    expect(text).not.toContain(goodPassword.password);
    expect(text).not.toContain(user!.passwordHash);
    expect(text).not.toContain(invitation.token);

    const again = await accept(invitation.token, goodPassword);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ message: USED_LINK });
    expect(await usersWithEmail(invitation.email)).toHaveLength(1);
  });

  it('refuses unknown and expired tokens and creates nothing', async () => {
    const unknown = await accept('B'.repeat(43), goodPassword);
    expect(unknown.statusCode).toBe(404);
    const invitation = await invite();
    await ctx.db
      .update(invitationTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(invitationTokens.id, invitation.id));
    const expired = await accept(invitation.token, goodPassword);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: EXPIRED_LINK });
    expect(await usersWithEmail(invitation.email)).toHaveLength(0);
    expect((await invitationRow(invitation.id)).acceptedAt).toBeNull();
    expect(expired.cookies.find((c) => c.name === 'assay.sid' && c.value)).toBeUndefined();
  });

  it('answers 409 when an account with the email appeared meanwhile', async () => {
    const invitation = await invite();
    await createUser(ctx.db, { email: invitation.email.toUpperCase() });
    const response = await accept(invitation.token, goodPassword);
    expect(response.statusCode).toBe(409);
    expect((await invitationRow(invitation.id)).acceptedAt).toBeNull();
  });

  it('concurrent accepts of one token create exactly one account', async () => {
    const invitation = await invite();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => accept(invitation.token, goodPassword)),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code !== 201).every((code) => code === 410)).toBe(true);
    expect(await usersWithEmail(invitation.email)).toHaveLength(1);
    const accepts = await ctx.db
      .select()
      .from(auditLogs)
      .where(
        sql`${auditLogs.entityId} = ${invitation.id} and ${auditLogs.action} = 'invitation.accept'`,
      );
    expect(accepts).toHaveLength(1);
  });
});
