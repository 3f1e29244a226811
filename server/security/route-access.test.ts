import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { decisions, users } from '../db/schema/index';
import { MEETING_EVENTS_PATH } from '../modules/meeting/routes';
import { guardScope } from '../plugins/authentication';
import type { Access, DeclaredRoute } from '../plugins/route-access';
import { enforceRouteAccess } from '../plugins/route-access';
import { setupTestApp, TEST_SESSION_SECRET } from '../test/build-test-app';
import { createImage } from '../test/factories/images';
import { createOpportunity } from '../test/factories/opportunities';
import { mintSession } from '../test/factories/sessions';
import { createUser } from '../test/factories/users';
import { createSignedInUser } from '../test/http';

const ctx = setupTestApp();

type Principal =
  | 'anonymous'
  | 'reviewer'
  | 'deactivated reviewer'
  | 'deleted user'
  | 'admin'
  | 'deactivated admin';

const PRINCIPALS: Principal[] = [
  'anonymous',
  'reviewer',
  'deactivated reviewer',
  'deleted user',
  'deactivated admin',
  // Last: the admin's calls change rows (a delete, a password reset) the others only try.
  'admin',
];

/** 'served' = any answer but 401/403 (and never a 5xx): validation or a 404 may still follow. */
type Expected = 401 | 403 | 'served';

// CONTRACT.md "Access": 401 anonymous on admin/reviewer calls, 403 for the other role, 403 for a
// deactivated account (before its role counts), 401 for a session whose user was deleted.
const EXPECTED: Record<Access, Record<Principal, Expected>> = {
  public: {
    anonymous: 'served',
    reviewer: 'served',
    'deactivated reviewer': 'served',
    'deleted user': 'served',
    admin: 'served',
    'deactivated admin': 'served',
  },
  'signed-in': {
    anonymous: 401,
    reviewer: 'served',
    'deactivated reviewer': 403,
    'deleted user': 401,
    admin: 'served',
    'deactivated admin': 403,
  },
  admin: {
    anonymous: 401,
    reviewer: 403,
    'deactivated reviewer': 403,
    'deleted user': 401,
    admin: 'served',
    'deactivated admin': 403,
  },
  reviewer: {
    anonymous: 401,
    reviewer: 'served',
    'deactivated reviewer': 403,
    'deleted user': 401,
    admin: 403,
    'deactivated admin': 403,
  },
};

/**
 * The method and path of every route Fastify registered, read from its own router (printRoutes),
 * independently of the access hook's registry.
 */
function registeredApiRoutes(tree: string) {
  const routes: Array<{ method: string; url: string }> = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    // "│   ├── /:id (PATCH, DELETE)": each level indents by 4; a child's path extends its parent's.
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + match[2]!;
    stack.push(url);
    if (!match[3] || (url !== '/api' && !url.startsWith('/api/'))) continue;
    for (const method of match[3].split(',')) routes.push({ method: method.trim(), url });
  }
  return routes;
}

const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** Routes answering an event stream, which stays open: their answer is taken at its headers. */
const EVENT_STREAMS = new Set([`GET ${MEETING_EVENTS_PATH}`]);

let userIds: Record<Exclude<Principal, 'anonymous'>, string>;
let templateCookie: { cookie: string };
let params: {
  opportunity: string;
  deletedOpportunity: string;
  publishedOpportunity: string;
  reviewer: string;
  image: string;
  /** An opportunity with a decision: its letter's preview is a read an admin makes (issue 35). */
  decidedOpportunity: string;
};

