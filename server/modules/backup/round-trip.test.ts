import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { EXPORT_TYPES } from '@shared/export-files';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { seedDemo } from '../../cli/seed-demo';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD } from '../../cli/seed-demo-data';
import type { Database } from '../../db/client';
import { contentsOf, linesOf, manifestOf, sourceOf, takeBackup } from '../../test/backups';
import { type BareDatabase, createBareDatabase } from '../../test/bare-database';
import { setupTestApp, TEST_SESSION_SECRET } from '../../test/build-test-app';
import { sessionIdOf, signedSessionCookie } from '../../test/factories/sessions';
import { createUser } from '../../test/factories/users';
import { send, signIn } from '../../test/http';
import { MEETING_EVENTS_PATH } from '../meeting/routes';
import { restoreBackup } from './restore-backup';

// The demo data set backed up through the admin route, restored into a new database, and every
// admin and reviewer read of the restored app compared, byte for byte, with the same read of the
// original. Run against the embedded test PostgreSQL and, with TEST_DATABASE_URL, an external one.

const ctx = setupTestApp();
let target: BareDatabase;
let restored: App;
let archive: Buffer;
let admin: Awaited<ReturnType<typeof createUser>>;
/** The `sess` of a real sign-in, for sessions minted on both sides without signing in. */
let sessionTemplate: Record<string, unknown>;

/** A session row for `userId` in `db`, and its cookie (signing in would write a login). */
async function mintSession(db: Database, userId: string) {
  const sid = randomBytes(24).toString('base64url');
  await db.execute(sql`insert into session (sid, sess, expire)
    values (${sid}, ${JSON.stringify({ ...sessionTemplate, userId })}::jsonb, now() + interval '1 day')`);
  return signedSessionCookie(sid);
}

beforeAll(async () => {
  admin = await createUser(ctx.db, { role: 'admin', name: 'Round Trip Admin' });
  await seedDemo(ctx.db);
  const adminCookie = await signIn(ctx.app, admin);
  const { rows } = await ctx.pool.query('select sess from session where sid = $1', [
    sessionIdOf(adminCookie),
  ]);
  sessionTemplate = rows[0].sess;
  // What an installation in use also holds: an invitation (and its email), audited changes, a
  // reviewer's place in the workspace, failed sign-ins.
  const invited = await send(ctx.app, {
    method: 'POST',
    url: '/api/admin/invitations',
    cookie: adminCookie,
    payload: { email: 'invitee@example.test', name: 'Ivy Invitee' },
  });
  expect(invited.statusCode).toBe(201);
  const { rows: drafts } = await ctx.pool.query(
    `select id from opportunities where status = 'draft' order by number limit 1`,
  );
  const published = await send(ctx.app, {
    method: 'PATCH',
    url: `/api/admin/opportunities/${drafts[0].id}`,
    cookie: adminCookie,
    payload: { status: 'published' },
  });
  expect(published.statusCode).toBe(200);
  const { rows: reviewers } = await ctx.pool.query(
    `select id, email from users where role = 'reviewer' and is_active order by email limit 1`,
  );
  const reviewerCookie = await signIn(ctx.app, {
    email: reviewers[0].email,
    password: DEMO_PASSWORD,
  });
  await send(ctx.app, {
    method: 'POST',
    url: '/api/reviewer/viewer-state',
    cookie: reviewerCookie,
    payload: { lastOpportunityId: drafts[0].id },
  });
  await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: reviewers[0].email, password: 'not the password' },
  });

  const download = await send(ctx.app, {
    method: 'GET',
    url: '/api/admin/backup',
    cookie: adminCookie,
  });
  expect(download.statusCode).toBe(200);
  archive = download.rawPayload;

  target = await createBareDatabase();
  await restoreBackup(target.pool, sourceOf(archive));
  restored = await buildApp({
    config: ctx.config,
    db: target.db,
    sessionSecret: TEST_SESSION_SECRET,
    webRoot: path.join(ctx.config.dataDir, 'no-web-build'),
  });
  await restored.ready();
}, 180_000);

afterAll(async () => {
  await restored?.close();
  await target?.drop();
});

const withoutSessions = (contents: Record<string, string[]>) => {
  const { session: _sessions, ...rest } = contents;
  return rest;
};

