import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CopyBinaryLines, CopyFormatError } from './copy-binary-lines';

// An independent writer of the binary COPY format (PostgreSQL documentation, COPY, "Binary
// Format"), for one text column; the database's own output is checked in copy-equivalence.test.ts.
const SIGNATURE = Buffer.from([0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]);

function int16(value: number) {
  const bytes = Buffer.alloc(2);
  bytes.writeInt16BE(value);
  return bytes;
}

function int32(value: number) {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  return bytes;
}

function binaryCopy(lines: readonly string[], { extension = Buffer.alloc(0), flags = 0 } = {}) {
  return Buffer.concat([
    SIGNATURE,
    int32(flags),
    int32(extension.length),
    extension,
    ...lines.flatMap((line) => {
      const bytes = Buffer.from(line, 'utf8');
      return [int16(1), int32(bytes.length), bytes];
    }),
    int16(-1),
  ]);
}

/** Feeds `data` cut at `cuts` and answers the bytes and row count that came out. */
function decodeInPieces(data: Buffer, cuts: readonly number[]) {
  const decoder = new CopyBinaryLines();
  const pieces: Buffer[] = [];
  let rows = 0;
  const points = [...new Set([0, ...cuts, data.length])].sort((a, b) => a - b);
  for (let i = 1; i < points.length; i++) {
    rows += decoder.decode(data.subarray(points[i - 1], points[i]), pieces);
  }
  decoder.finish();
  return { text: Buffer.concat(pieces).toString('utf8'), rows, decoderRows: decoder.rows };
}

const awkwardUnit = fc.oneof(
  fc.constantFrom(
    '"',
    ',',
    '\r',
    '\n',
    '\r\n',
    '=',
    '\t',
    '\\',
    'é',
    '日本',
    '🚀',
    '\xff',
    'PGCOPY',
  ),
  fc.string({ minLength: 0, maxLength: 3 }),
);
const lineArbitrary = fc.string({ unit: awkwardUnit, maxLength: 40 });

describe('CopyBinaryLines', () => {
  it('answers each value as it is, whatever the chunk boundaries', () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { maxLength: 30 }),
        fc.array(fc.nat({ max: 4000 }), { maxLength: 12 }),
        fc.uint8Array({ maxLength: 6 }),
        (lines, rawCuts, extension) => {
          const data = binaryCopy(lines, { extension: Buffer.from(extension) });
          const cuts = rawCuts.map((cut) => cut % (data.length + 1));
          const { text, rows, decoderRows } = decodeInPieces(data, cuts);
          expect(text).toBe(lines.join(''));
          expect(rows).toBe(lines.length);
          expect(decoderRows).toBe(lines.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads a stream cut into single bytes, and one with no rows', () => {
    const lines = ['a,b\r\n', '', '"q"\r\n'];
    const data = binaryCopy(lines);
    const everyByte = Array.from({ length: data.length }, (_, i) => i);
    expect(decodeInPieces(data, everyByte)).toEqual({
      text: lines.join(''),
      rows: 3,
      decoderRows: 3,
    });
    expect(decodeInPieces(binaryCopy([]), [])).toEqual({ text: '', rows: 0, decoderRows: 0 });
  });

  it('hands back slices of the chunk, not copies', () => {
    const data = binaryCopy(['one\r\n', 'two\r\n']);
    const pieces: Buffer[] = [];
    new CopyBinaryLines().decode(data, pieces);
    expect(pieces.map((piece) => piece.buffer === data.buffer)).toEqual([true, true]);
  });

  it('refuses anything but one non-null text column framed as documented', () => {
    const decode = (data: Buffer) => {
      const decoder = new CopyBinaryLines();
      decoder.decode(data, []);
      decoder.finish();
    };
    const good = binaryCopy(['x']);
    const wrongSignature = Buffer.from(good);
    wrongSignature[0] = 0x51;
    expect(() => decode(wrongSignature)).toThrow(CopyFormatError);
    expect(() => decode(binaryCopy(['x'], { flags: 1 << 16 }))).toThrow(/flags/);
    const twoColumns = Buffer.concat([
      good.subarray(0, 19),
      int16(2),
      int32(0),
      int32(0),
      int16(-1),
    ]);
    expect(() => decode(twoColumns)).toThrow(/1 column, got 2/);
    const nullValue = Buffer.concat([good.subarray(0, 19), int16(1), int32(-1), int16(-1)]);
    expect(() => decode(nullValue)).toThrow(/NULL/);
    expect(() => decode(good.subarray(0, good.length - 2))).toThrow(/ended before its trailer/);
    expect(() => decode(good.subarray(0, 10))).toThrow(/ended before its trailer/);
    expect(() => decode(Buffer.concat([good, Buffer.from([0])]))).toThrow(/after the end/);
    expect(() => decode(good)).not.toThrow();
  });
});
