import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { createDatabase, type Database } from '../db/client';
import { withDatabase } from './global-setup';

export type TestDatabase = {
  db: Database;
  pool: pg.Pool;
  name: string;
  /** SQL statements sent through this database's pool so far (for constant-query tests). */
  statementCount: () => number;
  drop: () => Promise<void>;
};

/** Runs one statement as the admin connection (create or drop a database). */
async function asAdmin(statement: string) {
  const admin = new pg.Client(inject('adminConnection'));
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Creates database `name` (from `template`, or empty), and answers a pool on it with `max`
 * connections and the drop that ends the pool and removes the database.
 */
export async function createDatabaseNamed(name: string, { template = '', max = 10 } = {}) {
  await asAdmin(`create database ${name}${template ? ` template ${template}` : ''}`);
  const pool = new pg.Pool({ ...withDatabase(inject('adminConnection'), name), max });
  pool.on('error', () => {});
  return {
    pool,
    drop: async () => {
      await pool.end();
      await asAdmin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** A fresh database for one test file, cloned from the migrated template (fast, isolated). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('templateDatabase');
  const name = `${template.replace('template', 'test')}_${randomBytes(4).toString('hex')}`;
  const { pool, drop } = await createDatabaseNamed(name, { template });
  let statements = 0;
  // Counting, not mocking: every statement still goes to PostgreSQL.
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      statements++;
      return query(...args);
    };
  });
  return { statementCount: () => statements, db: createDatabase(pool), pool, name, drop };
}

/**
 * A fresh database (createTestDatabase) for the current test file, for tests that need no app:
 * the returned object is filled in by beforeAll and dropped by afterAll.
 */
export function setupTestDatabase(): TestDatabase {
  const database = {} as TestDatabase;
  beforeAll(async () => {
    Object.assign(database, await createTestDatabase());
  });
  afterAll(async () => {
    await database.drop?.();
  });
  return database;
}

/**
 * Another pool on the same database, as a second instance would hold: pg keeps the password as a
 * hidden property of a pool's options, which a spread of them would leave out.
 */
export function anotherPoolOn(pool: pg.Pool, max = 4): pg.Pool {
  const other = new pg.Pool({ ...pool.options, password: pool.options.password, max });
  other.on('error', () => {});
  return other;
}
