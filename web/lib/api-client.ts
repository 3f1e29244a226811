import type { QueryFunction } from '@tanstack/react-query';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * SPEC.md section 8's error: the message is `${status}: ${body text or status text}`; the status
 * and status text stay readable for messages that quote them (the export failure toast).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
  }
}

/** True for an error the server answered with, of `status` when one is given. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** Raises an ApiError for any non-2xx answer. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  throw new ApiError(res.status, res.statusText, await res.text());
}

/**
 * The only fetch wrapper of the web client: sends credentials, encodes a body as JSON and throws
 * on any non-2xx answer. Returns the response so callers can read JSON, text (CSV) or nothing.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
): Promise<Response> {
  const hasBody = body !== undefined;
  const res = await fetch(url, {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

/** apiRequest, then the answer's JSON body. */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return (await res.json()) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Joins a query key into a GET path: ['/api/reviewer/opportunities', id] -> '/api/.../id'. */
export function urlFromQueryKey(queryKey: readonly unknown[]): string {
  return queryKey.filter((part) => typeof part === 'string' || typeof part === 'number').join('/');
}

/** The default query function: a GET built from the query key. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(urlFromQueryKey(queryKey), { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/** An answer with the server's time when it answered (`now`, ISO 8601). */
export type WithServerTime<T> = T & { now: string };

/**
 * A GET built from the query key, whose JSON gets `now` from the answer's HTTP `Date` header:
 * the server's clock, to the second, which every HTTP answer carries, so a countdown runs from
 * it and not from a device set wrong, while the body stays the same bytes whenever it is read.
 * The device's clock stands in when the header is missing (a proxy that drops it).
 */
export function getQueryFnWithServerTime<T>(): QueryFunction<WithServerTime<T>> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(urlFromQueryKey(queryKey), { credentials: 'include', signal });
    await throwIfNotOk(res);
    const body = (await res.json()) as T;
    const answeredAt = Date.parse(res.headers.get('Date') ?? '');
    const now = new Date(Number.isNaN(answeredAt) ? Date.now() : answeredAt).toISOString();
    return { ...body, now };
  };
}

/**
 * The server's `message` out of an apiRequest error (`401: {"message":"..."}`), for toasts that
 * show it; the fallback when the body was not such JSON.
 */
export function serverMessageOf(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return fallback;
  try {
    const parsed: unknown = JSON.parse(match[1]!);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const { message } = parsed as { message: unknown };
      if (typeof message === 'string' && message.trim()) return message;
    }
  } catch {
    // Not JSON (a proxy's HTML page, say): the fallback reads better than markup.
  }
  return fallback;
}

/** The server's message of a failed call, else the error's own text, else the fallback. */
export function errorMessageOf(error: unknown, fallback: string): string {
  return serverMessageOf(error, error instanceof Error ? error.message : fallback);
}

/**
 * POSTs a multipart form (a file upload) with credentials; the browser sets the boundary
 * header. Throws like apiRequest and returns the answer's JSON body.
 */
export async function apiUpload<T>(url: string, form: FormData): Promise<T> {
  const res = await fetch(url, { method: 'POST', body: form, credentials: 'include' });
  await throwIfNotOk(res);
  return (await res.json()) as T;
}
