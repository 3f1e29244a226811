/**
 * The assignments CSV (issue 18): a header line `email,number` (any case, a UTF-8 BOM allowed),
 * then one reviewer email and opportunity number per line; RFC 4180 quoting; blank lines are
 * skipped. Pure: lines are read and checked for form here, looked up by the service.
 */

export type CsvAssignmentRow = { line: number; email: string; number: number };
export type CsvFormError = { line: number; email: string; number: string; message: string };

export const HEADER_MESSAGE = 'The first line must be the header email,number';

/** Splits the text into records of fields, each with the line it starts on. */
function records(text: string): Array<{ line: number; fields: string[] }> {
  const result: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let fieldStarted = false;
  const endRecord = () => {
    fields.push(field);
    result.push({ line: recordLine, fields });
    fields = [];
    field = '';
    fieldStarted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
      fieldStarted = false;
    } else if (char === '\r' && text[i + 1] === '\n') {
      // The \n ends the record.
    } else if (char === '\n' || char === '\r') {
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += char;
      fieldStarted = true;
    }
  }
  if (fieldStarted || field !== '' || fields.length > 0) endRecord();
  return result;
}

const isBlank = (fields: string[]) => fields.every((f) => f.trim() === '');

/** The rows of the file, or what is wrong with the form of each bad line. */
export function parseAssignmentsCsv(csv: string): {
  rows: CsvAssignmentRow[];
  errors: CsvFormError[];
} {
  const text = csv.startsWith('\uFEFF') ? csv.slice(1) : csv;
  const all = records(text).filter((record) => !isBlank(record.fields));
  const [header, ...body] = all;
  const rows: CsvAssignmentRow[] = [];
  const errors: CsvFormError[] = [];
  const headerNames = (header?.fields ?? []).map((f) => f.trim().toLowerCase());
  if (headerNames.length !== 2 || headerNames[0] !== 'email' || headerNames[1] !== 'number') {
    errors.push({
      line: header?.line ?? 1,
      email: header?.fields[0] ?? '',
      number: header?.fields[1] ?? '',
      message: HEADER_MESSAGE,
    });
    return { rows, errors };
  }
  for (const { line, fields } of body) {
    const email = (fields[0] ?? '').trim();
    const numberText = (fields[1] ?? '').trim();
    if (fields.length !== 2 || email === '' || numberText === '') {
      errors.push({
        line,
        email,
        number: numberText,
        message: `Line ${line}: expected a reviewer email and an opportunity number`,
      });
    } else if (!/^\d{1,9}$/.test(numberText) || Number(numberText) === 0) {
      errors.push({
        line,
        email,
        number: numberText,
        message: `Line ${line}: the opportunity number must be a positive whole number`,
      });
    } else {
      rows.push({ line, email, number: Number(numberText) });
    }
  }
  return { rows, errors };
}
