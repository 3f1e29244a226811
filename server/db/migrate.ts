import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

/** Resolved from the working directory (the repository root), never from the bundle's location. */
export const MIGRATIONS_FOLDER = path.resolve('server/db/migrations');

// Any fixed number works; it only has to be the same for every instance of the app.
export const MIGRATION_LOCK_KEY = 7_340_021;

/**
 * Applies pending migrations under a session advisory lock, so that two instances starting at
 * the same moment migrate one after the other instead of racing.
 */
export async function runMigrations(pool: pg.Pool, migrationsFolder = MIGRATIONS_FOLDER) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
