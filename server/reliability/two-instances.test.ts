import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase } from '../db/client';
import { emailNotifications, reviews } from '../db/schema/index';
import { createMailTransport } from '../modules/mail/transport';
import { type EmailWorker, startEmailWorker } from '../modules/mail/worker';
import { createOpportunity } from '../test/factories/opportunities';
import { uniqueEmail } from '../test/factories/sequence';
import { createUser } from '../test/factories/users';
import { withDatabase } from '../test/global-setup';
import { signIn } from '../test/http';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { databaseUrl, exited, scoresFor, sleep } from './fault-support';

// Two instances of the app, each with its own pool, its own DATA_DIR and its own email worker,
// over one PostgreSQL database: what a deployment behind a load balancer looks like.
const SESSION_SECRET = 'two-instances-shared-session-secret-32+';
let database: TestDatabase;
let secondPool: pg.Pool;
const instances: { app: App; dataDir: string }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  secondPool = new pg.Pool({ ...withDatabase(inject('adminConnection'), database.name), max: 10 });
  secondPool.on('error', () => {});
  for (const pool of [database.pool, secondPool]) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-instance-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://assay.test',
    });
    const app = await buildApp({
      config,
      db: createDatabase(pool),
      sessionSecret: SESSION_SECRET,
      webRoot: path.join(dataDir, 'no-web-build'),
    });
    await app.ready();
    instances.push({ app, dataDir });
  }
});

afterAll(async () => {
  for (const { app, dataDir } of instances) {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  await secondPool?.end();
  await database?.drop();
});

const [a, b] = [0, 1].map((i) => ({
  call: (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
    instances[i]!.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload }),
  get app() {
    return instances[i]!.app;
  },
}));

describe('two instances on one database', () => {
  it('accept each other’s sessions', async () => {
    const reviewer = await createUser(database.db);
    const cookie = await signIn(a!.app, reviewer);
    const me = await b!.call('GET', '/api/auth/me', cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: reviewer.id, email: reviewer.email });
    // Signing out on B ends the session on A too.
    expect((await b!.call('POST', '/api/auth/logout', cookie)).statusCode).toBeLessThan(300);
    expect((await a!.call('GET', '/api/auth/me', cookie)).statusCode).toBe(401);
  });

  it('enforce a deactivation made through the other at once', async () => {
    const admin = await createUser(database.db, { role: 'admin' });
    const reviewer = await createUser(database.db);
    const adminCookie = await signIn(a!.app, admin);
    const reviewerCookie = await signIn(b!.app, reviewer);
    expect((await b!.call('GET', '/api/reviewer/opportunities', reviewerCookie)).statusCode).toBe(
      200,
    );

    const deactivated = await a!.call('PATCH', `/api/admin/reviewers/${reviewer.id}`, adminCookie, {
      isActive: false,
    });
    expect(deactivated.statusCode).toBe(200);
    // The very next request on the other instance is refused (403, CONTRACT.md), and signing in
    // again on either instance is refused too.
    const refused = await b!.call('GET', '/api/reviewer/opportunities', reviewerCookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/deactivated/) });
    expect((await b!.call('GET', '/api/auth/me', reviewerCookie)).statusCode).toBe(403);
    const login = await b!.call('POST', '/api/auth/login', undefined, {
      email: reviewer.email,
      password: reviewer.password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: expect.stringMatching(/deactivated/) });

    // Reactivated through the other instance, the same session works again on both.
    const reactivated = await b!.call('PATCH', `/api/admin/reviewers/${reviewer.id}`, adminCookie, {
      isActive: true,
    });
    expect(reactivated.statusCode).toBe(200);
    for (const instance of [a!, b!]) {
      const back = await instance.call('GET', '/api/reviewer/opportunities', reviewerCookie);
      expect(back.statusCode).toBe(200);
    }

    // A deactivation made in the database by another process is enforced by the next request.
    const again = await createUser(database.db);
    const againCookie = await signIn(a!.app, again);
    await secondPool.query('update users set is_active = false where id = $1', [again.id]);
    const blocked = await a!.call('GET', '/api/reviewer/opportunities', againCookie);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ message: expect.stringMatching(/deactivated/) });
  });

  it('leave exactly one row when 20 saves of one review arrive at once, split between them', async () => {
    const reviewer = await createUser(database.db);
    const opportunity = await createOpportunity(database.db);
    const cookies = [await signIn(a!.app, reviewer), await signIn(b!.app, reviewer)];
    const sent = Array.from({ length: 20 }, (_, i) => scoresFor(i));
    const responses = await Promise.all(
      sent.map((scores, i) =>
        [a, b][i % 2]!.call('POST', '/api/reviewer/reviews', cookies[i % 2], {
          opportunityId: opportunity.id,
          ...scores,
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(sent.map(() => 200));
    const rows = await database.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.reviewerId, reviewer.id), eq(reviews.opportunityId, opportunity.id)));
    expect(rows).toHaveLength(1);
    // The survivor is one of the saves, whole: not a mix of two.
    const { strategicAlignment, sustainability, technologyReadiness, marketPotential } = rows[0]!;
    const stored = {
      strategicAlignment,
      sustainability,
      technologyReadiness,
      marketPotential,
      businessPotential: rows[0]!.businessPotential,
    };
    expect(sent).toContainEqual(stored);
    // Every answer named the same review.
    expect(new Set(responses.map((r) => r.json().id))).toEqual(new Set([rows[0]!.id]));
  });

  it('send each queued email once when both run their email worker', async () => {
    const admin = await createUser(database.db, { role: 'admin' });
    const adminCookie = await signIn(a!.app, admin);
    const workers: EmailWorker[] = instances.map(({ app, dataDir }, i) =>
      startEmailWorker({
        db: createDatabase(i === 0 ? database.pool : secondPool),
        transport: createMailTransport({ smtpUrl: undefined, dataDir }),
        from: 'Assay <no-reply@assay.test>',
        logger: app.log,
        intervalMs: 20,
      }),
    );
    const emails = Array.from({ length: 16 }, () => uniqueEmail('invitee'));
    try {
      // Invitations are queued through both instances while both workers poll.
      const invited = await Promise.all(
        emails.map((email, i) =>
          [a, b][i % 2]!.call('POST', '/api/admin/invitations', adminCookie, {
            email,
            name: `Invitee ${i}`,
          }),
        ),
      );
      expect(invited.map((r) => r.statusCode)).toEqual(emails.map(() => 201));
      const deadline = Date.now() + 30_000;
      for (;;) {
        const rows = await database.db
          .select({ status: emailNotifications.status })
          .from(emailNotifications)
          .where(inArray(emailNotifications.recipientEmail, emails));
        if (rows.length === emails.length && rows.every((r) => r.status === 'sent')) break;
        if (Date.now() > deadline) throw new Error(`not all sent: ${JSON.stringify(rows)}`);
        await sleep(50);
      }
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    const dropped = instances.flatMap(({ dataDir }) => {
      const folder = path.join(dataDir, 'mail');
      return fs.existsSync(folder)
        ? fs.readdirSync(folder).map((name) => fs.readFileSync(path.join(folder, name), 'utf8'))
        : [];
    });
    for (const email of emails) {
      expect(
        dropped.filter((text) => text.includes(`To: ${email}`)),
        email,
      ).toHaveLength(1);
    }
  });
});

