import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../db/client';
import { withDatabase } from './global-setup';

export type BareDatabase = { db: Database; pool: pg.Pool; name: string; drop: () => Promise<void> };

/**
 * A new database with nothing in it, not even the migrations (createTestDatabase clones the
 * migrated template): what a fresh DATA_DIR or a newly created DATABASE_URL database holds.
 */
export async function createBareDatabase(): Promise<BareDatabase> {
  const adminConnection = inject('adminConnection');
  const name = `${inject('templateDatabase').replace('template', 'test')}_bare_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client(adminConnection);
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const pool = new pg.Pool({ ...withDatabase(adminConnection, name), max: 5 });
  pool.on('error', () => {});
  return {
    db: createDatabase(pool),
    pool,
    name,
    drop: async () => {
      await pool.end();
      const dropper = new pg.Client(adminConnection);
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
