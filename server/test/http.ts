import { randomBytes } from 'node:crypto';
import type { Role } from '@shared/auth-schemas';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll } from 'vitest';
import type { App } from '../app';
import type { Database } from '../db/client';
import { users } from '../db/schema/index';
import { createUser } from './factories/users';

// Requests against the test app: signing in, sending with a session cookie, multipart bodies.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Request = {
  method: Method;
  url: string;
  cookie?: string;
  payload?: InjectOptions['payload'];
};

/** Sends a request with an optional session cookie; objects are sent as JSON. */
export function send(app: App, request: Request, headers: Record<string, string> = {}) {
  return app.inject({
    method: request.method,
    url: request.url,
    payload: request.payload,
    headers: { ...(request.cookie ? { cookie: request.cookie } : {}), ...headers },
  });
}

/**
 * A request function for one signed-in user, for files that send most requests as that user. The
 * app and the cookie are read at each call, since both are made in beforeAll.
 */
export function requestsAs(
  ctx: { app: App },
  cookieOf: () => string,
  headers: Record<string, string> = {},
) {
  return (method: Method, url: string, payload?: InjectOptions['payload']) =>
    send(ctx.app, { method, url, payload, cookie: cookieOf() }, headers);
}

/** Signs in through the API and returns the session cookie header for later requests. */
export async function signIn(app: App, user: { email: string; password: string }) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  }
  const cookie = response.cookies.filter((c) => c.name === 'assay.sid' && c.value).at(-1);
  if (!cookie) throw new Error('sign-in set no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

/** A new user of the role, signed in through the API. */
export async function createSignedInUser(app: App, db: Database, role: Role = 'reviewer') {
  const user = await createUser(db, { role });
  return { user, cookie: await signIn(app, user) };
}

/**
 * A new user of the role, signed in for a whole test file in beforeAll after the app of
 * `setupTestApp()`: the returned object is filled in then, so it is read inside tests.
 */
export function setupSignedInUser(
  ctx: { app: App; db: Database },
  role: Role = 'reviewer',
): Awaited<ReturnType<typeof createSignedInUser>> {
  const signedIn = {} as Awaited<ReturnType<typeof createSignedInUser>>;
  beforeAll(async () => {
    Object.assign(signedIn, await createSignedInUser(ctx.app, ctx.db, role));
  });
  return signedIn;
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

/**
 * The access fixtures of a test file, made in beforeAll after the app of `setupTestApp()`: the
 * returned object is filled in then, so it is read inside tests, never at module level.
 */
export function setupAccess(ctx: { app: App; db: Database }): AccessFixtures {
  const access = {} as AccessFixtures;
  beforeAll(async () => {
    Object.assign(access, await createAccessFixtures(ctx.app, ctx.db));
  });
  return access;
}

export type MultipartPart = {
  name: string;
  content: Buffer | string;
  filename?: string;
  contentType?: string;
};

/** A multipart/form-data body built by hand, for app.inject (which takes a Buffer payload). */
export function multipartBody(parts: MultipartPart[]) {
  const boundary = `----assay-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.filename) head.push(`Content-Type: ${part.contentType ?? 'application/octet-stream'}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The usual upload: one file in the `image` field. */
export function imageUpload(content: Buffer, filename = 'image.png', contentType = 'image/png') {
  return multipartBody([{ name: 'image', content, filename, contentType }]);
}
