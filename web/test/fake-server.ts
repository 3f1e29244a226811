import type { CurrentUser } from '@shared/auth-schemas';
import { vi } from 'vitest';

export type FakeRequest = { method: string; url: string; body: unknown };
export type FakeResponse = {
  status: number;
  body?: unknown;
  statusText?: string;
  headers?: Record<string, string>;
};
type Handler = (
  request: FakeRequest,
) => FakeResponse | undefined | Promise<FakeResponse | undefined>;

/** The `Date` header of an answer given at `now` (ISO 8601), as HTTP writes it (to the second). */
export const dateHeader = (now: string) => ({ Date: new Date(now).toUTCString() });

/**
 * Replaces `fetch` (the HTTP boundary) with a handler; unmatched calls answer 404. Returns the
 * log of requests so tests can assert what the client sent.
 */
export function stubServer(handler: Handler): FakeRequest[] {
  const requests: FakeRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const request = { method, url, body };
    requests.push(request);
    const answer = (await handler(request)) ?? { status: 404, body: { message: 'Not found' } };
    const text =
      answer.body === undefined
        ? ''
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body);
    return new Response(text || null, {
      status: answer.status,
      statusText: answer.statusText ?? '',
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return requests;
}

export const adminUser: CurrentUser = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Ada Lovelace',
  displayName: null,
  email: 'ada@example.com',
  role: 'admin',
};

export const reviewerUser: CurrentUser = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Grace Brewster Hopper',
  displayName: 'Grace',
  email: 'grace@example.com',
  role: 'reviewer',
};

/** A server whose /api/auth/me answers `user` (401 for null) and whose logout succeeds. */
export function stubSession(user: CurrentUser | null, extra?: Handler): FakeRequest[] {
  let current = user;
  return stubServer(async (request) => {
    const answer = await extra?.(request);
    if (answer) return answer;
    if (request.url === '/api/auth/me') {
      return current
        ? { status: 200, body: current }
        : { status: 401, body: { message: 'Not signed in' } };
    }
    if (request.method === 'POST' && request.url === '/api/auth/logout') {
      current = null;
      return { status: 200, body: { message: 'Logged out' } };
    }
    return undefined;
  });
}
