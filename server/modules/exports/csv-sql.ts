import { CSV_LINE_END, FORMULA_START_CHARACTERS, QUOTED_CHARACTERS } from './csv';

/**
 * The rules of csv.ts written as SQL expressions, so that PostgreSQL builds each CSV record and
 * COPY streams it (decision 0011). Every function takes an SQL expression and answers an
 * expression of type text that is never NULL (a NULL value is an empty cell). csv.ts stays the
 * reference: copy-equivalence.test.ts checks these against it on hostile values.
 *
 * The expressions are written into the export queries, never built from input.
 */

/** A string constant as an SQL literal (E'' so that CR, LF and tab are written as escapes). */
function literal(text: string): string {
  const escaped = text
    .replaceAll('\\', '\\\\')
    .replaceAll("'", "\\'")
    .replaceAll('\r', '\\r')
    .replaceAll('\n', '\\n')
    .replaceAll('\t', '\\t');
  return `E'${escaped}'`;
}

/** Code points for `ascii()`, which answers the first character's (0 for an empty string). */
const FORMULA_START_CODES = FORMULA_START_CHARACTERS.map((c) => c.codePointAt(0)).join(', ');

/**
 * A text cell: NULL is empty; a formula start gets a leading `'`; a value holding a quote, comma,
 * CR or LF is quoted with its quotes doubled. strpos is the cheapest test PostgreSQL has for a
 * character (a regular expression or translate() costs more per row).
 */
export function csvTextSql(expression: string): string {
  const value = `(${expression})::text`;
  const neutralised = `(case when ascii(${value}) in (${FORMULA_START_CODES}) then '''' || ${value} else ${value} end)`;
  const needsQuotes = QUOTED_CHARACTERS.map((c) => `strpos(${value}, ${literal(c)}) > 0`).join(
    ' or ',
  );
  return (
    `(case when ${value} is null then '' when ${needsQuotes} ` +
    `then '"' || replace(${neutralised}, '"', '""') || '"' else ${neutralised} end)`
  );
}

/** An integer, or a numeric already formatted by PostgreSQL ("3.4000"): its text, never quoted. */
export function csvNumberSql(expression: string): string {
  return `coalesce((${expression})::text, '')`;
}

/** The time-zone-free form of a timestamptz expression, for to_char. */
const utc = (value: string) => `(${value} at time zone 'UTC')`;
const TIME_OF_DAY = `"T"HH24:MI:SS.MS"Z"`;

/**
 * A timestamptz as JavaScript's Date.prototype.toISOString() writes what the driver reads from
 * it: UTC, milliseconds (microseconds cut off, as the driver does), `Z`. Years 1 to 9999 take the
 * fast path; other years are written as JavaScript does (`0000`, `-000044`, `+012345`, proleptic
 * Gregorian like PostgreSQL). A value no Date can hold (infinite, or after 275760-09-13) made the
 * cursor export fail mid-file; it fails the COPY the same way (a cast error that names it).
 */
export function csvTimestampSql(expression: string): string {
  const value = `(${expression})`;
  const pgYear = `extract(year from ${utc(value)})::int`;
  // PostgreSQL counts 1 BC as -1; JavaScript (ISO 8601) as 0.
  const year = `(case when ${pgYear} < 0 then ${pgYear} + 1 else ${pgYear} end)`;
  const wideYear =
    `(case when ${year} between 0 and 9999 then lpad(${year}::text, 4, '0') ` +
    `else (case when ${year} < 0 then '-' else '+' end) || lpad(abs(${year})::text, 6, '0') end)`;
  return (
    `(case when ${value} is null then '' ` +
    `when ${value} >= '0001-01-01 00:00:00+00' and ${value} < '10000-01-01 00:00:00+00' ` +
    `then to_char(${utc(value)}, 'YYYY-MM-DD${TIME_OF_DAY}') ` +
    `when isfinite(${value}) and ${value} < '275760-09-13 00:00:00.001+00' ` +
    `then ${wideYear} || to_char(${utc(value)}, '-MM-DD${TIME_OF_DAY}') ` +
    `else ('export cannot write the timestamp ' || ${value}::text)::int::text end)`
  );
}

/** One record: the cells (each never NULL) joined by commas, CRLF included. */
export function csvLineSql(cells: readonly string[]): string {
  return `${cells.join(" || ',' || ")} || ${literal(CSV_LINE_END)}`;
}
