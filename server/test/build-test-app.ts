import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../app';
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
