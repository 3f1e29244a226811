import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_MAX_BYTES, LOGIN_FAILURE_LIMIT } from '@shared/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { NOT_AN_IMAGE } from '../modules/images/image-processing';
import { INVITATION_RATE_LIMIT } from '../modules/invitations/public-routes';
import { createUser, type TestUser } from '../test/factories/users';
import { imageUpload } from '../test/http';
import { auditRowsFor } from '../test/queries';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { freePort, GUARD_MS } from './fault-support';
import { type Nginx, type Reply, send, startNginx } from './nginx';

// The app behind a real nginx running docs/deploy/nginx.conf. Clients connect from distinct
// loopback addresses (127.0.0.2, 127.0.0.3): nginx sees each one's own address, as it would
// see two people on the internet.
const CLIENT_A = '127.0.0.2';
const CLIENT_B = '127.0.0.3';
const FORGED = '203.0.113.66';

type Stack = {
  db: TestDatabase['db'];
  /** Where the app itself listens (no proxy in between). */
  direct: string;
  nginx?: Nginx;
};

/**
 * A fresh database, the app listening on a free port with `env`, and (unless `withNginx` is false)
 * nginx in front of it; all stopped after the describe block.
 */
function setupStack(env: Record<string, string>, { withNginx = true } = {}): Stack {
  const stack = {} as Stack;
  let database: TestDatabase;
  let app: App;
  let dataDir: string;
  beforeAll(async () => {
    const [appPort, httpPort, httpsPort] = [await freePort(), await freePort(), await freePort()];
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-proxy-'));
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        PORT: String(appPort),
        ...env,
        ...(env.PUBLIC_URL === 'nginx' ? { PUBLIC_URL: `https://assay.test:${httpsPort}` } : {}),
      }),
      db: database.db,
      sessionSecret: randomBytes(32).toString('hex'),
      webRoot: path.join(dataDir, 'no-web-build'),
    });
    await app.listen({ host: '127.0.0.1', port: appPort });
    stack.db = database.db;
    stack.direct = `http://127.0.0.1:${appPort}`;
    if (withNginx) stack.nginx = await startNginx({ appPort, httpPort, httpsPort });
  });
  afterAll(async () => {
    await stack.nginx?.stop();
    await app?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return stack;
}

/** A request through nginx over https, from `from`. */
function viaNginx(stack: Stack, from: string, path: string, options: Partial<SendOptions> = {}) {
  const nginx = stack.nginx!;
  return send(`${nginx.httpsOrigin}${path}`, { ...options, from, ca: nginx.certificate });
}

/** A request straight to the app, from `from`. */
function direct(stack: Stack, from: string, path: string, options: Partial<SendOptions> = {}) {
  return send(`${stack.direct}${path}`, { ...options, from });
}

type SendOptions = Parameters<typeof send>[1];
type Client = (path: string, options?: Partial<SendOptions>) => Promise<Reply>;

function login(client: Client, user: TestUser, password: string, headers = {}) {
  return client('/api/auth/login', {
    method: 'POST',
    body: { email: user.email, password },
    headers,
  });
}

/** LOGIN_FAILURE_LIMIT wrong passwords, each with its own forged X-Forwarded-For. */
async function failUntilThrottled(client: Client, user: TestUser) {
  for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
    const reply = await login(client, user, 'not the password', {
      'x-forwarded-for': `198.51.100.${i + 1}`,
    });
    expect(reply.status).toBe(401);
  }
}

async function auditAddresses(db: Stack['db'], user: TestUser, action: string) {
  return (await auditRowsFor(db, user.id))
    .filter((row) => row.action === action)
    .map((row) => row.ipAddress);
}

