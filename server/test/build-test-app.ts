import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type App, type AppOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from './test-database';

/** The session secret of every test app (tests that forge or mint cookies sign with it). */
export const TEST_SESSION_SECRET = 'test-session-secret-that-is-at-least-32-chars';

export type TestContext = {
  app: App;
  db: TestDatabase['db'];
  pool: TestDatabase['pool'];
  config: Config;
  /** Runs `work` and answers how many SQL statements it caused. */
  countStatements: (work: () => Promise<unknown>) => Promise<number>;
  /** SQL statements sent so far (for watching requests that are still running). */
  statementCount: () => number;
};

/**
 * Builds the real app over a fresh database for the current test file. Use inside a describe or at
 * module level: the returned object is filled in by beforeAll.
 */
export function setupTestApp(env: Record<string, string> = {}): TestContext {
  const context = {} as TestContext;
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-test-data-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://assay.test',
      ...env,
    });
    context.config = config;
    context.db = database.db;
    context.pool = database.pool;
    context.statementCount = database.statementCount;
    context.countStatements = async (work) => {
      const before = database.statementCount();
      await work();
      return database.statementCount() - before;
    };
    context.app = await buildApp({
      config,
      db: database.db,
      sessionSecret: TEST_SESSION_SECRET,
      webRoot: path.join(dataDir, 'no-web-build'),
    });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return context;
}

/**
 * A further app over the database of `ctx`: a second instance as behind a load balancer, or one
 * built with other options (a logger, timeouts). Made in beforeAll after ctx's app, closed after
 * the file; the returned object is filled in then.
 */
export function setupSecondApp(ctx: TestContext, options: Partial<AppOptions> = {}): { app: App } {
  const second = {} as { app: App };
  beforeAll(async () => {
    second.app = await buildApp({
      config: ctx.config,
      db: ctx.db,
      sessionSecret: TEST_SESSION_SECRET,
      webRoot: path.join(ctx.config.dataDir, 'no-web-build'),
      ...options,
    });
    await second.app.ready();
  });
  afterAll(async () => {
    await second.app?.close();
  });
  return second;
}
