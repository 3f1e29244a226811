import { Readable } from 'node:stream';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/** What a COPY's data becomes on its way out: pieces of the response, in order. */
export type CopyOutTransform = {
  /** The pieces for one chunk of COPY data (may be none). Throwing fails the stream. */
  transform: (chunk: Buffer) => Buffer[];
  /** The pieces after the last chunk. Throwing (data cut short) fails the stream. */
  finish: () => Buffer[];
};

const PASS_THROUGH: CopyOutTransform = { transform: (chunk) => [chunk], finish: () => [] };

const ignoreClientError = () => {};

/**
 * The output of one `COPY ... TO STDOUT` on a pooled client of its own. pg-copy-streams reads the
 * socket only while this stream is read, so a slow reader holds PostgreSQL back instead of
 * filling memory.
 *
 * The client goes back to the pool when the COPY ends or fails (an SQL error leaves the
 * connection usable; a lost one is discarded by the pool). When the reader stops early (destroy:
 * the HTTP client hung up), the connection is closed instead: a COPY cannot be stopped half-way
 * on a connection that is kept, and PostgreSQL ends the statement as soon as it cannot send.
 */
class CopyOutStream extends Readable {
  readonly opened: Promise<void>;
  #client: pg.PoolClient;
  #copy: Readable;
  #shape: CopyOutTransform;
  #released = false;
  #isOpen = false;
  #settleOpen: (error?: Error) => void = () => {};

  constructor(client: pg.PoolClient, sql: string, shape: CopyOutTransform) {
    // Not destroyed at its end: the data can all be in memory at once, and a reader that takes
    // one chunk and then stops (destroy) must still see the stream close as it asked.
    super({ autoDestroy: false });
    this.#client = client;
    this.#shape = shape;
    this.opened = new Promise((resolve, reject) => {
      this.#settleOpen = (error) => {
        if (this.#isOpen) return;
        this.#isOpen = true;
        if (error) reject(error);
        else resolve();
      };
    });
    // A connection lost mid-COPY makes the client emit 'error' before the COPY hears of it; the
    // COPY's own error then ends the stream, so the client's needs a listener while it is held.
    client.on('error', ignoreClientError);
    this.#copy = client.query(copyTo(sql));
    this.#copy.on('data', (chunk: Buffer) => this.#onData(chunk));
    this.#copy.on('end', () => this.#onEnd());
    // Always listened to: after an early stop, closing the connection fails the COPY once more.
    this.#copy.on('error', (error: Error) => this.#onError(error));
  }

  #onData(chunk: Buffer): void {
    if (this.destroyed) return;
    let pieces: Buffer[];
    try {
      pieces = this.#shape.transform(chunk);
    } catch (error) {
      this.destroy(error as Error);
      return;
    }
    this.#pushAll(pieces);
  }

  #onEnd(): void {
    if (this.destroyed) return;
    let pieces: Buffer[];
    try {
      pieces = this.#shape.finish();
    } catch (error) {
      this.destroy(error as Error);
      return;
    }
    this.#release(false);
    this.#pushAll(pieces);
    this.#settleOpen();
    this.push(null);
  }

  #onError(error: Error): void {
    if (this.#released) return;
    this.#release(false);
    this.destroy(error);
  }

  #pushAll(pieces: Buffer[]): void {
    if (pieces.length === 0) return;
    let wantsMore = true;
    for (const piece of pieces) wantsMore = this.push(piece);
    // Open once data is there: a query that fails on its first row fails before any header.
    this.#settleOpen();
    if (!wantsMore) this.#copy.pause();
  }

  override _read(): void {
    this.#copy.resume();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // Still running: the reader stopped early, or the data could not be read.
    if (!this.#released) this.#release(true);
    this.#settleOpen(error ?? new Error('The COPY was closed before its first data'));
    callback(error);
  }

  #release(closeConnection: boolean): void {
    if (this.#released) return;
    this.#released = true;
    this.#copy.pause();
    this.#client.off('error', ignoreClientError);
    // release(true) ends the client; with the COPY still active pg destroys the socket.
    this.#client.release(closeConnection || undefined);
  }
}

/**
 * Starts `sql` (a `COPY ... TO STDOUT`) and answers its data, shaped by `shape`, once the first
 * piece (or the end) is there, so that a query failing at once is an ordinary error response
 * rather than a cut file.
 */
export async function openCopyOut(
  pool: pg.Pool,
  sql: string,
  shape: CopyOutTransform = PASS_THROUGH,
): Promise<Readable> {
  const client = await pool.connect();
  let stream: CopyOutStream;
  try {
    stream = new CopyOutStream(client, sql, shape);
  } catch (error) {
    client.off('error', ignoreClientError);
    client.release(true);
    throw error;
  }
  // Until it opens nobody listens to the stream: a failure to open is the rejection instead.
  const ignore = () => {};
  stream.on('error', ignore);
  await stream.opened;
  stream.off('error', ignore);
  return stream;
}
