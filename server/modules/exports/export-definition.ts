import { CsvDecimal, type CsvValue } from './csv';
import { csvLineSql, csvNumberSql, csvTextSql, csvTimestampSql } from './csv-sql';

/**
 * How a column is written. `text` cells are neutralised and quoted; `integer` (int2/int4, which
 * the driver reads as numbers), `decimal` (numeric, written as PostgreSQL formats it) and
 * `timestamp` (timestamptz, ISO 8601 UTC) never are.
 */
type ColumnKind = 'text' | 'integer' | 'decimal' | 'timestamp';

export type ExportColumn = { header: string; sql: string; kind: ColumnKind };

/** A column: its CSV header (also its name in `rowsQuery`) and its SQL over the export's FROM. */
export const text = (header: string, sql: string): ExportColumn => ({ header, sql, kind: 'text' });
export const integer = (header: string, sql: string): ExportColumn => ({
  header,
  sql,
  kind: 'integer',
});
export const decimal = (header: string, sql: string): ExportColumn => ({
  header,
  sql,
  kind: 'decimal',
});
export const timestamp = (header: string, sql: string): ExportColumn => ({
  header,
  sql,
  kind: 'timestamp',
});

/** One export, every query of it generated from one list of columns (defineExport). */
export type ExportDefinition = {
  /** The SELECT whose one text column is each CSV record, CRLF included: what COPY streams. */
  query: string;
  headers: string[];
  /**
   * The same rows as typed columns named by their headers, in the same order: what the bench
   * floor copies untransformed, and what the reference encoder (csv.ts) reads in the tests.
   */
  rowsQuery: string;
  /** A row of `rowsQuery` as csv.ts values, as the cursor export wrote them before COPY. */
  valuesOf: (row: Record<string, unknown>) => CsvValue[];
};

const HEADER = /^[a-z][a-z0-9_]*$/;

/** The column's value in `rowsQuery` (a decimal as its text, so that its digits are kept). */
const rowSql = (column: ExportColumn) =>
  column.kind === 'decimal' ? `(${column.sql})::text` : `(${column.sql})`;

function cellSql(column: ExportColumn, value: string): string {
  switch (column.kind) {
    case 'text':
      return csvTextSql(value);
    case 'integer':
    case 'decimal':
      return csvNumberSql(value);
    case 'timestamp':
      return csvTimestampSql(value);
  }
}

function csvValueOf(column: ExportColumn, value: unknown): CsvValue {
  // The driver gives strings, numbers, Dates and nulls for these kinds (the query casts decimals).
  return column.kind === 'decimal' ? new CsvDecimal(String(value)) : (value as CsvValue);
}

/**
 * Builds an export from its columns, FROM clause (joins included) and ORDER BY expressions
 * (ascending). The record query computes each column once in an inner SELECT (OFFSET 0 keeps
 * PostgreSQL from copying a column's expression into every place the encoding names it) and
 * encodes the row in the outer one, ordered by keys the inner SELECT carries up.
 */
export function defineExport({
  columns,
  from,
  orderBy,
}: {
  columns: ExportColumn[];
  from: string;
  orderBy: string[];
}): ExportDefinition {
  for (const { header } of columns) {
    if (!HEADER.test(header)) throw new Error(`Not a column name: ${header}`);
  }
  const inner = [
    ...columns.map((column, i) => `${rowSql(column)} as c${i}`),
    ...orderBy.map((key, i) => `${key} as k${i}`),
  ].join(', ');
  const line = csvLineSql(columns.map((column, i) => cellSql(column, `export_row.c${i}`)));
  return {
    query:
      `select ${line} as line from (select ${inner} from ${from} offset 0) export_row ` +
      `order by ${orderBy.map((_, i) => `export_row.k${i}`).join(', ')}`,
    headers: columns.map((column) => column.header),
    rowsQuery:
      `select ${columns.map((column) => `${rowSql(column)} as "${column.header}"`).join(', ')} ` +
      `from ${from} order by ${orderBy.join(', ')}`,
    valuesOf: (row) => columns.map((column) => csvValueOf(column, row[column.header])),
  };
}
