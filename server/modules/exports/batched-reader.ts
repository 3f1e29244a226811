import type pg from 'pg';

/** Rows per FETCH: memory holds one batch at a time, whatever the size of the export. */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * The exports' reader before COPY (decision 0011), kept as the independent reference that the
 * COPY output is checked against byte for byte (copy-equivalence.test.ts reads the typed rows with
 * it and encodes them with csv.ts, as the exports did).
 *
 * Reads a query through a server-side cursor, `batchSize` rows at a time, inside one read-only
 * repeatable-read transaction on a pooled client of its own (so the export is one consistent
 * snapshot). Statements: BEGIN, DECLARE, floor(rows / batchSize) + 1 FETCH, then COMMIT.
 *
 * The client goes back to the pool when the rows run out, on an error, and when the consumer
 * stops early (`return()`, which Readable streams call when destroyed); a client whose
 * transaction could not be rolled back is discarded instead of reused.
 */
export async function* readInBatches<Row>(
  pool: pg.Pool,
  query: string,
  batchSize: number = EXPORT_BATCH_SIZE,
): AsyncGenerator<Row[], void, undefined> {
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError('batchSize must be >= 1');
  const client = await pool.connect();
  let finished = false;
  let broken = false;
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query(`declare export_rows no scroll cursor for ${query}`);
    for (;;) {
      const { rows } = await client.query<Row & pg.QueryResultRow>(
        `fetch forward ${batchSize} from export_rows`,
      );
      if (rows.length > 0) yield rows;
      if (rows.length < batchSize) break;
    }
    await client.query('commit');
    finished = true;
  } finally {
    if (!finished) {
      try {
        await client.query('rollback');
      } catch {
        broken = true;
      }
    }
    client.release(broken);
  }
}
