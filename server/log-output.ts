import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type LogFormat = 'json' | 'pretty';

/** Where a log line is written: stdout, or a stand-in in tests. */
export type LogOutput = { write(text: string): unknown; isTTY?: boolean };

/**
 * LOG_FORMAT when it is set; otherwise pretty for a person at a terminal and JSON lines for
 * anything else (a file, a pipe, journald, a log shipper).
 */
export function resolveLogFormat(
  configured: LogFormat | undefined,
  output: LogOutput = process.stdout,
): LogFormat {
  return configured ?? (output.isTTY ? 'pretty' : 'json');
}

/** The process's logger: pino's JSON lines as they are, or each line made readable. */
export function createLogger(
  options: LoggerOptions,
  format: LogFormat,
  output: LogOutput = process.stdout,
): Logger {
  if (format === 'json') return output === process.stdout ? pino(options) : pino(options, output);
  // Colours only on a terminal: LOG_FORMAT=pretty into a file writes no escape codes.
  return pino(options, prettyDestination(output, { colors: Boolean(output.isTTY) }));
}

const LEVELS: Record<number, { label: string; color: number }> = {
  10: { label: 'TRACE', color: 90 },
  20: { label: 'DEBUG', color: 34 },
  30: { label: 'INFO', color: 32 },
  40: { label: 'WARN', color: 33 },
  50: { label: 'ERROR', color: 31 },
  60: { label: 'FATAL', color: 35 },
};

// pino's own fields, shown in the line's head or not at all.
const HEAD_KEYS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'v', 'highlight']);

type Record_ = Record<string, unknown> & { level?: number; time?: number; msg?: string };

/**
 * A pino destination that turns each JSON line into `HH:MM:SS.mmm LEVEL message key=value ...`,
 * with an error's stack on the lines below. A line logged with `highlight: true` (the one-time
 * administrator password) is framed and its fields listed one per line, so it cannot be missed.
 */
export function prettyDestination(
  output: LogOutput,
  options: { colors: boolean },
): DestinationStream {
  const paint = (code: number | string, text: string) =>
    options.colors ? `\x1b[${code}m${text}\x1b[0m` : text;
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) {
        if (line.trim() === '') continue;
        let record: Record_;
        try {
          record = JSON.parse(line) as Record_;
        } catch {
          output.write(`${line}\n`); // not pino's: passed on untouched
          continue;
        }
        output.write(formatRecord(record, paint));
      }
    },
  };
}

function formatRecord(record: Record_, paint: (code: number | string, text: string) => string) {
  const level = LEVELS[record.level ?? 30] ?? { label: String(record.level), color: 0 };
  const time = new Date(record.time ?? Date.now());
  const head = `${paint(2, clock(time))} ${paint(level.color, level.label.padEnd(5))}`;
  const indent = ' '.repeat(19);
  const message = record.msg ?? '';
  const fields: [string, unknown][] = [];
  let stack: string | undefined;
  for (const [key, value] of Object.entries(record)) {
    if (HEAD_KEYS.has(key)) continue;
    if (key === 'err' && value && typeof value === 'object') {
      // The stack starts with the type and message; the other properties (code, ...) follow.
      const err = value as Record_;
      stack = typeof err.stack === 'string' ? err.stack : undefined;
      const rest = Object.entries(err).filter(([k]) => !['stack', 'message', 'type'].includes(k));
      fields.push(...flatten('err', Object.fromEntries(rest)));
      continue;
    }
    fields.push(...flatten(key, value));
  }
  if (record.highlight === true) {
    const rule = paint(level.color, '='.repeat(72));
    const width = Math.max(...fields.map(([key]) => key.length));
    const rows = fields.map(
      ([key, value]) => `${indent}${paint(2, key.padEnd(width))}  ${paint(1, show(value))}`,
    );
    return `${head} ${rule}\n${indent}${paint(1, message)}\n${rows.join('\n')}\n${indent}${rule}\n`;
  }
  const tail = fields.map(([key, value]) => `${paint(2, `${key}=`)}${show(value)}`).join(' ');
  const stackLines = stack ? `\n${stack.replace(/^/gm, indent)}` : '';
  return `${head} ${message}${tail ? `  ${tail}` : ''}${stackLines}\n`;
}

/** Nested objects become dotted keys (`req.url=...`), so that one line holds a request. */
function flatten(prefix: string, value: unknown): [string, unknown][] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, inner]) => flatten(`${prefix}.${key}`, inner));
  }
  return [[prefix, value]];
}

function show(value: unknown): string {
  if (typeof value === 'string')
    return /[\s"=]/.test(value) || value === '' ? JSON.stringify(value) : value;
  // responseTime=104.291928000001 reads better as 104.292 (the JSON log keeps every digit).
  if (typeof value === 'number' && !Number.isInteger(value)) return String(+value.toFixed(3));
  return JSON.stringify(value) ?? String(value);
}

function clock(time: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(time.getHours())}:${two(time.getMinutes())}:${two(time.getSeconds())}.${String(time.getMilliseconds()).padStart(3, '0')}`;
}
