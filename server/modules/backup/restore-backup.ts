import type { Readable } from 'node:stream';
import type pg from 'pg';
import { MIGRATION_LOCK_KEY } from '../../db/migrate';
import {
  BackupArchiveError,
  BackupRefusedError,
  type Manifest,
  type SchemaVersion,
} from './archive-format';
import {
  dropAppSchema,
  listOwnedSequences,
  listTables,
  quoteIdentifier,
  tablesWithRows,
} from './database-catalog';
import { readArchive } from './read-archive';
import {
  applyMigrationsUpTo,
  type KnownMigration,
  readKnownMigrations,
  schemaVersionOf,
  versionOf,
} from './schema-versions';

export type RestoreOptions = {
  /** Replace a database that holds data (every table, type and function of schema public). */
  force?: boolean;
  migrationsFolder?: string;
};

export type RestoreSummary = {
  /** The schema version the archive was written at. */
  archiveVersion: SchemaVersion;
  /** The schema version of the database afterwards (the latest this build knows). */
  schemaVersion: SchemaVersion;
  /** Migrations applied after loading the rows (0 when the archive was of the latest version). */
  migratedForward: number;
  tables: number;
  rows: number;
  /** The tables that held rows before (only with `force`). */
  replaced: string[];
};

/**
 * Restores an archive into the database in one transaction: nothing is written unless all of it
 * is. The archive is read twice through `openArchive`: once to check it whole (damage, version)
 * before the database is touched, once to load it. The schema is built by the migrations up to
 * the archive's version, the rows loaded, the sequences set, then the later migrations applied.
 * Refuses a database holding data unless `force`, and an archive of a later version.
 */
export async function restoreBackup(
  pool: pg.Pool,
  openArchive: () => Readable,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const known = readKnownMigrations(options.migrationsFolder);
  const checked = await checkArchive(openArchive());
  const archiveMigration = migrationOf(checked.manifest, known);
  const latest = known.at(-1)!;

  const client = await pool.connect();
  let committed = false;
  let summary: RestoreSummary;
  try {
    await client.query('begin');
    // No instance migrates (nor another restore runs) meanwhile.
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    // Refuses a database that a later version migrated.
    await schemaVersionOf(client, known);
    const replaced = await tablesWithRows(client);
    if (replaced.length > 0 && !options.force) {
      throw new BackupRefusedError(
        `The database is not empty (${replaced.join(', ')} hold rows). Restore into an empty database, or pass --force to replace everything in it.`,
      );
    }
    await dropAppSchema(client);
    await applyMigrationsUpTo(client, known, archiveMigration.index);
    await expectArchiveTables(client, checked.manifest, archiveMigration);
    const rows = await loadRows(client, openArchive(), checked.text);
    await setSequences(client, checked.manifest);
    const migratedForward = await applyMigrationsUpTo(client, known, latest.index);
    await client.query('commit');
    committed = true;
    summary = {
      archiveVersion: checked.manifest.schemaVersion,
      schemaVersion: versionOf(latest),
      migratedForward,
      tables: checked.manifest.tables.length,
      rows,
      replaced,
    };
  } finally {
    let broken = false;
    if (!committed) {
      try {
        await client.query('rollback');
      } catch {
        broken = true;
      }
    }
    client.release(broken);
  }
  // Fresh planner statistics, as a database loaded in one go has none until autovacuum looks;
  // the restore stands without them.
  await pool.query('analyze').catch(() => {});
  return summary;
}

/** Reads the whole archive once, checking it; answers its manifest (and the manifest's text). */
async function checkArchive(input: Readable): Promise<{ manifest: Manifest; text: string }> {
  let found: { manifest: Manifest; text: string } | null = null;
  for await (const item of readArchive(input)) {
    if (item.kind === 'manifest') found = { manifest: item.manifest, text: item.text };
  }
  return found!;
}

