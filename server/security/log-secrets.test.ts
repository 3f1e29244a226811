import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { type App, loggerOptions } from '../app';
import { setupSecondApp, setupTestApp, TEST_SESSION_SECRET } from '../test/build-test-app';
import { sessionIdOf } from '../test/factories/sessions';
import { createUser } from '../test/factories/users';
import { emailsTo, tokenFromEmail } from '../test/queries';

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
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(8);
      expect(log.includes(secret), `${name} found in the log`).toBe(false);
      expect(log.includes(encodeURIComponent(secret)), `${name} (encoded) found in the log`).toBe(
        false,
      );
    }
  });
});