describe('a backup of the demo data restored into a new database', () => {
  it('holds every row the original holds, sessions aside', async () => {
    const original = withoutSessions(await contentsOf(ctx.pool));
    expect(original.reviews!.length).toBeGreaterThan(100);
    expect(original.images!.length).toBe(6);
    expect(original.invitation_tokens!.length).toBe(1);
    expect(await contentsOf(target.pool)).toEqual({ ...original, session: [] });
    // The archive records its own download; a backup of the copy is the same, but for its date.
    expect(original.audit_logs!.join()).toContain('backup.download');
    const dateless = (lines: string[]) =>
      [JSON.parse(lines[0]!), ...lines.slice(1, -1)].map((line, i) =>
        i === 0 ? JSON.stringify({ ...line, createdAt: null }) : line,
      );
    expect(dateless(linesOf(await takeBackup(target.pool)))).toEqual(dateless(linesOf(archive)));
  });

  it('answers every admin and reviewer read with the same bytes', async () => {
    const ids = async (query: string) => (await ctx.pool.query(query)).rows.map((row) => row.id);
    const opportunityIds = await ids('select id from opportunities order by number');
    const imageIds = await ids('select id from images order by id');
    const reviewerIds = await ids(`select id from users where role = 'reviewer' order by email`);
    expect(reviewerIds.length).toBe(12);

    /** Every value a path parameter takes; a parameter this test does not know fails it. */
    const valuesOf = (url: string, name: string): string[] => {
      if (name === 'type') return [...EXPORT_TYPES];
      if (name === 'key') return ['show_reviewer_comments'];
      if (name === 'id' && url.startsWith('/api/images/')) return imageIds;
      if (name === 'id' && /^\/api\/((admin|reviewer)\/)?opportunities\/:id/.test(url)) {
        return opportunityIds;
      }
      throw new Error(`${url}: the round trip does not know the values of :${name}; add them`);
    };
    const expand = (url: string): string[] => {
      const match = /:(\w+)/.exec(url);
      if (!match) return [url];
      return valuesOf(url, match[1]!).flatMap((value) => expand(url.replace(match[0], value)));
    };

    const reads = ctx.app.declaredRoutes.filter(
      (route) =>
        route.method === 'GET' &&
        route.access !== 'public' &&
        // Compared above as data: each download writes its own audit row first.
        route.url !== '/api/admin/backup' &&
        // A stream that stays open; the version it starts with is GET /api/meeting's.
        route.url !== MEETING_EVENTS_PATH,
    );
    expect(reads.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/api/admin/stats',
        '/api/admin/reviewers',
        '/api/admin/analytics/heatmap',
        '/api/admin/results',
        '/api/admin/export/:type',
        '/api/reviewer/opportunities/:id',
        '/api/images/:id',
      ]),
    );
    const principals = {
      admin: [admin.id],
      reviewer: reviewerIds,
      'signed-in': [admin.id, reviewerIds[0]],
    };

    let compared = 0;
    const differences: string[] = [];
    for (const route of reads) {
      for (const userId of principals[route.access as keyof typeof principals]) {
        // The same new session on both sides, so that each side reads as the same person.
        const cookies = [await mintSession(ctx.db, userId), await mintSession(target.db, userId)];
        for (const url of expand(route.url)) {
          const [before, after] = await Promise.all(
            [ctx.app, restored].map((app, side) =>
              send(app, { method: 'GET', url, cookie: cookies[side] }),
            ),
          );
          compared++;
          const headers = (response: typeof before) =>
            ['content-type', 'content-disposition'].map((name) => response!.headers[name]);
          if (
            before!.statusCode !== after!.statusCode ||
            !before!.rawPayload.equals(after!.rawPayload) ||
            JSON.stringify(headers(before)) !== JSON.stringify(headers(after))
          ) {
            differences.push(`${url} as ${userId}: ${before!.statusCode} vs ${after!.statusCode}`);
          }
        }
      }
    }
    expect(differences).toEqual([]);
    // 12 reviewers x 30 opportunities x 3 reads, and more: nothing was skipped by accident.
    expect(compared).toBeGreaterThan(1000);
  }, 300_000);

  it('lets everybody sign in with the password they had', async () => {
    const { rows } = await target.pool.query<{ email: string; is_active: boolean }>(
      `select email, is_active from users where email like $1 order by email`,
      [`%@${DEMO_EMAIL_DOMAIN}`],
    );
    expect(rows.length).toBe(12);
    for (const { email, is_active } of rows) {
      const response = await restored.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: DEMO_PASSWORD },
      });
      // The inactive demo reviewer is refused as before: her account, not her password.
      expect(response.statusCode, email).toBe(is_active ? 200 : 403);
    }
    const adminCookie = await signIn(restored, admin);
    expect(
      (await send(restored, { method: 'GET', url: '/api/auth/me', cookie: adminCookie })).json(),
    ).toMatchObject({
      id: admin.id,
      role: 'admin',
    });
  });

  it('keeps working: new rows get fresh keys and numbers next to the restored ones', async () => {
    const adminCookie = await signIn(restored, admin);
    const archived = manifestOf(archive).sequences.find(
      (entry) => entry.table === 'login_attempts',
    );
    expect(archived).toMatchObject({ column: 'id', isCalled: true });
    await restored.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: 'wrong password' },
    });
    const after = await target.pool.query<{ highest: string }>(
      'select max(id)::text as highest from login_attempts',
    );
    expect(BigInt(after.rows[0]!.highest)).toBe(BigInt(archived!.lastValue) + 1n);
    const invited = await send(restored, {
      method: 'POST',
      url: '/api/admin/invitations',
      cookie: adminCookie,
      payload: { email: 'second-invitee@example.test', name: 'Second Invitee' },
    });
    expect(invited.statusCode).toBe(201);
  });
});
