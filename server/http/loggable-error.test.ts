import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { describeError, loggableError } from './loggable-error';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
const SID = 'Zk3vX9q2LmN8pR4tW6yB1cD5fG7hJ0kA';

/** A failed insert as Drizzle reports it: the statement, its parameters, and pg's error. */
function failedInsert() {
  const driver = Object.assign(
    new pg.DatabaseError(
      'duplicate key value violates unique constraint "users_email_lower_unique"',
      0,
      'error',
    ),
    {
      code: '23505',
      severity: 'ERROR',
      constraint: 'users_email_lower_unique',
      table: 'users',
      detail: `Key (lower(email::text))=(owner@example.test) already exists; session ${SID}`,
      where: `SQL statement with ${SID}`,
    },
  );
  return new DrizzleQueryError(
    'insert into "users" (...) values ($1, $2, $3)',
    ['Admin', 'owner@example.test', HASH],
    driver,
  );
}

describe('loggableError', () => {
  it('keeps the statement, the codes and the causes, and drops every parameter and row value', () => {
    const wrapped = new Error('The session store is unavailable', { cause: failedInsert() });
    const logged = loggableError(wrapped);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(HASH);
    expect(text).not.toContain(SID);
    expect(text).not.toContain('owner@example.test');
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'The session store is unavailable',
      cause: {
        type: 'DrizzleQueryError',
        message:
          'Failed query: insert into "users" (...) values ($1, $2, $3) (parameters not logged)',
        query: 'insert into "users" (...) values ($1, $2, $3)',
        cause: {
          type: 'DatabaseError',
          code: '23505',
          constraint: 'users_email_lower_unique',
          table: 'users',
        },
      },
    });
    expect(logged.cause!.stack).toMatch(
      /^Error: Failed query: insert into "users" .*\(parameters not logged\)\n\s+at /,
    );
    expect(logged.cause).not.toHaveProperty('params');
    expect(logged.cause!.cause).not.toHaveProperty('detail');
  });

  it('describes the chain as text for stderr, as safely', () => {
    const text = describeError(failedInsert());
    expect(text).toContain('Failed query: insert into "users"');
    expect(text).toContain('caused by: error: duplicate key value violates unique constraint');
    expect(text).toContain('code: 23505');
    expect(text).not.toContain(HASH);
    expect(text).not.toContain(SID);
  });

  it('passes other values and errors without a stack through', () => {
    expect(loggableError('plain text')).toMatchObject({ message: 'plain text' });
    const bare = new Error('no stack');
    bare.stack = undefined;
    expect(loggableError(bare).stack).toBe('Error: no stack');
  });
});
