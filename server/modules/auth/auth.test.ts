import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../../test/factories/users';
import { signIn } from '../../test/http';
import { userRowOf } from '../../test/queries';

const ctx = setupTestApp();

function login(payload: unknown, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: payload as object,
    headers,
    remoteAddress,
  });
}

function me(cookie?: string) {
  return ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });
}

describe('POST /api/auth/login', () => {
  it('signs in with the right password, answers the user and sets a safe session cookie', async () => {
    const user = await createUser(ctx.db, { name: 'Ada Lovelace', displayName: 'Ada' });
    const response = await login({
      email: `  ${user.email.toUpperCase()} `,
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      name: 'Ada Lovelace',
      displayName: 'Ada',
      email: user.email,
      role: 'reviewer',
    });
    expect(response.body).not.toContain('passwordHash');
    const cookie = response.cookies.find((c) => c.name === 'assay.sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const row = await userRowOf(ctx.db, user.id);
    expect(row!.lastLogin).toBeInstanceOf(Date);
  });

  it('refuses a wrong password and an unknown email alike with 401', async () => {
    const user = await createUser(ctx.db);
    const wrong = await login({ email: user.email, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password' });
    expect(wrong.cookies.find((c) => c.name === 'assay.sid')).toBeUndefined();
    const unknown = await login({ email: 'nobody@example.test', password: 'whatever1' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('validates the body: email format and a non-empty password', async () => {
    const badEmail = await login({ email: 'not-an-email', password: 'x' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toContain('Invalid email address');
    expect(badEmail.json().issues).toEqual([{ path: 'email', message: 'Invalid email address' }]);
    const noPassword = await login({ email: 'a@example.test', password: '' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toContain('Password is required');
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toHaveProperty('message');
    expect(notJson.body).not.toMatch(/at .*\.js/);
  });

  it('refuses a deactivated account with 403, but a wrong password for it is still 401', async () => {
    const user = await createUser(ctx.db, { isActive: false });
    const refused = await login({ email: user.email, password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/deactivated/);
    const wrong = await login({ email: user.email, password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
  });

  it('throttles an email from one address after 10 failures, not other addresses', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 10; i++) {
      const attempt = await login({ email: user.email, password: `wrong-${i}` }, {}, '10.9.9.9');
      expect(attempt.statusCode).toBe(401);
    }
    const throttled = await login({ email: user.email, password: TEST_PASSWORD }, {}, '10.9.9.9');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toMatch(/Too many/);
    const elsewhere = await login({ email: user.email, password: TEST_PASSWORD }, {}, '10.8.8.8');
    expect(elsewhere.statusCode).toBe(200);
    // The window passes: failures older than 15 minutes no longer count.
    await ctx.db.execute(
      sql`update login_attempts set attempted_at = now() - interval '16 minutes'`,
    );
    const later = await login({ email: user.email, password: TEST_PASSWORD }, {}, '10.9.9.9');
    expect(later.statusCode).toBe(200);
  });

  it('refuses cross-site sign-in attempts and serves same-origin and Origin-less ones', async () => {
    const user = await createUser(ctx.db);
    const credentials = { email: user.email, password: TEST_PASSWORD };
    expect((await login(credentials, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await login(credentials, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await login(credentials, { origin: 'null' })).statusCode).toBe(403);
    expect((await login(credentials, { origin: 'http://localhost:80' })).statusCode).toBe(200);
    expect((await login(credentials, { origin: 'http://assay.test' })).statusCode).toBe(200);
    expect((await login(credentials)).statusCode).toBe(200);
  });

  it('issues a new session id at sign-in (no fixation)', async () => {
    const user = await createUser(ctx.db);
    const first = await signIn(ctx.app, user);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: first },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    // The old cookie is cleared and the new one set after it: the browser keeps the last.
    const second = response.cookies.filter((c) => c.name === 'assay.sid' && c.value).at(-1)!;
    expect(`${second.name}=${second.value}`).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(`${second.name}=${second.value}`)).statusCode).toBe(200);
  });
});

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  it('answers 401 when signed out, the user when signed in', async () => {
    expect((await me()).statusCode).toBe(401);
    expect((await me('assay.sid=forged.value')).statusCode).toBe(401);
    const user = await createUser(ctx.db, { role: 'admin', name: 'Grace Hopper' });
    const response = await me(await signIn(ctx.app, user));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: user.email,
      role: 'admin',
      name: 'Grace Hopper',
    });
  });

  it('logout ends the session on the server', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signIn(ctx.app, user);
    const sid = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    const before = await ctx.db.execute(
      sql`select count(*)::int as n from session where sid = ${sid}`,
    );
    expect(before.rows[0]).toEqual({ n: 1 });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out' });
    const after = await ctx.db.execute(
      sql`select count(*)::int as n from session where sid = ${sid}`,
    );
    expect(after.rows[0]).toEqual({ n: 0 });
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('logout tells the browser to drop the cookie, signed in or not', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signIn(ctx.app, user);
    for (const headers of [{ cookie }, {}]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
      expect(response.statusCode).toBe(200);
      const cleared = response.cookies.filter((c) => c.name === 'assay.sid');
      expect(cleared).toEqual([
        expect.objectContaining({
          value: '',
          path: '/',
          httpOnly: true,
          sameSite: 'Lax',
          expires: new Date(0),
        }),
      ]);
    }
  });

  it('a deactivated user loses access at once (403) and regains it when reactivated', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signIn(ctx.app, user);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const blocked = await me(cookie);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toMatch(/deactivated/);
    await ctx.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it("a deleted user's session answers 401", async () => {
    const user = await createUser(ctx.db);
    const cookie = await signIn(ctx.app, user);
    await ctx.db.delete(users).where(eq(users.id, user.id));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('an expired session is not accepted', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signIn(ctx.app, user);
    await ctx.db.execute(
      sql`update session set expire = now() - interval '1 second' where sess ->> 'userId' = ${user.id}`,
    );
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('role scopes', () => {
  it('guards /api/admin and /api/reviewer: 401 anonymous, 403 wrong role or inactive', async () => {
    const admin = await createUser(ctx.db, { role: 'admin' });
    const reviewer = await createUser(ctx.db, { role: 'reviewer' });
    const adminCookie = await signIn(ctx.app, admin);
    const reviewerCookie = await signIn(ctx.app, reviewer);
    const get = (url: string, cookie?: string) =>
      ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

    expect((await get('/api/admin/anything')).statusCode).toBe(401);
    expect((await get('/api/reviewer/anything')).statusCode).toBe(401);
    expect((await get('/api/admin/anything', reviewerCookie)).statusCode).toBe(403);
    expect((await get('/api/reviewer/anything', adminCookie)).statusCode).toBe(403);
    const unknown = await get('/api/admin/anything', adminCookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Not found' });

    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, reviewer.id));
    expect((await get('/api/reviewer/anything', reviewerCookie)).statusCode).toBe(403);
  });
});

describe('health and unknown paths', () => {
  it('answers health, and JSON 404 for unknown API paths', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/application\/json/);
    expect(unknown.json()).toEqual({ message: 'Not found' });
  });

  it('sends security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('statement counting', () => {
  it('counts the SQL statements of a request (session + user lookups for /me)', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signIn(ctx.app, user);
    const count = await ctx.countStatements(() => me(cookie));
    expect(count).toBe(2);
  });
});
