import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from './errors';

/** A driver error as pg makes it, wrapped as Drizzle and the session store wrap it. */
function wrapped(details: { code: string; severity?: string; message?: string }) {
  const driver = Object.assign(new Error(details.message ?? 'driver error'), details);
  const query = new Error('Failed query: select 1', { cause: driver });
  return new Error('The session store is unavailable', { cause: query });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['too many connections (53300)', { code: '53300', severity: 'FATAL' }],
    [
      'a database closed to connections (55000 at connection time)',
      { code: '55000', severity: 'FATAL' },
    ],
    ['an administrator shutdown (57P01)', { code: '57P01', severity: 'FATAL' }],
    ['a refused socket', { code: 'ECONNREFUSED' }],
  ])('counts %s as an outage', (_, details) => {
    expect(isDatabaseUnavailable(wrapped(details))).toBe(true);
  });

  it.each([
    ['55000 raised by a statement (currval before nextval)', { code: '55000', severity: 'ERROR' }],
    ['a unique violation', { code: '23505', severity: 'ERROR' }],
    ['a syntax error', { code: '42601', severity: 'ERROR' }],
  ])('does not count %s', (_, details) => {
    expect(isDatabaseUnavailable(wrapped(details))).toBe(false);
  });

  it('finds a unique violation along the same chain', () => {
    expect(isUniqueViolation(wrapped({ code: '23505' }))).toBe(true);
    expect(isUniqueViolation(wrapped({ code: '53300' }))).toBe(false);
  });
});
