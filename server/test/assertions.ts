import { expect } from 'vitest';
import type { App } from '../app';
import { type AccessFixtures, type Request, send } from './http';

// Checks shared by several test files. Factories build rows and never assert.

/** The guard matrix of an admin endpoint: 401 anonymous, 403 reviewer, 403 inactive admin. */
export async function expectAdminOnly(
  app: App,
  access: AccessFixtures,
  request: Omit<Request, 'cookie'>,
  headers: Record<string, string> = {},
) {
  const anonymous = await send(app, request, headers);
  expect(anonymous.statusCode, `${request.method} ${request.url} anonymous`).toBe(401);
  const reviewer = await send(app, { ...request, cookie: access.reviewerCookie }, headers);
  expect(reviewer.statusCode, `${request.method} ${request.url} as reviewer`).toBe(403);
  const inactive = await send(app, { ...request, cookie: access.inactiveAdminCookie }, headers);
  expect(inactive.statusCode, `${request.method} ${request.url} as inactive admin`).toBe(403);
}

/** Rounds like PostgreSQL's round(x, 4) for the values these tests produce. */
export function round4(value: number): number {
  return Math.round((value + Number.EPSILON) * 10_000) / 10_000;
}