describe.each([
  ['1', 'a hop count'],
  ['127.0.0.1', "nginx's address"],
])('behind nginx with TRUST_PROXY=%s (%s)', (trustProxy) => {
  const stack = setupStack({ TRUST_PROXY: trustProxy, PUBLIC_URL: 'nginx' });
  const a: Client = (path, options) => viaNginx(stack, CLIENT_A, path, options);
  const b: Client = (path, options) => viaNginx(stack, CLIENT_B, path, options);

  it('gives two clients separate sign-in throttles, and a forged header does not escape one', async () => {
    const user = await createUser(stack.db);
    await failUntilThrottled(a, user);
    const throttled = await login(a, user, user.password);
    expect(throttled.status).toBe(429);
    // A forged address, at the left of what nginx sends on, changes nothing.
    expect((await login(a, user, user.password, { 'x-forwarded-for': FORGED })).status).toBe(429);
    // The other client is not locked out of the account.
    const other = await login(b, user, user.password);
    expect(other.status).toBe(200);
    expect(other.cookie).toMatch(/^assay\.sid=/);
    // nginx itself saw the two addresses (its access log, written as each request ends).
    await expect
      .poll(() => stack.nginx!.accessLog(), { timeout: GUARD_MS })
      .toMatch(
        new RegExp(
          `^${CLIENT_A.replaceAll('.', '\\.')} [^]*^${CLIENT_B.replaceAll('.', '\\.')} `,
          'm',
        ),
      );
  });

  it('records the address of the client in the audit log, never a forged one', async () => {
    const user = await createUser(stack.db);
    expect((await login(a, user, 'wrong', { 'x-forwarded-for': FORGED })).status).toBe(401);
    expect((await login(b, user, user.password, { 'x-forwarded-for': FORGED })).status).toBe(200);
    expect(await auditAddresses(stack.db, user, 'auth.login_failed')).toEqual([CLIENT_A]);
    expect(await auditAddresses(stack.db, user, 'auth.login')).toEqual([CLIENT_B]);
  });

  it('limits requests to invitation links per client address', async () => {
    const guess = () => `/api/invitations/${randomBytes(16).toString('hex')}`;
    for (let i = 0; i < INVITATION_RATE_LIMIT; i++) {
      const reply = await a(guess(), { headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } });
      expect(reply.status).toBe(404);
    }
    expect((await a(guess(), { headers: { 'x-forwarded-for': FORGED } })).status).toBe(429);
    expect((await b(guess())).status).toBe(404);
  });

  it('keeps a browser session over https: Secure cookie, same-origin requests served', async () => {
    const user = await createUser(stack.db);
    const origin = { origin: stack.nginx!.httpsOrigin };
    const signedIn = await login(b, user, user.password, origin);
    expect(signedIn.status).toBe(200);
    expect(signedIn.setCookie).toMatch(/;\s*Secure/i);
    const me = await b('/api/auth/me', { headers: { cookie: signedIn.cookie! } });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: user.email });
    const out = await b('/api/auth/logout', {
      method: 'POST',
      headers: { ...origin, cookie: signedIn.cookie! },
    });
    expect(out.status).toBe(200);
    expect((await b('/api/auth/me', { headers: { cookie: signedIn.cookie! } })).status).toBe(401);
  });

  it('redirects plain http to https', async () => {
    const nginx = stack.nginx!;
    const plain = await send(`http://assay.test:${nginx.httpPort}/login?next=%2F`, {
      from: CLIENT_A,
    });
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe('https://assay.test/login?next=%2F');
  });

  it('passes the largest upload the app takes on to the app', async () => {
    const admin = await createUser(stack.db, { role: 'admin' });
    const origin = { origin: stack.nginx!.httpsOrigin };
    const { cookie } = await login(b, admin, admin.password, origin);
    // A file of exactly the image limit, framed as multipart: over nginx's default 1m. The app
    // reads it whole and judges it (not an image: 415), where nginx would have answered 413.
    const upload = imageUpload(Buffer.alloc(IMAGE_MAX_BYTES, 7), 'big.png');
    expect(upload.payload.length).toBeGreaterThan(1024 * 1024);
    const reply = await b('/api/admin/upload-image', {
      method: 'POST',
      payload: upload.payload,
      headers: { ...upload.headers, ...origin, cookie: cookie! },
    });
    expect(reply.status).toBe(415);
    expect(reply.body).toEqual({ message: NOT_AN_IMAGE });
  });
});

describe('behind nginx without TRUST_PROXY', () => {
  const stack = setupStack({ PUBLIC_URL: 'nginx' });

  it("sees nginx's address for everybody: the forwarded header is not believed", async () => {
    const user = await createUser(stack.db);
    const reply = await login((p, o) => viaNginx(stack, CLIENT_B, p, o), user, user.password);
    expect(reply.status).toBe(200);
    expect(await auditAddresses(stack.db, user, 'auth.login')).toEqual(['127.0.0.1']);
  });
});

