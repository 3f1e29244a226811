import { stubServer } from '@web/test/fake-server';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  apiJson,
  apiRequest,
  getQueryFn,
  serverMessageOf,
  urlFromQueryKey,
} from './api-client';

function runQuery<T>(fn: ReturnType<typeof getQueryFn<T>>, queryKey: unknown[]) {
  // The query function only reads queryKey and signal from its context.
  return (fn as unknown as (context: { queryKey: unknown[]; signal: AbortSignal }) => Promise<T>)({
    queryKey,
    signal: new AbortController().signal,
  });
}

describe('api client', () => {
  it('raises `status: body` for an error answer', async () => {
    stubServer(() => ({ status: 401, body: { message: 'x' } }));
    await expect(apiRequest('POST', '/api/auth/login', {})).rejects.toThrow('401: {"message":"x"}');
  });

  it('raises `status: status text` when the body is empty', async () => {
    stubServer(() => ({ status: 500, statusText: 'Internal Server Error' }));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('500: Internal Server Error');
  });

  it('keeps the status and status text on the error', async () => {
    stubServer(() => ({ status: 503, statusText: 'Service Unavailable', body: 'down' }));
    const error = await apiRequest('GET', '/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 503,
      statusText: 'Service Unavailable',
      message: '503: down',
    });
  });

  it('sends JSON with credentials and reads JSON back', async () => {
    const requests = stubServer(() => ({ status: 200, body: { ok: true } }));
    await expect(apiJson('POST', '/api/thing', { a: 1 })).resolves.toEqual({ ok: true });
    expect(requests).toEqual([{ method: 'POST', url: '/api/thing', body: { a: 1 } }]);
    const init = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock
      .calls[0]![1];
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('builds the GET url from the query key', async () => {
    const requests = stubServer(() => ({ status: 200, body: [] }));
    expect(urlFromQueryKey(['/api/reviewer/opportunities', 'abc', 'comments'])).toBe(
      '/api/reviewer/opportunities/abc/comments',
    );
    await runQuery(getQueryFn({ on401: 'throw' }), ['/api/reviewer/opportunities', 7]);
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/api/reviewer/opportunities/7' });
  });

  it('reads a 401 as null or as an error, as asked', async () => {
    stubServer(() => ({ status: 401, body: { message: 'Not signed in' } }));
    await expect(runQuery(getQueryFn({ on401: 'returnNull' }), ['/api/auth/me'])).resolves.toBe(
      null,
    );
    await expect(runQuery(getQueryFn({ on401: 'throw' }), ['/api/auth/me'])).rejects.toThrow(
      '401: {"message":"Not signed in"}',
    );
  });

  it("picks the server's message out of an error, or the fallback", () => {
    expect(serverMessageOf(new Error('403: {"message":"Deactivated"}'), 'fb')).toBe('Deactivated');
    expect(serverMessageOf(new Error('502: Bad Gateway'), 'fb')).toBe('fb');
    expect(serverMessageOf(new Error('500: {"other":1}'), 'fb')).toBe('fb');
    expect(serverMessageOf('nope', 'fb')).toBe('fb');
  });
});
