import type { Readable } from 'node:stream';
import type pg from 'pg';
import { EXPORT_BATCH_SIZE, readInBatches, streamStartingWith } from './batched-reader';
import { CSV_BOM, csvRecord } from './csv';
import type { ExportDefinition } from './definitions';

/** The file as chunks: BOM and header with the first batch, then one chunk per batch. */
async function* csvChunks(
  pool: pg.Pool,
  definition: ExportDefinition,
  batchSize: number,
): AsyncGenerator<string> {
  let header = CSV_BOM + csvRecord(definition.headers);
  for await (const rows of readInBatches(pool, definition.query, batchSize)) {
    let chunk = header;
    for (const row of rows) chunk += csvRecord(definition.valuesOf(row));
    header = '';
    yield chunk;
  }
  // No rows at all: the file is still the header.
  if (header) yield header;
}

/**
 * Opens an export as a stream of CSV text. The cursor is opened and the first batch read before
 * this resolves, so a database failure becomes an ordinary error response rather than a cut file.
 */
export async function openCsvExport(
  pool: pg.Pool,
  definition: ExportDefinition,
  batchSize: number = EXPORT_BATCH_SIZE,
): Promise<Readable> {
  const chunks = csvChunks(pool, definition, batchSize);
  const first = await chunks.next();
  return streamStartingWith(first.done ? '' : first.value, chunks);
}
