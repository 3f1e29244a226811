import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded';
import { runMigrations } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection to the server's maintenance database, used to create per-file databases. */
    adminConnection: pg.PoolConfig;
    templateDatabase: string;
  }
}

/**
 * Starts the test PostgreSQL (embedded, or TEST_DATABASE_URL) once, migrates a template database,
 * and lets every test file clone its own database from it.
 */
export default async function setup(project: TestProject) {
  let adminConnection: pg.PoolConfig;
  let stopServer = async () => {};
  let tempDir: string | undefined;

  if (process.env.TEST_DATABASE_URL) {
    adminConnection = { connectionString: process.env.TEST_DATABASE_URL };
  } else {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-test-db-'));
    const server = await startEmbeddedPostgres({
      dataDir: tempDir,
      password: randomBytes(12).toString('hex'),
      database: 'postgres',
      log: () => {},
    });
    adminConnection = server.connection;
    stopServer = server.stop;
  }

  const templateDatabase = `assay_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client(adminConnection);
  await admin.connect();
  await admin.query(`create database ${templateDatabase}`);
  const templatePool = new pg.Pool({ ...withDatabase(adminConnection, templateDatabase), max: 1 });
  await runMigrations(templatePool);
  await templatePool.end();

  project.provide('adminConnection', adminConnection);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    // Drop what this run created, including databases of test files that crashed.
    const leftovers = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 or datname = $2`,
      [`${templateDatabase.replace('template', 'test')}%`, templateDatabase],
    );
    for (const { datname } of leftovers.rows) {
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    await admin.end();
    await stopServer();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };
}

export function withDatabase(connection: pg.PoolConfig, database: string): pg.PoolConfig {
  if (connection.connectionString) {
    const url = new URL(connection.connectionString);
    url.pathname = `/${database}`;
    return { connectionString: url.toString() };
  }
  return { ...connection, database };
}