describe('two instances starting at the same moment on an empty database', () => {
  it('both migrate without error and the schema is applied once', async () => {
    const connection = inject('adminConnection');
    const name = `assay_migrate_race_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client(connection);
    await admin.connect();
    await admin.query(`create database ${name}`);
    // A transaction of the test's own creates the schema drizzle keeps its journal in and stays
    // open, so both processes block at their first statement; when it rolls back they go on at
    // the same instant: without the migration lock they race, every time.
    const gate = new pg.Client(withDatabase(connection, name));
    await gate.connect();
    await gate.query('begin');
    await gate.query('create schema drizzle');
    try {
      const url = databaseUrl(connection, name);
      const runs = [1, 2].map(() => {
        let output = '';
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/migrate.ts'], {
          env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'info' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout!.on('data', (chunk) => (output += chunk));
        child.stderr!.on('data', (chunk) => (output += chunk));
        return { child, output: () => output };
      });
      const deadline = Date.now() + 30_000;
      for (;;) {
        const waiting = await admin.query(
          `select count(*)::int as n from pg_stat_activity
            where datname = $1 and wait_event_type = 'Lock'`,
          [name],
        );
        if (waiting.rows[0].n === 2) break;
        if (runs.some((run) => run.child.exitCode !== null) || Date.now() > deadline) {
          throw new Error(`the migrations did not both wait:\n${runs.map((r) => r.output())}`);
        }
        await sleep(100);
      }
      await gate.query('rollback');
      const codes = await Promise.all(runs.map((run) => exited(run.child)));
      expect(codes, runs.map((run) => run.output()).join('\n---\n')).toEqual([0, 0]);

      const journal = JSON.parse(
        fs.readFileSync('server/db/migrations/meta/_journal.json', 'utf8'),
      ) as { entries: unknown[] };
      const migrated = new pg.Client(withDatabase(connection, name));
      await migrated.connect();
      try {
        const applied = await migrated.query('select hash from drizzle.__drizzle_migrations');
        expect(applied.rowCount).toBe(journal.entries.length);
        const tables = await migrated.query(
          `select count(*)::int as n from information_schema.tables
            where table_schema = 'public' and table_name in ('users', 'reviews', 'session')`,
        );
        expect(tables.rows[0].n).toBe(3);
      } finally {
        await migrated.end();
      }
    } finally {
      await gate.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 60_000);
});