/** The known migration the archive was written at; a later or unknown one is refused. */
function migrationOf(manifest: Manifest, known: KnownMigration[]): KnownMigration {
  const { schemaVersion } = manifest;
  const match = known.find((migration) => migration.createdAt === schemaVersion.createdAt);
  const latest = known.at(-1)!;
  if (!match) {
    throw new BackupArchiveError(
      schemaVersion.createdAt > latest.createdAt
        ? `The archive was written by a later version of Assay (schema ${schemaVersion.tag}; this version knows schemas up to ${latest.tag}). Restore it with that version or a later one.`
        : `The archive's schema ${schemaVersion.tag} is not one of this version's migrations.`,
    );
  }
  if (match.tag !== schemaVersion.tag || match.hash !== schemaVersion.hash) {
    throw new BackupArchiveError(
      `The archive's schema ${schemaVersion.tag} differs from this version's migration ${match.tag} of the same date.`,
    );
  }
  return match;
}

/** The tables built by the migrations must be the archive's, column for column. */
async function expectArchiveTables(
  client: pg.ClientBase,
  manifest: Manifest,
  migration: KnownMigration,
) {
  const built = new Map((await listTables(client)).map((table) => [table.name, table.columns]));
  const differences: string[] = [];
  for (const table of manifest.tables) {
    const columns = built.get(table.name);
    if (!columns) differences.push(`${table.name} is not a table of that schema`);
    else if ([...columns].sort().join() !== [...table.columns].sort().join()) {
      differences.push(`${table.name} has other columns`);
    }
    built.delete(table.name);
  }
  for (const name of built.keys()) differences.push(`${name} is missing from the archive`);
  if (differences.length > 0) {
    throw new BackupArchiveError(
      `The archive does not match schema ${migration.tag}: ${differences.join('; ')}.`,
    );
  }
}

/** Loads every row of the archive (read a second time), answering how many. */
async function loadRows(
  client: pg.ClientBase,
  input: Readable,
  manifestText: string,
): Promise<number> {
  let columnsOf = new Map<string, string>();
  let loaded = 0;
  for await (const item of readArchive(input)) {
    if (item.kind === 'manifest') {
      if (item.text !== manifestText) {
        throw new BackupArchiveError('The archive changed while it was being restored.');
      }
      columnsOf = new Map(
        item.manifest.tables.map((table) => [
          table.name,
          table.columns.map(quoteIdentifier).join(', '),
        ]),
      );
      continue;
    }
    const columns = columnsOf.get(item.table)!;
    const table = quoteIdentifier(item.table);
    // PostgreSQL reads its own JSON back through the table's row type: every value exactly.
    const result = await client.query(
      `insert into ${table} (${columns}) overriding system value
         select ${columns} from json_populate_recordset(null::${table}, $1::json)`,
      [`[${item.lines.join(',')}]`],
    );
    if (result.rowCount !== item.lines.length) {
      throw new BackupArchiveError(`The archive's rows of ${item.table} could not all be loaded.`);
    }
    loaded += item.lines.length;
  }
  return loaded;
}

/**
 * Puts each owned sequence where the archive says it stood, and never below the greatest value in
 * its column, so that the next row gets a value not in use.
 */
async function setSequences(client: pg.ClientBase, manifest: Manifest) {
  for (const owned of await listOwnedSequences(client)) {
    const archived = manifest.sequences.find(
      (entry) => entry.table === owned.table && entry.column === owned.column,
    );
    const { rows } = await client.query<{ highest: string | null }>(
      `select max(${quoteIdentifier(owned.column)})::text as highest from ${quoteIdentifier(owned.table)}`,
    );
    const highest = rows[0]!.highest === null ? null : BigInt(rows[0]!.highest);
    if (archived && (highest === null || BigInt(archived.lastValue) >= highest)) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        owned.sequence,
        archived.lastValue,
        archived.isCalled,
      ]);
    } else if (highest !== null) {
      await client.query('select setval($1::regclass, $2::bigint, true)', [
        owned.sequence,
        highest.toString(),
      ]);
    }
  }
}
