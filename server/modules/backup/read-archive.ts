import { createHash } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { z } from 'zod';
import {
  BACKUP_FORMAT_VERSION,
  BackupArchiveError,
  type Manifest,
  manifestSchema,
  sectionSchema,
  trailerSchema,
} from './archive-format';

export type ArchiveItem =
  | { kind: 'manifest'; manifest: Manifest; text: string }
  | { kind: 'rows'; table: string; lines: string[] };

/** A batch of rows is handed over at this many rows or bytes, whichever comes first. */
const BATCH_ROWS = 1000;
const BATCH_BYTES = 8 * 1024 * 1024;
/** Far above any row the app stores (an image is at most 1 MB, 2 MB as hex): a file without
 * line breaks is damaged, and must not be read into memory whole. */
const MAX_LINE_BYTES = 64 * 1024 * 1024;

const damaged = (why: string) => new BackupArchiveError(`The archive is damaged: ${why}.`);

/**
 * Reads an archive (decision 0016), checking everything as it goes: the gzip stream's own CRC and
 * length, the manifest, each section's table and row count, the trailer and the SHA-256 of all
 * that precedes it. Yields the manifest, then the rows in batches; an archive that is damaged,
 * cut short or of a later format throws BackupArchiveError (after the batches read so far, so
 * a caller loading them must do it in a transaction it can roll back).
 */
export async function* readArchive(input: Readable): AsyncGenerator<ArchiveItem> {
  const gunzip = createGunzip();
  pipeline(input, gunzip, () => {});
  const hash = createHash('sha256');
  let manifest: Manifest | null = null;
  let tableIndex = -1;
  let remaining = 0;
  let batch: string[] = [];
  let batchBytes = 0;
  // Widened on purpose: the line handler below moves it on, which TypeScript's narrowing misses.
  let state = 'manifest' as 'manifest' | 'section' | 'rows' | 'trailer' | 'done';

  const flush = (): ArchiveItem | null => {
    if (batch.length === 0) return null;
    const item: ArchiveItem = {
      kind: 'rows',
      table: manifest!.tables[tableIndex]!.name,
      lines: batch,
    };
    batch = [];
    batchBytes = 0;
    return item;
  };
  const nextSection = () => {
    tableIndex++;
    state = tableIndex < manifest!.tables.length ? 'section' : 'trailer';
  };

  /** One complete line (without its newline); answers an item to yield, if any. */
  const take = (line: Buffer): ArchiveItem | null => {
    if (state === 'done') throw damaged('there is data after its end');
    if (state === 'trailer') {
      const trailer = parseLine(line, trailerSchema, 'its end');
      if (trailer.sha256 !== hash.digest('hex'))
        throw damaged('its checksum does not match its contents');
      state = 'done';
      return null;
    }
    hash.update(line);
    hash.update('\n');
    if (state === 'manifest') {
      const text = line.toString('utf8');
      manifest = parseManifest(text);
      nextSection();
      return { kind: 'manifest', manifest, text };
    }
    const table = manifest!.tables[tableIndex]!;
    if (state === 'section') {
      const section = parseLine(line, sectionSchema, `the start of table ${table.name}`);
      if (section.table !== table.name) {
        throw damaged(`table ${section.table} comes where the manifest lists ${table.name}`);
      }
      remaining = table.rows;
      if (remaining === 0) nextSection();
      else state = 'rows';
      return null;
    }
    // A row: PostgreSQL's JSON of one record, parsed by PostgreSQL when it is loaded.
    if (line[0] !== 0x7b /* { */) throw damaged(`a row of ${table.name} is not a JSON object`);
    batch.push(line.toString('utf8'));
    batchBytes += line.length;
    remaining--;
    if (remaining === 0) {
      const item = flush();
      nextSection();
      return item;
    }
    return batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES ? flush() : null;
  };

  let pending: Buffer[] = [];
  let pendingBytes = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let start = 0;
      for (;;) {
        const newline = chunk.indexOf(0x0a, start);
        if (newline < 0) break;
        const piece = chunk.subarray(start, newline);
        const line = pending.length > 0 ? Buffer.concat([...pending, piece]) : piece;
        pending = [];
        pendingBytes = 0;
        start = newline + 1;
        const item = take(line);
        if (item) yield item;
      }
      if (start < chunk.length) {
        pending.push(chunk.subarray(start));
        pendingBytes += chunk.length - start;
        if (pendingBytes > MAX_LINE_BYTES) throw damaged('it holds a line longer than any row');
      }
    }
  } catch (error) {
    const reason = zlibReason(error);
    throw reason ? damaged(reason) : error;
  } finally {
    gunzip.destroy();
    input.destroy();
  }
  if (pendingBytes > 0) throw damaged('it ends in the middle of a line (cut short)');
  if (state !== 'done') {
    throw damaged(
      state === 'manifest' ? 'it is empty' : 'it ends before its last line (cut short)',
    );
  }
}

function parseManifest(text: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new BackupArchiveError('This is not an Assay backup: its first line is not a manifest.');
  }
  const format = (raw as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format !== 'assay-backup') {
    throw new BackupArchiveError('This is not an Assay backup: its first line is not a manifest.');
  }
  if (typeof format.formatVersion === 'number' && format.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupArchiveError(
      `The archive was written by a later version of Assay (archive format ${format.formatVersion}; this version reads format ${BACKUP_FORMAT_VERSION}). Restore it with that version or a later one.`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw damaged('its manifest is incomplete');
  const names = parsed.data.tables.map((table) => table.name);
  if (new Set(names).size !== names.length) throw damaged('its manifest lists a table twice');
  return parsed.data;
}

function parseLine<T>(line: Buffer, schema: z.ZodType<T>, what: string): T {
  let raw: unknown;
  try {
    raw = JSON.parse(line.toString('utf8'));
  } catch {
    throw damaged(`${what} is not readable`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw damaged(`${what} is not where it should be`);
  return parsed.data;
}

/**
 * What zlib said, in the operator's words (a gzip stream cut short, corrupted, or no gzip at
 * all); null for any other error (say the file could not be read), which is passed on as it is.
 */
function zlibReason(error: unknown): string | null {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code === 'Z_BUF_ERROR' || message === 'unexpected end of file') {
    return 'it ends early (cut short)';
  }
  if (code === 'Z_DATA_ERROR') {
    return message === 'incorrect header check'
      ? 'it is not a gzip file'
      : `its compressed data is corrupt (${message})`;
  }
  return typeof code === 'string' && code.startsWith('Z_') ? `${message} (${code})` : null;
}
