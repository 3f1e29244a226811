import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

/** Resolved from the working directory (the repository root), never from the bundle's location. */
export const MIGRATIONS_FOLDER = path.resolve('server/db/migrations');

// Any fixed number works; it only has to be the same for every instance of the app.
export const MIGRATION_LOCK_KEY = 7_340_021;

/**
 * Runs `work` while this process holds the migration lock: a session advisory lock, so that two
 * instances starting at the same moment prepare the database one after the other instead of
 * racing. The lock lives on one connection of `pool`; `work` may use any other.
 */
export async function withMigrationLock<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Applies pending migrations through `client` (which should hold the migration lock). */
export async function applyMigrations(client: pg.PoolClient, migrationsFolder = MIGRATIONS_FOLDER) {
  await migrate(drizzle({ client }), { migrationsFolder });
}

/** Applies pending migrations under the migration lock. */
export async function runMigrations(pool: pg.Pool, migrationsFolder = MIGRATIONS_FOLDER) {
  await withMigrationLock(pool, (client) => applyMigrations(client, migrationsFolder));
}
