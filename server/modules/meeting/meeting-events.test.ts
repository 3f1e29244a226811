import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { MEETING_CONFLICT_MESSAGE } from '@shared/discussion';
import { meetingViewSchema } from '@shared/discussion-schemas';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../app';
import { setupSecondApp, setupTestApp, TEST_SESSION_SECRET } from '../../test/build-test-app';
import { createConflict } from '../../test/factories/conflicts';
import { createOpportunity } from '../../test/factories/opportunities';
import { createSignedInUser, send } from '../../test/http';
import { MEETING_EVENTS_PATH } from './routes';

// Issue 36 section 3, "within 2 seconds on every instance": the event stream over real HTTP, fed
// by each instance's LISTEN, with the meeting changed on another instance.

const ctx = setupTestApp();
const second = setupSecondApp(ctx);

type Person = Awaited<ReturnType<typeof createSignedInUser>>;
let admin: Person;
let reviewer: Person;
let conflictedReviewer: Person;
let first: Awaited<ReturnType<typeof createOpportunity>>;
let sensitive: Awaited<ReturnType<typeof createOpportunity>>;
/** Where instance B listens. */
let baseUrlB: string;

async function listen(app: App): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

type EventStream = {
  response: Response;
  /** The events received so far (each block between blank lines, comments included). */
  blocks: string[];
  /** The versions announced so far. */
  versions: number[];
  /** Resolves once a block `matches`; rejects after `timeoutMs`. */
  next: (matches: (block: string) => boolean, timeoutMs: number) => Promise<string>;
  nextVersion: (version: number, timeoutMs: number) => Promise<string>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
};

/** Opens the meeting's event stream as a browser's EventSource would, and reads it as it comes. */
async function openStream(
  baseUrl: string,
  cookie: string | undefined,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${MEETING_EVENTS_PATH}`, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}), ...headers },
    signal: controller.signal,
  });
  const blocks: string[] = [];
  const versions: number[] = [];
  const waiting = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();
  if (response.ok) {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    ended = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            blocks.push(block);
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (data) versions.push((JSON.parse(data) as { version: number }).version);
            for (const wake of [...waiting]) wake();
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Aborted by the test.
      }
    })();
  }
  const next = (matches: (block: string) => boolean, timeoutMs: number) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const found = blocks.find(matches);
        if (found === undefined) return false;
        clearTimeout(timer);
        waiting.delete(wake);
        resolve(found);
        return true;
      };
      const wake = () => void check();
      const timer = setTimeout(() => {
        waiting.delete(wake);
        reject(
          new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(blocks)}`),
        );
      }, timeoutMs);
      if (!check()) waiting.add(wake);
    });
  return {
    response,
    blocks,
    versions,
    next,
    nextVersion: (version, timeoutMs) =>
      next((block) => block === `event: meeting\ndata: {"version":${version}}`, timeoutMs),
    ended,
    close: () => controller.abort(),
  };
}

