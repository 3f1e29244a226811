import type { Readable } from 'node:stream';
import type pg from 'pg';
import { CopyBinaryLines } from './copy-binary-lines';
import { openCopyOut } from './copy-out';
import { CSV_BOM, csvRecord } from './csv';
import type { ExportDefinition } from './export-definition';

/**
 * Records per chunk handed to the response at most: one socket read from PostgreSQL can carry
 * hundreds of them, and bounded chunks keep each write, and what a slow client holds, small.
 */
export const EXPORT_ROWS_PER_CHUNK = 1000;

/**
 * Opens an export as a stream of CSV bytes: the BOM and header row (csv.ts), then the records that
 * PostgreSQL builds (the definition's query) streamed by `COPY ... TO STDOUT (FORMAT binary)`,
 * whose framing gives each record's bytes as they are (copy-binary-lines.ts; decision 0011).
 * Resolves once the first records (or the end) arrived, so a database failure becomes an ordinary
 * error response rather than a cut file.
 */
export async function openCsvExport(
  pool: pg.Pool,
  definition: ExportDefinition,
  rowsPerChunk: number = EXPORT_ROWS_PER_CHUNK,
): Promise<Readable> {
  if (!Number.isInteger(rowsPerChunk) || rowsPerChunk < 1) {
    throw new RangeError('rowsPerChunk must be >= 1');
  }
  const lines = new CopyBinaryLines();
  let head: Buffer | null = Buffer.from(CSV_BOM + csvRecord(definition.headers), 'utf8');
  /** Groups pieces (a record each, or part of one at a chunk's edges), the header first. */
  const chunksOf = (pieces: Buffer[]): Buffer[] => {
    if (head) {
      pieces.unshift(head);
      head = null;
    }
    const chunks: Buffer[] = [];
    for (let start = 0; start < pieces.length; start += rowsPerChunk) {
      chunks.push(Buffer.concat(pieces.slice(start, start + rowsPerChunk)));
    }
    return chunks;
  };
  return openCopyOut(pool, `copy (${definition.query}) to stdout with (format binary)`, {
    transform(chunk) {
      const pieces: Buffer[] = [];
      lines.decode(chunk, pieces);
      return pieces.length > 0 ? chunksOf(pieces) : [];
    },
    finish() {
      lines.finish();
      // No records at all: the file is the header alone.
      return chunksOf([]);
    },
  });
}
