import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { setupTestApp, TEST_SESSION_SECRET } from '../test/build-test-app';
import { sessionIdOf, signedSessionCookie } from '../test/factories/sessions';
import { createUser, TEST_PASSWORD } from '../test/factories/users';
import { signIn } from '../test/http';

// Short lifetimes through the new variables, to see them applied.
const ctx = setupTestApp({ SESSION_MAX_AGE_HOURS: '2', SESSION_IDLE_MINUTES: '30' });

const me = (cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

async function sessionRow(cookie: string) {
  const result = await ctx.db.execute<{
    expire: Date;
    absolute: string | null;
    version: string;
  }>(sql`select expire, sess ->> 'absoluteExpiresAt' as absolute, xmin::text as version
         from session where sid = ${sessionIdOf(cookie)}`);
  return result.rows[0];
}

const minutesFromNow = (date: Date | string) => (new Date(date).getTime() - Date.now()) / 60_000;

describe('session fixation', () => {
  it('does not keep a session id planted before sign-in', async () => {
    const user = await createUser(ctx.db);
    // An attacker's session id, stored and validly signed, planted in the victim's browser.
    const planted = 'attacker-chosen-session-id-000000';
    await ctx.db.execute(sql`insert into session (sid, sess, expire)
      values (${planted}, ${JSON.stringify({ cookie: { path: '/' } })}::jsonb, now() + interval '1 hour')`);
    const plantedCookie = signedSessionCookie(planted);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: plantedCookie },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const issued = response.cookies.filter((c) => c.name === 'assay.sid' && c.value).at(-1)!;
    expect(sessionIdOf(`assay.sid=${issued.value}`)).not.toBe(planted);
    // The planted id never becomes a signed-in session.
    expect((await me(plantedCookie)).statusCode).toBe(401);
    expect((await me(`assay.sid=${issued.value}`)).statusCode).toBe(200);
  });
});

describe('lifetimes (SESSION_MAX_AGE_HOURS, SESSION_IDLE_MINUTES)', () => {
  it('sets the cookie for the absolute lifetime and the row for the idle one', async () => {
    const user = await createUser(ctx.db);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const cookie = response.cookies.find((c) => c.name === 'assay.sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(minutesFromNow(cookie.expires!)).toBeGreaterThan(118);
    expect(minutesFromNow(cookie.expires!)).toBeLessThanOrEqual(120);
    const row = await sessionRow(`assay.sid=${cookie.value}`);
    expect(minutesFromNow(row!.expire)).toBeGreaterThan(28);
    expect(minutesFromNow(row!.expire)).toBeLessThanOrEqual(30);
    expect(minutesFromNow(row!.absolute!)).toBeGreaterThan(118);
    expect(minutesFromNow(row!.absolute!)).toBeLessThanOrEqual(120);
  });

  it('ends a session idle for longer than the idle time', async () => {
    const cookie = await signIn(ctx.app, await createUser(ctx.db));
    // Last activity 31 minutes ago: its idle end passed a minute ago.
    await ctx.db.execute(
      sql`update session set expire = now() - interval '1 minute' where sid = ${sessionIdOf(cookie)}`,
    );
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('activity moves the idle end forward, writing at most once a minute', async () => {
    const cookie = await signIn(ctx.app, await createUser(ctx.db));
    // Last activity 20 minutes ago.
    await ctx.db.execute(
      sql`update session set expire = now() + interval '10 minutes' where sid = ${sessionIdOf(cookie)}`,
    );
    expect((await me(cookie)).statusCode).toBe(200);
    const touched = await sessionRow(cookie);
    expect(minutesFromNow(touched!.expire)).toBeGreaterThan(28);
    // Requests right after do not write the row again.
    for (let i = 0; i < 3; i++) expect((await me(cookie)).statusCode).toBe(200);
    expect((await sessionRow(cookie))!.version).toBe(touched!.version);
  });

  it('ends a session at its absolute end however active, and never extends past it', async () => {
    const cookie = await signIn(ctx.app, await createUser(ctx.db));
    const sid = sessionIdOf(cookie);
    await ctx.db.execute(sql`update session
      set sess = jsonb_set(sess, '{absoluteExpiresAt}', to_jsonb((now() + interval '5 minutes')::text)),
          expire = now() + interval '1 minute'
      where sid = ${sid}`);
    expect((await me(cookie)).statusCode).toBe(200);
    const row = await sessionRow(cookie);
    expect(new Date(row!.expire).getTime()).toBe(new Date(row!.absolute!).getTime());
    await ctx.db.execute(sql`update session
      set sess = jsonb_set(sess, '{absoluteExpiresAt}', to_jsonb((now() - interval '1 second')::text))
      where sid = ${sid}`);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('cookie flags', () => {
  it('adds Secure when PUBLIC_URL is https', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-https-'));
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'https://assay.example',
      }),
      db: ctx.db,
      sessionSecret: TEST_SESSION_SECRET,
      webRoot: path.join(dataDir, 'no-web-build'),
    });
    try {
      const user = await createUser(ctx.db);
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((c) => c.name === 'assay.sid');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: true });
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
