import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, inject, it } from 'vitest';
import { type App, buildApp, loggerOptions } from '../app';
import { createDatabase } from '../db/client';
import { databaseUrl, exited, freePort, spawnServer } from '../reliability/fault-support';
import { setupSecondApp, setupTestApp, TEST_SESSION_SECRET } from '../test/build-test-app';
import { createOpportunity } from '../test/factories/opportunities';
import { sessionIdOf } from '../test/factories/sessions';
import { createUser } from '../test/factories/users';
import { emailsTo, tokenFromEmail } from '../test/queries';
import { createTestDatabase } from '../test/test-database';

/**
 * Runs the flows that handle secrets through an app logging at `trace` into memory, with the
 * process's own logger options, and looks for each secret in what was logged.
 */
const ctx = setupTestApp();

const lines: string[] = [];
const logged = setupSecondApp(ctx, {
  loggerInstance: pino(loggerOptions('trace'), { write: (line: string) => lines.push(line) }),
});

function cookieFrom(response: Awaited<ReturnType<App['inject']>>) {
  const cookie = response.cookies.filter((c) => c.name === 'assay.sid' && c.value).at(-1);
  if (!cookie) throw new Error(`no session cookie: ${response.statusCode} ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

describe('the log of a run', () => {
  it('holds no password, temporary password, session id, session secret or invitation token', async () => {
    const secrets: Record<string, string> = { 'session secret': TEST_SESSION_SECRET };
    secrets['admin password'] = 'Admin-Pass-7f3a91';
    const admin = await createUser(ctx.db, { role: 'admin', password: secrets['admin password'] });
    const post = (url: string, payload: object, cookie?: string) =>
      logged.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

    secrets['wrong password'] = 'Wrong-Pass-c0ffee';
    expect(
      (await post('/api/auth/login', { email: admin.email, password: secrets['wrong password'] }))
        .statusCode,
    ).toBe(401);
    const adminCookie = cookieFrom(
      await post('/api/auth/login', { email: admin.email, password: secrets['admin password'] }),
    );
    secrets['admin cookie'] = decodeURIComponent(adminCookie.split('=')[1]!);
    secrets['admin session id'] = sessionIdOf(adminCookie);

    secrets['new reviewer password'] = 'Reviewer-Pass-41d2e8';
    const created = await post(
      '/api/admin/reviewers',
      {
        name: 'Logged Reviewer',
        email: 'logged@example.test',
        password: secrets['new reviewer password'],
      },
      adminCookie,
    );
    expect(created.statusCode).toBe(201);
    const reviewerId = created.json().id;
    const reset = await post(`/api/admin/reviewers/${reviewerId}/reset-password`, {}, adminCookie);
    expect(reset.statusCode).toBe(200);
    secrets['temporary password'] = reset.json().tempPassword;
    secrets['set password'] = 'Set-Pass-9be07a';
    expect(
      (
        await post(
          `/api/admin/reviewers/${reviewerId}/set-password`,
          { password: secrets['set password'] },
          adminCookie,
        )
      ).statusCode,
    ).toBe(200);
    const reviewerCookie = cookieFrom(
      await post('/api/auth/login', {
        email: 'logged@example.test',
        password: secrets['set password'],
      }),
    );
    secrets['reviewer session id'] = sessionIdOf(reviewerCookie);
    expect(
      (
        await logged.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: { cookie: reviewerCookie },
        })
      ).statusCode,
    ).toBe(200);

    const invited = await post(
      '/api/admin/invitations',
      { email: 'invitee-logs@example.test', name: 'Invitee' },
      adminCookie,
    );
    expect(invited.statusCode).toBe(201);
    const [email] = await emailsTo(ctx.db, 'invitee-logs@example.test', 'invitation');
    secrets['invitation token'] = tokenFromEmail(email!.body);
    expect(
      (
        await logged.app.inject({
          method: 'GET',
          url: `/api/invitations/${secrets['invitation token']}`,
        })
      ).statusCode,
    ).toBe(200);
    secrets['invitee password'] = 'Invitee-Pass-5e6f70';
    const accepted = await post(`/api/invitations/${secrets['invitation token']}/accept`, {
      password: secrets['invitee password'],
      confirmPassword: secrets['invitee password'],
    });
    expect(accepted.statusCode).toBe(201);
    secrets['invitee session id'] = sessionIdOf(cookieFrom(accepted));
    // A refused guess of a token is logged too; the guess is not a secret, but the path is redacted.
    await logged.app.inject({
      method: 'GET',
      url: `/api/invitations/${secrets['invitation token']}x`,
    });
    expect((await post('/api/auth/logout', {}, adminCookie)).statusCode).toBe(200);

    const log = lines.join('');
    // The log is real: every request was logged, with its (redacted) URL.
    expect(log).toContain('incoming request');
    expect(log).toContain('/api/invitations/[redacted]');
    expect(log).toContain('/api/admin/reviewers');
    expectNoSecret(log, secrets);
  });
});

function expectNoSecret(log: string, secrets: Record<string, string>) {
  for (const [name, secret] of Object.entries(secrets)) {
    expect(secret.length, name).toBeGreaterThan(8);
    expect(log.includes(secret), `${name} found in the log`).toBe(false);
    expect(log.includes(encodeURIComponent(secret)), `${name} (encoded) found in the log`).toBe(
      false,
    );
  }
}

describe('the log of a database outage', () => {
  it('holds no session id, cookie or password of the requests that failed', async () => {
    const secrets: Record<string, string> = {};
    const reviewers = await Promise.all([1, 2, 3].map(() => createUser(ctx.db)));
    const opportunity = await createOpportunity(ctx.db);
    const cookies: string[] = [];
    for (const [i, reviewer] of reviewers.entries()) {
      const cookie = cookieFrom(
        await logged.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: reviewer.email, password: reviewer.password },
        }),
      );
      cookies.push(cookie);
      secrets[`session id ${i}`] = sessionIdOf(cookie);
      secrets[`cookie ${i}`] = decodeURIComponent(cookie.split('=')[1]!);
    }
    secrets.password = 'Outage-Pass-8d1c2b';

    // The same sessions sent to an instance whose database is gone (nothing listens on its port).
    const outageLines: string[] = [];
    const pool = new pg.Pool({ host: '127.0.0.1', port: await freePort(), user: 'nobody' });
    pool.on('error', () => {});
    const down = await buildApp({
      config: ctx.config,
      db: createDatabase(pool),
      sessionSecret: TEST_SESSION_SECRET,
      webRoot: path.join(ctx.config.dataDir, 'no-web-build'),
      loggerInstance: pino(loggerOptions('trace'), {
        write: (line: string) => outageLines.push(line),
      }),
    });
    try {
      const answers = await Promise.all(
        cookies.flatMap((cookie) => [
          down.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } }),
          down.inject({
            method: 'POST',
            url: '/api/reviewer/reviews',
            headers: { cookie },
            payload: { opportunityId: opportunity.id, ...scoresOf(3) },
          }),
          down.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } }),
        ]),
      );
      answers.push(
        await down.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: reviewers[0]!.email, password: secrets.password },
        }),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 503));
    } finally {
      await down.close();
      await pool.end();
    }
    const log = outageLines.join('');
    // The failures were logged, with what an operator needs to know.
    expect(log).toContain('database unavailable');
    expect(log).toContain('ECONNREFUSED');
    expectNoSecret(log, secrets);
  });
});

describe('the output of a start-up failure', () => {
  it('holds neither the administrator’s password nor its hash, and says why', async () => {
    const database = await createTestDatabase();
    // The bootstrap's insert of the administrator fails, as a lost race or a full disk would.
    await database.pool.query(`
      create function refuse_users() returns trigger language plpgsql as $$
        begin raise exception 'users refused by the log test'; end $$;
      create trigger refuse_users before insert on users
        for each row execute function refuse_users();`);
    const password = 'Startup-Pass-3c9d1e';
    try {
      const app = spawnServer({
        DATABASE_URL: databaseUrl(inject('adminConnection'), database.name),
        DATA_DIR: path.join(ctx.config.dataDir, 'start-failure'),
        PORT: String(await freePort()),
        ADMIN_EMAIL: 'startup@example.test',
        ADMIN_PASSWORD: password,
        LOG_LEVEL: 'trace',
      });
      expect(await exited(app.child)).toBe(1);
      const output = app.output();
      expect(output).toContain('users refused by the log test');
      expect(output).not.toContain('$argon2id$');
      expectNoSecret(output, { password });
    } finally {
      await database.drop();
    }
  });
});

function scoresOf(value: number) {
  return {
    strategicAlignment: value,
    sustainability: value,
    technologyReadiness: value,
    marketPotential: value,
    businessPotential: value,
  };
}
