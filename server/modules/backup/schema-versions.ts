import fs from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { MIGRATIONS_FOLDER } from '../../db/migrate';
import { BackupRefusedError, type SchemaVersion } from './archive-format';

/** A migration this build of Assay knows: its place in the journal and its statements. */
export type KnownMigration = SchemaVersion & { statements: string[] };

type Journal = { entries: Array<{ idx: number; when: number; tag: string }> };

/** The migrations journal with each migration's SQL, in order (as drizzle's migrator reads it). */
export function readKnownMigrations(migrationsFolder = MIGRATIONS_FOLDER): KnownMigration[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const files = readMigrationFiles({ migrationsFolder });
  return journal.entries.map((entry, index) => ({
    index,
    tag: entry.tag,
    createdAt: entry.when,
    hash: files[index]!.hash,
    statements: files[index]!.sql,
  }));
}

export const versionOf = ({ index, tag, createdAt, hash }: KnownMigration): SchemaVersion => ({
  index,
  tag,
  createdAt,
  hash,
});

// Where drizzle's migrator records what it applied (its defaults, which runMigrations uses).
const MIGRATIONS_TABLE = '"drizzle"."__drizzle_migrations"';

/**
 * The last migration applied to the database, as drizzle decides it (the greatest created_at),
 * or null when none was ever applied.
 */
export async function lastAppliedMigration(
  client: pg.ClientBase,
): Promise<{ createdAt: number; hash: string } | null> {
  const exists = await client.query<{ found: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!exists.rows[0]!.found) return null;
  const { rows } = await client.query<{ created_at: string; hash: string }>(
    `select created_at, hash from ${MIGRATIONS_TABLE} order by created_at desc limit 1`,
  );
  return rows[0] ? { createdAt: Number(rows[0].created_at), hash: rows[0].hash } : null;
}

/**
 * The schema version of a database: the known migration it was last migrated to. A migration
 * this build does not know means a later Assay migrated it, which this one cannot read safely.
 */
export async function schemaVersionOf(
  client: pg.ClientBase,
  known: KnownMigration[],
): Promise<KnownMigration | null> {
  const applied = await lastAppliedMigration(client);
  if (!applied) return null;
  const match = known.find((migration) => migration.createdAt === applied.createdAt);
  if (!match) {
    throw new BackupRefusedError(
      `The database was migrated by a later version of Assay (migration of ${new Date(applied.createdAt).toISOString()}, unknown to this one). Use that version.`,
    );
  }
  return match;
}

/**
 * Applies the known migrations after the database's last one, up to `lastIndex`, inside the
 * caller's transaction: the statements and the bookkeeping drizzle's migrator writes, so that a
 * later start sees them as applied. (drizzle's migrate() opens a transaction of its own, which
 * cannot nest in the restore's.)
 */
export async function applyMigrationsUpTo(
  client: pg.ClientBase,
  known: KnownMigration[],
  lastIndex: number,
): Promise<number> {
  await client.query('create schema if not exists "drizzle"');
  await client.query(`create table if not exists ${MIGRATIONS_TABLE} (
    id serial primary key,
    hash text not null,
    created_at bigint
  )`);
  const applied = await lastAppliedMigration(client);
  let count = 0;
  for (const migration of known.slice(0, lastIndex + 1)) {
    if (applied && applied.createdAt >= migration.createdAt) continue;
    for (const statement of migration.statements) await client.query(statement);
    await client.query(`insert into ${MIGRATIONS_TABLE} ("hash", "created_at") values ($1, $2)`, [
      migration.hash,
      migration.createdAt,
    ]);
    count++;
  }
  return count;
}