const adminOnA = async (method: 'PUT' | 'POST', url: string, payload?: Record<string, unknown>) => {
  const response = await send(ctx.app, { method, url, payload, cookie: admin.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { version: number };
};

const viewOnB = async (person: Person) => {
  const response = await send(second.app, {
    method: 'GET',
    url: '/api/meeting',
    cookie: person.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return meetingViewSchema.parse(response.json());
};

beforeAll(async () => {
  admin = await createSignedInUser(ctx.app, ctx.db, 'admin');
  reviewer = await createSignedInUser(ctx.app, ctx.db);
  conflictedReviewer = await createSignedInUser(ctx.app, ctx.db);
  first = await createOpportunity(ctx.db, { title: 'Community wind' });
  sensitive = await createOpportunity(ctx.db, { title: 'Sensitive heat pumps' });
  await createConflict(ctx.db, {
    reviewerId: conflictedReviewer.user.id,
    opportunityId: sensitive.id,
  });
  baseUrlB = await listen(second.app);
});

describe('GET /api/meeting/events', () => {
  it('needs a session (401)', async () => {
    const stream = await openStream(baseUrlB, undefined);
    expect(stream.response.status).toBe(401);
    expect(await stream.response.json()).toEqual({ message: 'Not signed in' });
  });

  it('streams uncompressed, uncached, unbuffered events, starting with the version', async () => {
    const stream = await openStream(baseUrlB, reviewer.cookie, { 'accept-encoding': 'gzip' });
    try {
      expect(stream.response.status).toBe(200);
      const headers = stream.response.headers;
      expect(headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(headers.get('cache-control')).toBe('no-cache');
      expect(headers.get('x-accel-buffering')).toBe('no');
      expect(headers.get('connection')).toBe('keep-alive');
      expect(headers.get('content-encoding')).toBeNull();
      // The security headers still apply.
      expect(headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(await stream.next(() => true, 5000)).toBe('event: meeting\ndata: {"version":0}');
    } finally {
      stream.close();
    }
  });

  it('answers HEAD with the headers alone', async () => {
    const response = await ctx.app.inject({
      method: 'HEAD',
      url: MEETING_EVENTS_PATH,
      headers: { cookie: reviewer.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(response.body).toBe('');
  });

  it('tells a page on instance B of a move on instance A within 2 s', async () => {
    const stream = await openStream(baseUrlB, reviewer.cookie);
    const conflictedStream = await openStream(baseUrlB, conflictedReviewer.cookie);
    try {
      await stream.nextVersion(0, 5000);
      await adminOnA('PUT', '/api/admin/meeting', { agenda: [first.id, sensitive.id] });
      const started = await adminOnA('POST', '/api/admin/meeting/start');
      await stream.nextVersion(started.version, 5000);
      expect((await viewOnB(reviewer)).now).toMatchObject({ opportunityId: first.id });

      const movedAt = performance.now();
      const moved = await adminOnA('POST', '/api/admin/meeting/current', { index: 1 });
      // The bound, from before the admin's request left.
      await stream.nextVersion(moved.version, 2000 - (performance.now() - movedAt));
      const view = await viewOnB(reviewer);
      expect(view).toMatchObject({ active: true, version: moved.version, position: 2, total: 2 });
      expect(view.now).toMatchObject({ kind: 'item', opportunityId: sensitive.id });

      // The conflicted reviewer hears of the change (a version, nothing else) and sees nothing
      // of the item.
      const event = await conflictedStream.nextVersion(moved.version, 2000);
      expect(event).not.toContain(sensitive.id);
      const theirs = await send(second.app, {
        method: 'GET',
        url: '/api/meeting',
        cookie: conflictedReviewer.cookie,
      });
      expect(theirs.json().now).toEqual({ kind: 'conflict', message: MEETING_CONFLICT_MESSAGE });
      expect(theirs.body).not.toContain(sensitive.id);
      expect(theirs.body).not.toContain(sensitive.title);
      // Each version once, in order.
      expect(stream.versions).toEqual([0, 1, 2, 3]);
    } finally {
      stream.close();
      conflictedStream.close();
    }
  });

  it('drops the subscription when the client goes away', async () => {
    const events = second.app.meetingEvents;
    // The streams the tests above closed.
    await vi.waitFor(() => expect(events.subscriberCount).toBe(0), { timeout: 5000 });
    const stream = await openStream(baseUrlB, reviewer.cookie);
    await stream.next(() => true, 5000);
    expect(events.subscriberCount).toBe(1);
    stream.close();
    await vi.waitFor(() => expect(events.subscriberCount).toBe(0), { timeout: 5000 });
  });

  it('misses no change made while its LISTEN connection was lost', async () => {
    const stream = await openStream(baseUrlB, reviewer.cookie);
    try {
      const { version } = await viewOnB(reviewer);
      await stream.nextVersion(version, 5000);
      expect(second.app.meetingEvents.isListening).toBe(true);
      const killed = await ctx.pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = 'LISTEN assay_meeting'`,
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      // Committed while B listens no more (it reconnects after a second): the NOTIFY is lost.
      const moved = await adminOnA('POST', '/api/admin/meeting/current', { index: 0 });
      await stream.nextVersion(moved.version, 10_000);
      expect(second.app.meetingEvents.isListening).toBe(true);
    } finally {
      stream.close();
    }
  });
});

describe('closing the app', () => {
  it('ends open streams, so that close() does not wait for them', async () => {
    const app = await buildApp({
      config: ctx.config,
      db: ctx.db,
      sessionSecret: TEST_SESSION_SECRET,
      webRoot: path.join(ctx.config.dataDir, 'no-web-build'),
    });
    let stream: EventStream | undefined;
    try {
      stream = await openStream(await listen(app), reviewer.cookie);
      await stream.next(() => true, 5000);
      expect(app.meetingEvents.subscriberCount).toBe(1);
      await app.close();
      await stream.ended;
      expect(app.meetingEvents.subscriberCount).toBe(0);
      expect(app.meetingEvents.isListening).toBe(false);
    } finally {
      stream?.close();
      await app.close();
    }
  });
});
