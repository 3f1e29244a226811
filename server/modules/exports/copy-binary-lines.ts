/**
 * Reads `COPY (SELECT line ...) TO STDOUT WITH (FORMAT binary)` of a query with one text column
 * and hands back the columns' bytes, in order, as they arrive (decision 0011).
 *
 * The binary format frames every value with its byte length, so the text comes out exactly as
 * PostgreSQL sent it (UTF-8, the client encoding the driver sets): no escapes to undo, and no
 * scanning of the text itself. The stream is: an 11-byte signature, a 32-bit flags field, a 32-bit
 * header extension length and that many bytes; then per row a 16-bit field count (1 here) and
 * per field a 32-bit length (-1 for NULL) and the bytes; then a 16-bit -1 trailer.
 * (PostgreSQL documentation, COPY, "Binary Format".)
 */

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;
const EMPTY = Buffer.alloc(0);

type State = 'header' | 'extension' | 'count' | 'length' | 'value' | 'done';

export class CopyFormatError extends Error {}

export class CopyBinaryLines {
  #state: State = 'header';
  /** Bytes of a header or length that a chunk boundary cut, until the rest arrives. */
  #partial: Buffer = EMPTY;
  /** Bytes of the current extension or value still to come. */
  #remaining = 0;
  /** Rows whose value has been handed back whole. */
  rows = 0;

  /**
   * Appends to `pieces` the value bytes in `chunk` (slices of it, never copies) and answers how
   * many rows ended in it. Throws CopyFormatError on anything but the format above.
   */
  decode(chunk: Buffer, pieces: Buffer[]): number {
    const rowsBefore = this.rows;
    let offset = 0;
    while (offset < chunk.length) {
      if (this.#state === 'value' || this.#state === 'extension') {
        const end = Math.min(chunk.length, offset + this.#remaining);
        if (this.#state === 'value' && end > offset) pieces.push(chunk.subarray(offset, end));
        this.#remaining -= end - offset;
        offset = end;
        if (this.#remaining === 0) {
          if (this.#state === 'value') this.rows++;
          this.#state = 'count';
        }
        continue;
      }
      if (this.#state === 'done') throw new CopyFormatError('Data after the end of the COPY');
      const wanted = this.#state === 'header' ? HEADER_BYTES : this.#state === 'count' ? 2 : 4;
      const taken = Math.min(wanted - this.#partial.length, chunk.length - offset);
      const bytes =
        this.#partial.length === 0 && taken === wanted
          ? chunk.subarray(offset, offset + taken)
          : Buffer.concat([this.#partial, chunk.subarray(offset, offset + taken)]);
      offset += taken;
      if (bytes.length < wanted) {
        this.#partial = bytes;
        break;
      }
      this.#partial = EMPTY;
      this.#read(bytes);
    }
    return this.rows - rowsBefore;
  }

  /** Throws unless the trailer arrived: a COPY that ended early is an error, not a short file. */
  finish(): void {
    if (this.#state !== 'done') throw new CopyFormatError('The COPY ended before its trailer');
  }

  #read(bytes: Buffer): void {
    switch (this.#state) {
      case 'header': {
        if (!bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)) {
          throw new CopyFormatError('Not a binary COPY stream');
        }
        // Flags: bit 16 would mean OIDs are included, bits 17-31 are reserved; none is asked for.
        if (bytes.readUInt32BE(SIGNATURE.length) !== 0) {
          throw new CopyFormatError('Unexpected binary COPY flags');
        }
        this.#remaining = bytes.readUInt32BE(SIGNATURE.length + 4);
        this.#state = this.#remaining > 0 ? 'extension' : 'count';
        return;
      }
      case 'count': {
        const fields = bytes.readInt16BE(0);
        if (fields === -1) {
          this.#state = 'done';
          return;
        }
        if (fields !== 1) throw new CopyFormatError(`Expected 1 column, got ${fields}`);
        this.#state = 'length';
        return;
      }
      case 'length': {
        const length = bytes.readInt32BE(0);
        // The record query never answers NULL; one would be a defect, not an empty record.
        if (length < 0) throw new CopyFormatError('A record was NULL');
        this.#remaining = length;
        if (length === 0) {
          this.rows++;
          this.#state = 'count';
        } else {
          this.#state = 'value';
        }
        return;
      }
      default:
        throw new CopyFormatError(`Unexpected state ${this.#state}`);
    }
  }
}