describe.each([
  ['', 'unset'],
  ['127.0.0.1', "nginx's address only"],
])('straight to the app from an untrusted peer, TRUST_PROXY=%s (%s)', (trustProxy) => {
  const stack = setupStack({ TRUST_PROXY: trustProxy }, { withNginx: false });
  const a: Client = (path, options) => direct(stack, CLIENT_A, path, options);
  const b: Client = (path, options) => direct(stack, CLIENT_B, path, options);

  it('ignores X-Forwarded-For: the throttle and the audit log keep the real address', async () => {
    const user = await createUser(stack.db);
    await failUntilThrottled(a, user);
    expect((await login(a, user, user.password, { 'x-forwarded-for': FORGED })).status).toBe(429);
    expect((await login(b, user, user.password)).status).toBe(200);
    // Failures against the account (the throttled attempt is logged without one).
    const failed = await auditAddresses(stack.db, user, 'auth.login_failed');
    expect(failed).toHaveLength(LOGIN_FAILURE_LIMIT);
    expect(new Set(failed)).toEqual(new Set([CLIENT_A]));
  });

  it('ignores X-Forwarded-Proto: no Secure cookie for plain http', async () => {
    const user = await createUser(stack.db);
    const reply = await login(b, user, user.password, { 'x-forwarded-proto': 'https' });
    expect(reply.status).toBe(200);
    expect(reply.setCookie).toBeDefined();
    expect(reply.setCookie).not.toMatch(/;\s*Secure/i);
  });
});

describe('PUBLIC_URL left at http behind an https nginx (TRUST_PROXY set)', () => {
  const stack = setupStack({ TRUST_PROXY: '127.0.0.1' });

  it('marks the cookie Secure for a request that reached nginx over https, not for plain http', async () => {
    const user = await createUser(stack.db);
    const proxied = await login((p, o) => viaNginx(stack, CLIENT_A, p, o), user, user.password);
    expect(proxied.status).toBe(200);
    expect(proxied.setCookie).toMatch(/;\s*Secure/i);
    // The app's own port, from nginx's host: a trusted peer, but it says nothing of https.
    const local = await login((p, o) => direct(stack, '127.0.0.1', p, o), user, user.password);
    expect(local.status).toBe(200);
    expect(local.setCookie).not.toMatch(/;\s*Secure/i);
  });
});

describe('a body over the 1 MiB limit, through nginx and straight to the app', () => {
  const stack = setupStack({ TRUST_PROXY: '127.0.0.1', PUBLIC_URL: 'nginx' });
  const a: Client = (path, options) => viaNginx(stack, CLIENT_A, path, options);
  const straight: Client = (path, options) => direct(stack, CLIENT_A, path, options);

  // Issue 38: the app answered 413 before reading the body and closed the connection while nginx
  // was still sending it, so nginx sometimes answered 502. Every size over the limit, up to past
  // nginx's own, is a 413 with the JSON error, every time.
  it.each([
    ['just over the app limit', 1024 * 1024 + 1],
    ['between the limits', 1.5 * 1024 * 1024],
    ["over nginx's own limit", 3 * 1024 * 1024],
  ])('answers 413 with the JSON error, %s', async (_label, bytes) => {
    const admin = await createUser(stack.db, { role: 'admin' });
    const origin = { origin: stack.nginx!.httpsOrigin };
    const { cookie } = await login(a, admin, admin.password, origin);
    const body = { number: 1, title: 'x'.repeat(bytes), description: 'd', status: 'draft' };
    for (let attempt = 0; attempt < 12; attempt++) {
      const reply = await a('/api/admin/opportunities', {
        method: 'POST',
        body,
        headers: { ...origin, cookie: cookie! },
      });
      expect(reply.status, `attempt ${attempt + 1}`).toBe(413);
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      expect(reply.body).toEqual({ message: expect.stringMatching(/too large/i) });
    }
  });

  it('reads the rest of a too large body before answering, so the client gets the 413', async () => {
    const admin = await createUser(stack.db, { role: 'admin' });
    const { cookie } = await login(straight, admin, admin.password);
    const body = { number: 1, title: 'x'.repeat(6 * 1024 * 1024), description: 'd' };
    for (let attempt = 0; attempt < 5; attempt++) {
      const reply = await straight('/api/admin/opportunities', {
        method: 'POST',
        body,
        headers: { cookie: cookie! },
      });
      expect(reply.status, `attempt ${attempt + 1}`).toBe(413);
      expect(reply.body).toEqual({ message: 'Request body is too large' });
    }
  });
});
