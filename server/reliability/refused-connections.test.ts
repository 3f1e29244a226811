import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase } from '../db/client';
import { TEST_SESSION_SECRET } from '../test/build-test-app';
import { createOpportunity } from '../test/factories/opportunities';
import { createUser } from '../test/factories/users';
import { withDatabase } from '../test/global-setup';
import { signIn } from '../test/http';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { scoresFor, sleep } from './fault-support';

// PostgreSQL is up but refuses new connections to the app's database: closed to connections
// (`allow_connections = false`, SQLSTATE 55000) or at its connection limit (53300). Either is an
// outage for the app, not a fault of the request. The app connects as an ordinary role, since
// superusers are exempt from connection limits.

const connection = inject('adminConnection');
const role = `assay_app_${randomBytes(4).toString('hex')}`;
const rolePassword = randomBytes(12).toString('hex');
const admin = new pg.Client(connection);
let database: TestDatabase;
let appPool: pg.Pool;
let app: App;
let dataDir: string;

function asRole(config: pg.PoolConfig): pg.PoolConfig {
  if (!config.connectionString) return { ...config, user: role, password: rolePassword };
  const url = new URL(config.connectionString);
  url.username = role;
  url.password = rolePassword;
  return { connectionString: url.toString() };
}

beforeAll(async () => {
  await admin.connect();
  database = await createTestDatabase();
  await admin.query(`create role ${role} login password '${rolePassword}'`);
  await database.pool.query(`
    grant usage on schema public to ${role};
    grant select, insert, update, delete on all tables in schema public to ${role};
    grant usage, select on all sequences in schema public to ${role};`);
  appPool = new pg.Pool({ ...asRole(withDatabase(connection, database.name)), max: 4 });
  appPool.on('error', () => {});
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-refused-'));
  app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://assay.test',
    }),
    db: createDatabase(appPool),
    sessionSecret: TEST_SESSION_SECRET,
    webRoot: path.join(dataDir, 'no-web-build'),
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await appPool?.end();
  await admin.query(
    `alter database ${database.name} with allow_connections true connection limit -1`,
  );
  await database?.drop();
  await admin.query(`drop role if exists ${role}`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('PostgreSQL refusing new connections', () => {
  it.each([
    ['closed to connections (55000)', 'allow_connections false', 'allow_connections true'],
    ['at its connection limit (53300)', 'connection limit 0', 'connection limit -1'],
  ])(
    'answers 503 to saves and reads while the database is %s, and serves again after',
    async (_, refuse, allow) => {
      const reviewer = await createUser(database.db);
      const opportunity = await createOpportunity(database.db);
      const cookie = await signIn(app, reviewer);
      let seed = 0;
      const save = () =>
        app.inject({
          method: 'POST',
          url: '/api/reviewer/reviews',
          headers: { cookie },
          payload: { opportunityId: opportunity.id, ...scoresFor(seed++) },
        });
      expect((await save()).statusCode).toBe(200);

      await admin.query(`alter database ${database.name} with ${refuse}`);
      try {
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and usename = $2',
          [database.name, role],
        );
        // The pool drops its terminated connections; every request then needs a new one.
        const deadline = Date.now() + 10_000;
        while (appPool.totalCount > 0 && Date.now() < deadline) await sleep(20);
        expect(appPool.totalCount).toBe(0);

        const answers = [
          await save(),
          await save(),
          await app.inject({
            method: 'GET',
            url: '/api/reviewer/opportunities',
            headers: { cookie },
          }),
        ];
        for (const answer of answers) {
          expect({ status: answer.statusCode, body: answer.json() }).toEqual({
            status: 503,
            body: { message: 'The database is unavailable. Please try again.' },
          });
        }
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      } finally {
        await admin.query(`alter database ${database.name} with ${allow}`);
      }
      expect((await save()).statusCode).toBe(200);
    },
  );
});
