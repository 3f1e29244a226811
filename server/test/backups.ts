import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { gunzipSync, gzipSync } from 'node:zlib';
import type pg from 'pg';
import { openBackup } from '../modules/backup/write-backup';

// Backup archives in tests: taking one whole, reading its lines, crafting altered ones, and what a
// database holds, read without the backup module's code.

export async function takeBackup(pool: pg.Pool): Promise<Buffer> {
  return buffer((await openBackup(pool)).stream);
}

/** An archive as a source the restore can open (and reopen). */
export const sourceOf = (archive: Buffer) => () => Readable.from([archive]);

/** The archive's lines, decompressed (without the final empty string). */
export function linesOf(archive: Buffer): string[] {
  return gunzipSync(archive).toString('utf8').split('\n').slice(0, -1);
}

/**
 * An archive rebuilt from `edit`ed lines (trailer excluded) with a correct trailer: a well-formed
 * archive whose contents the test chose, as a later or an earlier version might write it.
 */
export function craftArchive(archive: Buffer, edit: (lines: string[]) => string[]): Buffer {
  const lines = edit(linesOf(archive).slice(0, -1));
  const body = Buffer.from(lines.map((line) => `${line}\n`).join(''), 'utf8');
  const sha256 = createHash('sha256').update(body).digest('hex');
  const trailer = Buffer.from(`${JSON.stringify({ end: 'assay-backup', sha256 })}\n`);
  return gzipSync(Buffer.concat([body, trailer]));
}

/** The manifest line of an archive, parsed. */
export function manifestOf(archive: Buffer) {
  return JSON.parse(linesOf(archive)[0]!) as {
    schemaVersion: { index: number; tag: string; createdAt: number; hash: string };
    tables: Array<{ name: string; columns: string[]; rows: number }>;
    sequences: Array<{ table: string; column: string; lastValue: string; isCalled: boolean }>;
    excluded: string[];
    formatVersion: number;
  };
}

/**
 * Every table of schema public (sessions included) and its rows as PostgreSQL's record text,
 * sorted: two databases with equal contents give equal objects, whatever the row order.
 */
export async function contentsOf(pool: pg.Pool): Promise<Record<string, string[]>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const contents: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await pool.query<{ row: string }>(
      `select t::text as row from "${name}" t order by 1`,
    );
    contents[name] = rows.map((row) => row.row);
  }
  return contents;
}

/** The migrations a database records as applied, oldest first. */
export async function appliedMigrations(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ hash: string }>(
    'select hash from drizzle.__drizzle_migrations order by created_at',
  );
  return rows.map((row) => row.hash);
}
