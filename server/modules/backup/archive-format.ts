import { z } from 'zod';

/**
 * The backup archive (decision 0016): a gzip stream of UTF-8 lines.
 *
 *   line 1            the manifest: format, schema version, tables in load order with their
 *                     columns and row counts, sequence positions
 *   per table         a section line {"table": name}, then exactly `rows` lines, each one row
 *                     as PostgreSQL's row_to_json wrote it
 *   last line         the trailer {"end": "assay-backup", "sha256": hex}: the SHA-256 of every
 *                     byte before it (after decompression), so that damage anywhere is detected
 *
 * Rows stay PostgreSQL's own JSON text end to end (never parsed by the app), so every type comes
 * back exactly: numeric scale, timestamps to the microsecond, bytea, arrays, jsonb.
 */
export const BACKUP_FORMAT = 'assay-backup';
/** Raised when the layout changes; an archive of a later layout is refused, not guessed at. */
export const BACKUP_FORMAT_VERSION = 1;

/** Left out of every backup: sessions are credentials of the running installation. */
export const EXCLUDED_TABLES: readonly string[] = ['session'];

/**
 * Rows left out of the tables a backup carries, as a SQL condition on the table's rows: the
 * cookie secret the instances share (decision 0015) signs this installation's sessions, and a
 * restored installation generates its own rather than inheriting one from an archive file.
 */
export const EXCLUDED_ROWS: Readonly<Record<string, string>> = {
  settings: "key <> 'session_secret'",
};

/** ` where <condition>` for a table whose rows are partly left out, else ''. */
export function carriedRowsFilter(table: string): string {
  const condition = EXCLUDED_ROWS[table];
  return condition ? ` where ${condition}` : '';
}

const identifierSchema = z.string().min(1).max(63);

export const schemaVersionSchema = z.object({
  /** Position in the migrations journal (server/db/migrations/meta/_journal.json). */
  index: z.number().int().min(0),
  /** The migration's tag, e.g. "0003_auth_change_notify". */
  tag: z.string().min(1),
  /** The journal's `when`, which drizzle records as `created_at` of an applied migration. */
  createdAt: z.number().int(),
  /** SHA-256 of the migration's SQL file, as drizzle records it. */
  hash: z.string().min(1),
});
export type SchemaVersion = z.infer<typeof schemaVersionSchema>;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().min(1),
  createdAt: z.string(),
  schemaVersion: schemaVersionSchema,
  tables: z.array(
    z.object({
      name: identifierSchema,
      columns: z.array(identifierSchema).min(1),
      rows: z.number().int().min(0),
    }),
  ),
  /** Owned sequences (serial and identity columns) and where they stood. */
  sequences: z.array(
    z.object({
      table: identifierSchema,
      column: identifierSchema,
      lastValue: z.string().regex(/^-?\d+$/),
      isCalled: z.boolean(),
    }),
  ),
  excluded: z.array(identifierSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const sectionSchema = z.strictObject({ table: identifierSchema });

export const trailerSchema = z.strictObject({
  end: z.literal(BACKUP_FORMAT),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** An archive that cannot be restored: damaged, of another version, or not a backup at all. */
export class BackupArchiveError extends Error {}

/** A database that a backup or a restore must not touch, with the reason for the operator. */
export class BackupRefusedError extends Error {}
