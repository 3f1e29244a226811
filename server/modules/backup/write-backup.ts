import { createHash } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupRefusedError,
  carriedRowsFilter,
  EXCLUDED_TABLES,
  type Manifest,
} from './archive-format';
import {
  type CatalogTable,
  listOwnedSequences,
  listTables,
  quoteIdentifier,
  quoteLiteral,
} from './database-catalog';
import { readKnownMigrations, schemaVersionOf, versionOf } from './schema-versions';

/** Rows per FETCH; a table with a bytea column (images, up to 1 MB each) fetches few at a time. */
const BATCH_ROWS = 1000;
const WIDE_BATCH_ROWS = 8;

export type OpenedBackup = {
  manifest: Manifest;
  /** The gzip'd archive; destroying it ends the transaction and gives the connection back. */
  stream: Readable;
};

/**
 * Opens a backup of the whole database as one consistent snapshot (a read-only repeatable-read
 * transaction on a pooled connection of its own): the manifest is read before this resolves, so
 * a failure becomes an ordinary error rather than a cut file; the rows follow as the stream is
 * read, a FETCH at a time, so memory stays flat whatever the size.
 */
export async function openBackup(
  pool: pg.Pool,
  options: { migrationsFolder?: string } = {},
): Promise<OpenedBackup> {
  const client = await pool.connect();
  let tables: CatalogTable[];
  let manifest: Manifest;
  try {
    await client.query('begin isolation level repeatable read read only');
    const version = await schemaVersionOf(client, readKnownMigrations(options.migrationsFolder));
    if (!version) {
      throw new BackupRefusedError(
        'The database has never been migrated: there is nothing to back up.',
      );
    }
    tables = await listTables(client);
    manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      schemaVersion: versionOf(version),
      tables: await withRowCounts(client, tables),
      sequences: await sequencePositions(client),
      excluded: [...EXCLUDED_TABLES],
    };
  } catch (error) {
    client.release(!(await rolledBack(client)));
    throw error;
  }
  const archive = withTrailer(rowLines(client, tables, manifest));
  const gzip = createGzip();
  // Destroying the gzip stream (a client that hangs up) destroys the source, which ends the
  // generators and so the transaction.
  pipeline(Readable.from(archive), gzip, () => {});
  return { manifest, stream: gzip };
}

async function withRowCounts(client: pg.ClientBase, tables: CatalogTable[]) {
  if (tables.length === 0) return [];
  const { rows } = await client.query<{ name: string; rows: number }>(
    tables
      .map(
        (table) =>
          `select ${quoteLiteral(table.name)} as name, count(*)::int as rows from ${quoteIdentifier(table.name)}${carriedRowsFilter(table.name)}`,
      )
      .join(' union all '),
  );
  const countOf = new Map(rows.map((row) => [row.name, row.rows]));
  return tables.map((table) => ({
    name: table.name,
    columns: table.columns,
    rows: countOf.get(table.name) ?? 0,
  }));
}

/**
 * Where each owned sequence stands. Sequences are not transactional, so this may be ahead of the
 * snapshot's rows, never behind them: a restored sequence never hands out a value in use.
 */
async function sequencePositions(client: pg.ClientBase): Promise<Manifest['sequences']> {
  const positions: Manifest['sequences'] = [];
  for (const owned of await listOwnedSequences(client)) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${owned.sequence}`,
    );
    positions.push({
      table: owned.table,
      column: owned.column,
      lastValue: rows[0]!.last_value,
      isCalled: rows[0]!.is_called,
    });
  }
  return positions;
}

/** The manifest, then each table's section line and rows, in load order; ends the transaction. */
async function* rowLines(
  client: pg.PoolClient,
  tables: CatalogTable[],
  manifest: Manifest,
): AsyncGenerator<string> {
  let finished = false;
  try {
    yield `${JSON.stringify(manifest)}\n`;
    for (const [index, table] of tables.entries()) {
      yield `${JSON.stringify({ table: table.name })}\n`;
      const written = yield* tableRows(client, table);
      // Impossible within one snapshot; checked so that a wrong count can never be written.
      if (written !== manifest.tables[index]!.rows) {
        throw new Error(
          `${table.name}: counted ${manifest.tables[index]!.rows} rows, read ${written}`,
        );
      }
    }
    await client.query('commit');
    finished = true;
  } finally {
    // A connection whose transaction could not be ended is discarded rather than reused.
    client.release(finished ? false : !(await rolledBack(client)));
  }
}

async function* tableRows(
  client: pg.ClientBase,
  table: CatalogTable,
): AsyncGenerator<string, number> {
  const columns = table.columns.map(quoteIdentifier).join(', ');
  const order = table.primaryKey.length
    ? ` order by ${table.primaryKey.map(quoteIdentifier).join(', ')}`
    : '';
  const { rows: wide } = await client.query<{ wide: boolean }>(
    `select exists (select 1 from pg_attribute
       where attrelid = $1::regclass and attnum > 0 and not attisdropped
         and atttypid = 'bytea'::regtype) as wide`,
    [quoteIdentifier(table.name)],
  );
  const batch = wide[0]!.wide ? WIDE_BATCH_ROWS : BATCH_ROWS;
  await client.query(
    `declare backup_rows no scroll cursor for
       select row_to_json(r)::text from (select ${columns} from ${quoteIdentifier(table.name)}${carriedRowsFilter(table.name)}${order}) r`,
  );
  let written = 0;
  for (;;) {
    const { rows } = await client.query<[string]>({
      text: `fetch forward ${batch} from backup_rows`,
      rowMode: 'array',
    });
    if (rows.length > 0) yield `${rows.map((row) => row[0]).join('\n')}\n`;
    written += rows.length;
    if (rows.length < batch) break;
  }
  await client.query('close backup_rows');
  return written;
}

/** The archive's bytes, then the trailer holding their SHA-256. */
async function* withTrailer(lines: AsyncGenerator<string>): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  for await (const text of lines) {
    const bytes = Buffer.from(text, 'utf8');
    hash.update(bytes);
    yield bytes;
  }
  yield Buffer.from(`${JSON.stringify({ end: BACKUP_FORMAT, sha256: hash.digest('hex') })}\n`);
}

async function rolledBack(client: pg.PoolClient): Promise<boolean> {
  try {
    await client.query('rollback');
    return true;
  } catch {
    return false;
  }
}
