/**
 * RFC 4180 CSV encoding (CONTRACT.md "Exports"), pure so that it is tested on its own.
 *
 * - Records end with CRLF; a field is quoted when it holds `"`, `,`, CR or LF, with `"` doubled.
 * - A text cell starting with `=`, `+`, `-`, `@`, tab or CR gets a leading `'` so that no
 *   spreadsheet evaluates it as a formula. Numbers, decimals and dates are not text cells.
 * - A file starts with a UTF-8 byte order mark: Excel reads a CSV without one in the local
 *   ANSI code page and garbles every non-ASCII name; other readers skip it.
 */

export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

/** A text cell starting with one of these is prefixed with `'` (csv-sql.ts writes the same rule). */
export const FORMULA_START_CHARACTERS = ['=', '+', '-', '@', '\t', '\r'] as const;
/** A field holding one of these is quoted (csv-sql.ts writes the same rule). */
export const QUOTED_CHARACTERS = ['"', ',', '\r', '\n'] as const;

const characterClass = (characters: readonly string[]) =>
  characters.map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const FORMULA_START = new RegExp(`^[${characterClass(FORMULA_START_CHARACTERS)}]`);
const NEEDS_QUOTES = new RegExp(`[${characterClass(QUOTED_CHARACTERS)}]`);
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** A number already formatted as text by the database (numeric(10,4) such as "3.4000"). */
export class CsvDecimal {
  readonly text: string;

  constructor(text: string) {
    if (!DECIMAL_TEXT.test(text)) throw new TypeError(`Not a decimal: ${JSON.stringify(text)}`);
    this.text = text;
  }
}

/** Strings are text cells; null and undefined are empty cells; dates are ISO 8601 UTC. */
export type CsvValue = string | number | Date | CsvDecimal | null | undefined;

/** Prefixes a text cell that a spreadsheet would read as a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function quoteIfNeeded(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return quoteIfNeeded(neutraliseFormula(value));
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`Not a finite number: ${value}`);
    return String(value);
  }
  if (value instanceof Date) return value.toISOString();
  return value.text;
}

/** One record, CRLF included. */
export function csvRecord(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',') + CSV_LINE_END;
}
