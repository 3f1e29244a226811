import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../db/client';
import { createDatabaseNamed } from './test-database';

export type BareDatabase = { db: Database; pool: pg.Pool; name: string; drop: () => Promise<void> };

/**
 * A new database with nothing in it, not even the migrations (createTestDatabase clones the
 * migrated template): what a fresh DATA_DIR or a newly created DATABASE_URL database holds.
 */
export async function createBareDatabase(): Promise<BareDatabase> {
  const name = `${inject('templateDatabase').replace('template', 'test')}_bare_${randomBytes(4).toString('hex')}`;
  const { pool, drop } = await createDatabaseNamed(name, { max: 5 });
  return { db: createDatabase(pool), pool, name, drop };
}
