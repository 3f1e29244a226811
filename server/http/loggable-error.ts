// What of an error may reach a log or stderr. Every error the server logs passes through here
// (the logger's `err` serializer, and the start-up and command-line failure messages), so that a
// statement's parameters never do: Drizzle puts them in its error's message (`params: ...`) and in
// `params`, and PostgreSQL's `detail` and `where` quote row values (`Key (sid)=(...) already
// exists`). Parameters carry password hashes, session ids and tokens (decision 0004).

/** Fields that may quote values of a statement or of a row. */
const WITHHELD_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);
const PARAMS_IN_MESSAGE = /\nparams: [\s\S]*$/;
const MAX_CAUSES = 8;

export type LoggableError = {
  type: string;
  message: string;
  stack: string;
  cause?: LoggableError;
  [field: string]: unknown;
};

function isErrorLike(value: unknown): value is Error {
  return typeof value === 'object' && value !== null && 'message' in value && 'name' in value;
}

function safeMessage(error: Error): string {
  return String(error.message).replace(PARAMS_IN_MESSAGE, ' (parameters not logged)');
}

/** The stack with its first lines (the message) replaced by the safe message. */
function safeStack(error: Error, message: string): string | undefined {
  if (typeof error.stack !== 'string') return undefined;
  const original = String(error.message);
  const index = original ? error.stack.indexOf(original) : -1;
  if (index >= 0) {
    return error.stack.slice(0, index) + message + error.stack.slice(index + original.length);
  }
  // A stack without the message (rewritten by a library): keep its frames only.
  return error.stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

function serialize(error: unknown, depth: number): LoggableError {
  if (!isErrorLike(error)) {
    return { type: typeof error, message: String(error), stack: String(error) };
  }
  const message = safeMessage(error);
  const result: Omit<LoggableError, 'stack'> & { stack?: string } = {
    type:
      error.constructor?.name && error.constructor.name !== 'Object'
        ? error.constructor.name
        : error.name,
    message,
  };
  for (const [field, value] of Object.entries(error)) {
    if (field === 'cause' || field === 'stack' || field === 'message') continue;
    if (WITHHELD_FIELDS.has(field) || typeof value === 'function') continue;
    if (isErrorLike(value)) result[field] = serialize(value, MAX_CAUSES);
    else if (Array.isArray(value) && value.some(isErrorLike)) {
      // AggregateError's errors (a refused connection to each address of a host name).
      result[field] = value.map((item) => serialize(item, MAX_CAUSES));
    } else result[field] = value;
  }
  result.stack = safeStack(error, message) || `${result.type}: ${message}`;
  const cause = (error as { cause?: unknown }).cause;
  if (cause !== undefined && depth < MAX_CAUSES) result.cause = serialize(cause, depth + 1);
  return result as LoggableError;
}

/** The pino `err` serializer: the error, its fields and its causes, minus statement values. */
export function loggableError(error: unknown): LoggableError {
  return serialize(error, 0);
}

// Said by the message and the stack already, or PostgreSQL's own source position.
const TEXT_OMITS = new Set([
  'type',
  'message',
  'stack',
  'cause',
  'query',
  'name',
  'length',
  'file',
  'line',
]);

/** The same, as text for stderr: each stack, then "caused by" each cause's, with their codes. */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let e: LoggableError | undefined = loggableError(error); e; e = e.cause) {
    const fields = Object.entries(e)
      .filter(([field, value]) => !TEXT_OMITS.has(field) && value !== undefined)
      .map(
        ([field, value]) =>
          `${field}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
      );
    parts.push(fields.length > 0 ? `${e.stack}\n    { ${fields.join(', ')} }` : e.stack);
  }
  return parts.join('\ncaused by: ');
}
