import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { INVITATION_RATE_LIMIT } from '../modules/invitations/public-routes';
import { setupSecondApp, setupTestApp, TEST_SESSION_SECRET } from '../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../test/factories/users';

const ctx = setupTestApp();

// A second instance over the same database, as behind a load balancer.
const second = setupSecondApp(ctx);

describe('request size', () => {
  it('answers a JSON body over 1 MiB with 413 JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: expect.stringMatching(/too large/i) });
  });

  it('answers an oversized header with 431 (Node refuses it before the app)', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = ctx.app.server.address() as AddressInfo;
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/health',
            headers: { 'x-filler': 'a'.repeat(32 * 1024) },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.on('error', reject);
        request.end();
      });
      expect(status).toBe(431);
    } finally {
      await ctx.app.server.close();
    }
  });
});

describe('slow clients', () => {
  // Production waits 60 s (DEFAULT_TIMEOUTS); the same mechanism with short limits here.
  let slowApp: App;
  let port: number;

  beforeAll(async () => {
    slowApp = await buildApp({
      config: ctx.config,
      db: ctx.db,
      sessionSecret: TEST_SESSION_SECRET,
      webRoot: path.join(ctx.config.dataDir, 'no-web-build'),
      timeouts: { requestMs: 400, idleMs: 1_500 },
    });
    await slowApp.listen({ port: 0, host: '127.0.0.1' });
    port = (slowApp.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await slowApp?.close();
  });

  /** Sends `start`, then `drip` every 100 ms, until the server closes; answers what it sent. */
  function talk(start: string, drip?: string) {
    return new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      let timer: NodeJS.Timeout | undefined;
      socket.setEncoding('utf8');
      socket.on('connect', () => {
        if (start) socket.write(start);
        if (drip) timer = setInterval(() => socket.writable && socket.write(drip), 100);
      });
      socket.on('data', (chunk: string) => {
        received += chunk;
      });
      socket.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
      });
      socket.on('close', () => {
        clearInterval(timer);
        resolve(received);
      });
    });
  }

  it('answers 408 to headers that never finish (slowloris)', async () => {
    const answer = await talk('GET /api/health HTTP/1.1\r\nHost: assay.test\r\n', 'X-Slow: 1\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('answers 408 to a body that never arrives in full', async () => {
    const answer = await talk(
      'POST /api/auth/login HTTP/1.1\r\nHost: assay.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      ' ',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection that sends nothing', async () => {
    // Node treats it as headers that never came: 408, then the connection is closed.
    expect(await talk('')).toMatch(/^(HTTP\/1\.1 408|$)/);
  });

  it('still serves a prompt client', async () => {
    const answer = await talk(
      'GET /api/health HTTP/1.1\r\nHost: assay.test\r\nConnection: close\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe('throttling held in PostgreSQL, across two instances', () => {
  it('sign-in: 10 failures spread over both instances throttle the 11th attempt on either', async () => {
    const user = await createUser(ctx.db);
    const ip = '10.55.0.1';
    const login = (app: App, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password },
        remoteAddress: ip,
      });
    for (let i = 0; i < 10; i++) {
      const response = await login(i % 2 === 0 ? ctx.app : second.app, `wrong-${i}`);
      expect(response.statusCode).toBe(401);
    }
    const rows = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from login_attempts where email = ${user.email} and ip_address = ${ip}`,
    );
    expect(rows.rows[0]!.n).toBe(10);
    expect((await login(ctx.app, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await login(second.app, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('invitation links: the per-address limit is shared, and says when to retry', async () => {
    const ip = '10.55.0.2';
    const view = (app: App, token: string, remoteAddress = ip) =>
      app.inject({ method: 'GET', url: `/api/invitations/${token}`, remoteAddress });
    for (let i = 0; i < INVITATION_RATE_LIMIT; i++) {
      const response = await view(i % 2 === 0 ? ctx.app : second.app, `guess-${i}`);
      expect(response.statusCode).toBe(404);
    }
    for (const app of [ctx.app, second.app]) {
      const throttled = await view(app, 'guess-final');
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json().message).toMatch(/Too many invitation requests/);
      const retryAfter = Number(throttled.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      const accept = await app.inject({
        method: 'POST',
        url: '/api/invitations/guess-final/accept',
        payload: { password: 'long enough 1', confirmPassword: 'long enough 1' },
        remoteAddress: ip,
      });
      expect(accept.statusCode).toBe(429);
    }
    expect((await view(second.app, 'guess-elsewhere', '10.55.0.3')).statusCode).toBe(404);
    // The next window starts afresh: move this address's counters into the past.
    await ctx.db.execute(
      sql`update rate_limits set window_start = window_start - interval '1 hour' where key = ${ip}`,
    );
    expect((await view(ctx.app, 'guess-later')).statusCode).toBe(404);
  });
});