beforeAll(async () => {
  const admin = await createSignedInUser(ctx.app, ctx.db, 'admin');
  templateCookie = admin;
  const reviewer = await createUser(ctx.db);
  const deactivatedReviewer = await createUser(ctx.db, { isActive: false });
  const deactivatedAdmin = await createUser(ctx.db, { role: 'admin', isActive: false });
  const deleted = await createUser(ctx.db);
  await ctx.db.delete(users).where(eq(users.id, deleted.id));
  userIds = {
    reviewer: reviewer.id,
    'deactivated reviewer': deactivatedReviewer.id,
    'deleted user': deleted.id,
    admin: admin.user.id,
    'deactivated admin': deactivatedAdmin.id,
  };
  const victim = await createUser(ctx.db);
  const image = await createImage(ctx.db);
  params = {
    opportunity: (await createOpportunity(ctx.db, { status: 'draft', publishedAt: null })).id,
    deletedOpportunity: (await createOpportunity(ctx.db, { status: 'archived' })).id,
    publishedOpportunity: (await createOpportunity(ctx.db)).id,
    reviewer: victim.id,
    image: image.id,
    decidedOpportunity: (await createOpportunity(ctx.db)).id,
  };
  await ctx.db.insert(decisions).values({
    opportunityId: params.decidedOpportunity,
    revision: 1,
    outcome: 'accepted',
    evidence: {
      reviewCount: 0,
      rawComposite: null,
      calibratedComposite: null,
      calibratedRank: null,
      calibratedRankInterval: null,
      flags: [],
      alpha: null,
      ranked: 0,
    },
  });
});

/**
 * A real row's id where the path names one, else a well-formed value that matches nothing. The
 * admin's opportunity delete gets a row of its own, so the reads of the one the others use
 * still find it afterwards.
 */
function fillPath(route: { method: string; url: string }) {
  const { url } = route;
  return url.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'key') return 'show_reviewer_comments';
    if (name === 'type') return 'reviews';
    if (name === 'token') return randomBytes(32).toString('base64url');
    if (url === '/api/admin/opportunities/:id/feedback') return params.decidedOpportunity;
    if (url.startsWith('/api/admin/opportunities/')) {
      return route.method === 'DELETE' ? params.deletedOpportunity : params.opportunity;
    }
    if (url.startsWith('/api/reviewer/opportunities/')) return params.publishedOpportunity;
    // A discussion thread (issue 36): one a reviewer may read.
    if (url.startsWith('/api/opportunities/')) return params.publishedOpportunity;
    if (url.startsWith('/api/admin/reviewers/')) return params.reviewer;
    if (url.startsWith('/api/images/')) return params.image;
    return randomUUID();
  });
}

async function cookieOf(principal: Principal) {
  if (principal === 'anonymous') return undefined;
  // A fresh session per call: a logout or a deleted user's call ends the session it used.
  return mintSession(ctx.db, userIds[principal], templateCookie);
}

