import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { type EmbeddedServer, startEmbeddedPostgres } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { createMailTransport } from '../modules/mail/transport';
import { type EmailWorker, startEmailWorker } from '../modules/mail/worker';
import { createOpportunity } from '../test/factories/opportunities';
import { createUser, TEST_PASSWORD } from '../test/factories/users';
import {
  checkLedger,
  http,
  recordAttempt,
  type SaveLedger,
  scoresFor,
  signInOver,
  sleep,
  stopLeftoverPostmaster,
} from './fault-support';

// The app in this process, over a PostgreSQL cluster this test owns (embedded, in a temp folder,
// on its own socket), so that the test can stop and start the database under it.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-outage-'));
const password = randomBytes(12).toString('hex');
let postgres: EmbeddedServer | undefined;
let database: DatabaseHandle;
let app: App;
let base: string;
let emailWorker: EmailWorker | undefined;

function startPostgres() {
  return startEmbeddedPostgres({ dataDir, password, database: 'assay', log: () => {} });
}

beforeAll(async () => {
  postgres = await startPostgres();
  const socketDir = String(postgres.connection.host);
  // The app reaches it the way an operator's DATABASE_URL would, with the app's own pool settings.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://assay.test',
    DATABASE_URL: `postgresql://postgres:${password}@/assay?host=${encodeURIComponent(socketDir)}&port=5432`,
  });
  database = await openDatabase(config, { databasePassword: '', log: () => {} });
  await runMigrations(database.pool);
  app = await buildApp({
    config,
    db: database.db,
    sessionSecret: 'outage-test-session-secret-at-least-32-chars',
    webRoot: path.join(dataDir, 'no-web-build'),
  });
  // The email worker polls through the outage too, as in main.ts.
  emailWorker = startEmailWorker({
    db: database.db,
    transport: createMailTransport({ smtpUrl: undefined, dataDir }),
    from: 'Assay <no-reply@assay.test>',
    logger: app.log,
    intervalMs: 50,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  try {
    await app?.close();
    await emailWorker?.stop();
  } finally {
    // The cluster goes first, so that a client a failed test left checked out cannot keep it up.
    await postgres?.stop();
    await Promise.race([database?.close(), sleep(5000)]);
    await stopLeftoverPostmaster(dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

describe('a database outage under a stream of saves', () => {
  it('answers 503 JSON while PostgreSQL is down, serves again after, and loses no acknowledged save', async () => {
    const admin = await createUser(database.db, { role: 'admin' });
    const reviewers = await Promise.all([1, 2, 3].map(() => createUser(database.db)));
    const opportunities = await Promise.all([1, 2, 3, 4].map(() => createOpportunity(database.db)));
    const adminCookie = await signInOver(base, admin.email, TEST_PASSWORD);
    const cookies = await Promise.all(
      reviewers.map((r) => signInOver(base, r.email, TEST_PASSWORD)),
    );

    // The stream: each reviewer saves one review after another, round the opportunities.
    const ledger: SaveLedger = new Map();
    const statuses: number[] = [];
    const badAnswers: unknown[] = [];
    let streaming = true;
    let seed = 0;
    const stream = reviewers.map(async (reviewer, r) => {
      for (let i = 0; streaming; i++) {
        const opportunity = opportunities[i % opportunities.length]!;
        const scores = scoresFor(seed++);
        let status = 0;
        try {
          const response = await http(base, 'POST', '/api/reviewer/reviews', {
            cookie: cookies[r],
            body: { opportunityId: opportunity.id, ...scores },
          });
          status = response.status;
          const body = response.body as { message?: unknown };
          if (
            status !== 200 &&
            (typeof body?.message !== 'string' || Object.keys(body).length !== 1)
          ) {
            badAnswers.push({ status, body });
          }
        } catch {
          status = 0; // the guard fired: recorded, and refused below
        }
        recordAttempt(ledger, `${reviewer.id}/${opportunity.id}`, scores, status);
        statuses.push(status);
        await sleep(20);
      }
    });
    const waitFor = async (condition: () => boolean, what: string) => {
      const deadline = Date.now() + 60_000;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await sleep(50);
      }
    };

    await waitFor(() => statuses.filter((s) => s === 200).length >= 30, '30 acknowledged saves');
    const acknowledgedBeforeOutage = statuses.filter((s) => s === 200).length;

    // A transaction of the app's pool waiting between two statements when the database goes: its
    // client must not turn the lost connection into an uncaught exception (which ends the app).
    const uncaught: string[] = [];
    const onUncaught = (error: Error) => uncaught.push(String(error));
    process.on('uncaughtException', onUncaught);
    const held = await database.pool.connect();
    await held.query('begin');

    await postgres!.stop();
    postgres = undefined;

    // While down: every kind of call answers 503 with a JSON message, none hangs past the guard.
    await waitFor(() => statuses.slice(-6).every((s) => s === 503), 'saves answered 503');
    const health = await http(base, 'GET', '/api/health');
    expect(health.status).toBe(503);
    const calls = [
      http(base, 'GET', '/api/reviewer/opportunities', { cookie: cookies[0] }),
      http(base, 'GET', `/api/reviewer/opportunities/${opportunities[0]!.id}`, {
        cookie: cookies[1],
      }),
      http(base, 'GET', '/api/auth/me', { cookie: cookies[2] }),
      http(base, 'GET', '/api/admin/stats', { cookie: adminCookie }),
      http(base, 'GET', '/api/admin/export/reviews', { cookie: adminCookie }),
      http(base, 'POST', '/api/auth/login', {
        body: { email: reviewers[0]!.email, password: TEST_PASSWORD },
      }),
      http(base, 'POST', '/api/auth/logout', { cookie: cookies[0] }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response).toEqual({
        status: 503,
        body: { message: 'The database is unavailable. Please try again.' },
        cookie: undefined,
      });
    }

    await expect(held.query('select 1')).rejects.toThrow();
    held.release();

    postgres = await startPostgres();

    // Back without a restart of the app: health, then the stream's own saves succeed again.
    await waitFor(() => statuses.slice(-6).every((s) => s === 200), 'saves succeeding again');
    streaming = false;
    await Promise.all(stream);
    expect((await http(base, 'GET', '/api/health')).status).toBe(200);
    // The sessions made before the outage still work (the logout above never reached the database).
    expect((await http(base, 'GET', '/api/auth/me', { cookie: cookies[0] })).status).toBe(200);
    // The email worker, which failed its runs while the database was down, sends again.
    const invited = await http(base, 'POST', '/api/admin/invitations', {
      cookie: adminCookie,
      body: { email: 'after-outage@example.test', name: 'After Outage' },
    });
    expect(invited.status).toBe(201);
    const mailDir = path.join(dataDir, 'mail');
    await waitFor(
      () =>
        fs.existsSync(mailDir) &&
        fs
          .readdirSync(mailDir)
          .some((name) =>
            fs.readFileSync(path.join(mailDir, name), 'utf8').includes('after-outage@example.test'),
          ),
      'the invitation sent after the outage',
    );

    process.off('uncaughtException', onUncaught);
    expect(uncaught).toEqual([]);
    expect(badAnswers).toEqual([]);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    const check = await checkLedger(database.pool, ledger);
    expect(check.lost).toEqual([]);
    expect(check.halfWritten).toEqual([]);
    expect(check.acknowledged).toBeGreaterThan(acknowledgedBeforeOutage);
    console.log(
      `outage: ${statuses.length} saves attempted, ${check.acknowledged} acknowledged ` +
        `(${acknowledgedBeforeOutage} before the outage), ` +
        `${statuses.filter((s) => s === 503).length} answered 503, 0 lost`,
    );
  }, 120_000);
});
