import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../app';
import type { Database } from '../db/client';
import { users, viewerStates } from '../db/schema/index';
import { createSignedInUser } from './factories';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Sends a request with an optional session cookie; objects are sent as JSON. */
export function send(
  app: App,
  request: { method: Method; url: string; cookie?: string; payload?: InjectOptions['payload'] },
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: request.method,
    url: request.url,
    payload: request.payload,
    headers: { ...(request.cookie ? { cookie: request.cookie } : {}), ...headers },
  });
}

export type AccessFixtures = {
  admin: Awaited<ReturnType<typeof createSignedInUser>>;
  reviewerCookie: string;
  inactiveAdminCookie: string;
};

/** One active admin, one reviewer and one deactivated admin, each signed in. */
export async function createAccessFixtures(app: App, db: Database): Promise<AccessFixtures> {
  const admin = await createSignedInUser(app, db, 'admin');
  const reviewer = await createSignedInUser(app, db, 'reviewer');
  const inactiveAdmin = await createSignedInUser(app, db, 'admin');
  await db.update(users).set({ isActive: false }).where(eq(users.id, inactiveAdmin.user.id));
  return {
    admin,
    reviewerCookie: reviewer.cookie,
    inactiveAdminCookie: inactiveAdmin.cookie,
  };
}

/** The guard matrix of an admin endpoint: 401 anonymous, 403 reviewer, 403 inactive admin. */
export async function expectAdminOnly(
  app: App,
  access: AccessFixtures,
  request: { method: Method; url: string; payload?: InjectOptions['payload'] },
  headers: Record<string, string> = {},
) {
  const anonymous = await send(app, request, headers);
  expect(anonymous.statusCode, `${request.method} ${request.url} anonymous`).toBe(401);
  const reviewer = await send(app, { ...request, cookie: access.reviewerCookie }, headers);
  expect(reviewer.statusCode, `${request.method} ${request.url} as reviewer`).toBe(403);
  const inactive = await send(app, { ...request, cookie: access.inactiveAdminCookie }, headers);
  expect(inactive.statusCode, `${request.method} ${request.url} as inactive admin`).toBe(403);
}

export async function countSessionsOf(db: Database, userId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from session where sess ->> 'userId' = ${userId}`,
  );
  return result.rows[0]!.n;
}

export async function createViewerState(
  db: Database,
  params: { reviewerId: string; lastOpportunityId: string | null },
) {
  const [row] = await db.insert(viewerStates).values(params).returning();
  return row!;
}