describe('access to every registered /api route', () => {
  it('every registered route is declared, and only those', () => {
    const registered = registeredApiRoutes(ctx.app.printRoutes({ commonPrefix: false }));
    const declared = ctx.app.declaredRoutes;
    expect(registered.length).toBeGreaterThan(40);
    expect(new Set(declared.map(keyOf))).toEqual(new Set(registered.map(keyOf)));
  });

  it('answers each principal on each route as CONTRACT.md says', async () => {
    const registered = registeredApiRoutes(ctx.app.printRoutes({ commonPrefix: false }));
    const accessOf = new Map(ctx.app.declaredRoutes.map((route) => [keyOf(route), route.access]));
    const failures: string[] = [];
    let checked = 0;
    for (const route of registered) {
      const access = accessOf.get(keyOf(route));
      if (!access) {
        failures.push(`${keyOf(route)}: no declaration`);
        continue;
      }
      for (const principal of PRINCIPALS) {
        const cookie = await cookieOf(principal);
        const isStream = EVENT_STREAMS.has(keyOf(route));
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url: fillPath(route),
          headers: cookie ? { cookie } : {},
          payloadAsStream: isStream,
        });
        // The server ends the stream when the app closes.
        if (isStream) response.stream().destroy();
        checked++;
        const status = response.statusCode;
        const expected = EXPECTED[access][principal];
        // A read the principal may make, with real ids filled in, must succeed outright.
        const isRead = route.method === 'GET' || route.method === 'HEAD';
        const ok =
          expected !== 'served'
            ? status === expected
            : isRead && access !== 'public'
              ? status >= 200 && status < 300
              : status !== 401 && status !== 403 && status < 500;
        if (!ok)
          failures.push(
            `${keyOf(route)} [${access}] as ${principal}: ${status}, expected ${expected}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(registered.length * PRINCIPALS.length);
    console.info(
      `route access: ${registered.length} routes x ${PRINCIPALS.length} principals = ${checked} calls`,
    );
    // One call per route and principal, about 25 ms each: the time grows with the API (15 s at
    // 111 routes alone; twice that beside the other files on a 2-core machine).
  }, 120_000);
});

describe('the access declaration is enforced at startup', () => {
  async function buildRealApp() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-access-'));
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      db: ctx.db,
      sessionSecret: TEST_SESSION_SECRET,
      webRoot: path.join(dataDir, 'no-web-build'),
    });
    return { app, cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }

  it('a new /api route without a declaration stops the real app from starting', async () => {
    const { app, cleanup } = await buildRealApp();
    try {
      await expect(
        (async () => {
          app.get('/api/new-feature', async () => ({ leaked: true }));
          await app.ready();
        })(),
      ).rejects.toThrow(/GET \/api\/new-feature does not declare its access/);
    } finally {
      await app.close().catch(() => {});
      cleanup();
    }
  });

  function bareApp() {
    const registry: DeclaredRoute[] = [];
    const app = Fastify();
    app.addHook('onRoute', enforceRouteAccess(registry));
    app.decorate('requireUser', async () => {
      throw Object.assign(new Error('Not signed in'), { statusCode: 401 });
    });
    return { app, registry };
  }

  it.each([
    ['no declaration', '/api/thing', undefined, /does not declare/],
    [
      'admin outside /api/admin',
      '/api/thing',
      'admin',
      /scope admits only 'public' or 'signed-in'/,
    ],
    ['reviewer outside /api/reviewer', '/api/thing', 'reviewer', /only 'public' or 'signed-in'/],
    ['public under /api/admin', '/api/admin/thing', 'public', /scope admits 'admin'/],
    ['signed-in under /api/reviewer', '/api/reviewer/thing', 'signed-in', /admits 'reviewer'/],
    ['admin under /api/reviewer', '/api/reviewer/thing', 'admin', /admits 'reviewer'/],
    ['an unknown level', '/api/thing', 'everyone', /unknown access/],
  ])('refuses %s', async (_label, url, access, message) => {
    const { app } = bareApp();
    await expect(
      (async () => {
        app.get(url, { config: { access: access as Access } }, async () => ({}));
        await app.ready();
      })(),
    ).rejects.toThrow(message);
    await app.close().catch(() => {});
  });

  it('the scope guard refuses a route of its scope that declares another role', async () => {
    const { app } = bareApp();
    await expect(
      (async () => {
        await app.register(
          async (scope) => {
            guardScope(scope, 'admin');
            // Would pass the prefix check were it mounted elsewhere; the guard knows better.
            scope.get('/x', { config: { access: 'reviewer' } }, async () => ({}));
          },
          { prefix: '/api/admin' },
        );
        await app.ready();
      })(),
    ).rejects.toThrow(/declares 'reviewer'|scope admits 'admin'/);
    await app.close().catch(() => {});
  });

  it('a signed-in route refuses an anonymous caller even if its handler forgets to', async () => {
    const { app, registry } = bareApp();
    app.get('/api/thing', { config: { access: 'signed-in' } }, async () => ({ secret: 1 }));
    app.get('/api/open', { config: { access: 'public' } }, async () => ({ open: 1 }));
    app.get('/elsewhere', async () => ({ spa: 1 }));
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/thing' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/open' })).statusCode).toBe(200);
    expect(registry.map(keyOf)).toEqual([
      'GET /api/thing',
      'HEAD /api/thing',
      'GET /api/open',
      'HEAD /api/open',
    ]);
    await app.close();
  });
});
