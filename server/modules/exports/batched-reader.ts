import { Readable } from 'node:stream';
import type pg from 'pg';

/** Rows per FETCH: memory holds one batch at a time, whatever the size of the export. */
export const EXPORT_BATCH_SIZE = 1000;

/**
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

/**
 * A byte stream of an async generator's strings whose first chunk was already produced (so that
 * a failure to open the source became an ordinary error response before any header was sent).
 * Destroying the stream ends the generator, which runs its clean-up.
 */
export function streamStartingWith(first: string, rest: AsyncGenerator<string>): Readable {
  let head: string | null = first;
  return new Readable({
    async read() {
      try {
        if (head !== null) {
          const chunk = head;
          head = null;
          if (chunk !== '') {
            this.push(chunk, 'utf8');
            return;
          }
        }
        for (;;) {
          const next = await rest.next();
          if (next.done) {
            this.push(null);
            return;
          }
          // An empty string would push nothing and stall the stream; skip it.
          if (next.value !== '') {
            this.push(next.value, 'utf8');
            return;
          }
        }
      } catch (error) {
        this.destroy(error as Error);
      }
    },
    destroy(error, callback) {
      rest.return(undefined).then(
        () => callback(error),
        (closeError: Error) => callback(error ?? closeError),
      );
    },
  });
}
