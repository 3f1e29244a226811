import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CsvDecimal, csvField, csvRecord, neutraliseFormula } from './csv';

describe('csvField', () => {
  it('writes plain text, numbers, decimals, dates and empty cells as they are', () => {
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField('')).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(3)).toBe('3');
    expect(csvField(2.5)).toBe('2.5');
    expect(csvField(new CsvDecimal('3.4000'))).toBe('3.4000');
    expect(csvField(new Date(Date.UTC(2024, 1, 29, 23, 5, 1, 7)))).toBe('2024-02-29T23:05:01.007Z');
  });

  it('quotes a field holding a quote, comma, CR or LF and doubles its quotes', () => {
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('line\r\nbreak')).toBe('"line\r\nbreak"');
    expect(csvField('lf\nonly')).toBe('"lf\nonly"');
    expect(csvField('cr\ronly')).toBe('"cr\ronly"');
    expect(csvField('"')).toBe('""""');
    expect(csvField('ünïcödé — 日本 🚀')).toBe('ünïcödé — 日本 🚀');
  });

  it('prefixes text that a spreadsheet would evaluate, then quotes when needed', () => {
    expect(csvField('=HYPERLINK("http://evil.test","x")')).toBe(
      `"'=HYPERLINK(""http://evil.test"",""x"")"`,
    );
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('\rcmd')).toBe(`"'\rcmd"`);
    // Only the first character matters.
    expect(csvField('a=1')).toBe('a=1');
    expect(csvField(' =1')).toBe(' =1');
    expect(neutraliseFormula("'already")).toBe("'already");
  });

  it('never prefixes numbers, decimals or dates', () => {
    expect(csvField(-2)).toBe('-2');
    expect(csvField(new CsvDecimal('-1.5000'))).toBe('-1.5000');
  });

  it('refuses values that are not what they claim to be', () => {
    expect(() => new CsvDecimal('=1+1')).toThrow(TypeError);
    expect(() => new CsvDecimal('')).toThrow(TypeError);
    expect(() => csvField(Number.NaN)).toThrow(TypeError);
    expect(() => csvField(Number.POSITIVE_INFINITY)).toThrow(TypeError);
  });
});

describe('csvRecord', () => {
  it('joins fields with commas and ends with CRLF', () => {
    expect(csvRecord(['a', 1, null, 'b'])).toBe('a,1,,b\r\n');
    expect(csvRecord([])).toBe('\r\n');
  });

  it('round-trips awkward text through an RFC 4180 parser', () => {
    const texts = [
      'He said "hi", then left',
      'multi\r\nline\nwith\rbreaks',
      'emoji 🚀 and accents éèü, CJK 日本語',
      ',',
      '""',
      'trailing space ',
    ];
    const text = csvRecord(texts) + csvRecord(['second', 'row', '', '', '', 'x']);
    const records = parse(text, { record_delimiter: '\r\n' }) as string[][];
    expect(records).toEqual([texts, ['second', 'row', '', '', '', 'x']]);
  });
});
