// Drizzle wraps driver errors, so the SQLSTATE or socket code of a failure may sit a few
// `cause`s deep: every check below walks the chain rather than reading the outer error only.

type DriverErrorDetails = {
  code?: string;
  constraint?: string;
  message?: string;
  severity?: string;
};

function someCause(error: unknown, matches: (details: DriverErrorDetails) => boolean): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if (matches(e as DriverErrorDetails)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** 23505 unique_violation, of the named constraint when one is given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return someCause(
    error,
    (details) => details.code === '23505' && (!constraint || details.constraint === constraint),
  );
}

// 22021 character_not_in_repertoire (NUL, invalid UTF-8), 22P05 untranslatable_character.
const UNSTORABLE_CODES = new Set(['22021', '22P05']);

/** Text PostgreSQL refused to store (it reached the database past the body check). */
export function isUnstorableInput(error: unknown): boolean {
  return someCause(error, ({ code }) => Boolean(code && UNSTORABLE_CODES.has(code)));
}

// SQLSTATE classes and socket errors that mean "the database is not reachable right now".
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOENT',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections: max_connections, or a database's or role's CONNECTION LIMIT
  '08000',
  '08001',
  '08003',
  '08006',
]);

const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|not queryable/;

// 55000 object_not_in_prerequisite_state is also what a statement gets for a mistake of its own
// (currval before nextval, ...): only at connection time (FATAL), "database is not currently
// accepting connections" (ALTER DATABASE ... ALLOW_CONNECTIONS false), is it an outage.
const UNAVAILABLE_WHEN_FATAL = new Set(['55000']);

/** An outage (refused, dropped or shut-down connection), not a fault of the request. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(
    error,
    ({ code, message, severity }) =>
      Boolean(code && UNAVAILABLE_CODES.has(code)) ||
      Boolean(code && severity === 'FATAL' && UNAVAILABLE_WHEN_FATAL.has(code)) ||
      (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)),
  );
}
