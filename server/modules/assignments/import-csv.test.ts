import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HEADER_MESSAGE, parseAssignmentsCsv } from './import-csv';

describe('parseAssignmentsCsv', () => {
  it('reads the header in any case, CRLF or LF, quoted fields, a BOM, and skips blank lines', () => {
    const csv =
      '\uFEFFEmail,NUMBER\r\nann@example.test,3\r\n\r\n"bob@example.test","12"\nc@x.test , 7 \n';
    expect(parseAssignmentsCsv(csv)).toEqual({
      rows: [
        { line: 2, email: 'ann@example.test', number: 3 },
        { line: 4, email: 'bob@example.test', number: 12 },
        { line: 5, email: 'c@x.test', number: 7 },
      ],
      errors: [],
    });
  });

  it('reports each malformed line with its number, and a wrong header alone', () => {
    const csv =
      'email,number\nann@example.test\nbob@example.test,1.5\n,4\nc@x.test,0\nd@x.test,2,extra\ne@x.test,9';
    const { rows, errors } = parseAssignmentsCsv(csv);
    expect(rows).toEqual([{ line: 7, email: 'e@x.test', number: 9 }]);
    expect(errors.map((e) => e.line)).toEqual([2, 3, 4, 5, 6]);
    expect(errors[1]).toEqual({
      line: 3,
      email: 'bob@example.test',
      number: '1.5',
      message: 'Line 3: the opportunity number must be a positive whole number',
    });
    expect(errors[0]!.message).toBe('Line 2: expected a reviewer email and an opportunity number');

    for (const bad of ['number,email\na,1', 'mail,number\n', 'email;number\na;1', '']) {
      const parsed = parseAssignmentsCsv(bad);
      expect(parsed.rows).toEqual([]);
      expect(parsed.errors).toEqual([
        expect.objectContaining({ line: 1, message: HEADER_MESSAGE }),
      ]);
    }
  });

  it('counts lines inside a quoted field that holds a line break', () => {
    const csv = 'email,number\n"a\nb@x.test",1\nc@x.test,2';
    const { rows } = parseAssignmentsCsv(csv);
    expect(rows.at(-1)).toEqual({ line: 4, email: 'c@x.test', number: 2 });
  });

  it('reads back any list of pairs written as CSV (a round trip)', () => {
    const email = fc
      .tuple(fc.stringMatching(/^[a-z0-9.,"+_-]{1,12}$/), fc.stringMatching(/^[a-z]{1,8}$/))
      .map(([local, domain]) => `${local}@${domain}.test`);
    fc.assert(
      fc.property(fc.array(fc.tuple(email, fc.integer({ min: 1, max: 99999 }))), (pairs) => {
        const quote = (value: string) =>
          /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
        const csv = ['email,number', ...pairs.map(([e, n]) => `${quote(e)},${n}`)].join('\r\n');
        expect(parseAssignmentsCsv(csv)).toEqual({
          rows: pairs.map(([e, n], i) => ({ line: i + 2, email: e, number: n })),
          errors: [],
        });
      }),
    );
  });
});
