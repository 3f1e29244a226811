import { randomUUID } from 'node:crypto';

// The one source of unique values in tests. Vitest loads modules afresh for each test file, and
// each test file has its own database, so a counter per file is unique per database.

let sequence = 0;
let opportunityNumber = 0;

/** The next value of the shared counter: 1, 2, 3, ... within a test file. */
export function nextSequence(): number {
  sequence += 1;
  return sequence;
}

/** An email address no other row of this test file's database uses. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${nextSequence()}@example.test`;
}

/** A client address of its own, so that per-address throttles stay out of a test's way. */
export function uniqueIp(): string {
  const n = nextSequence();
  return `10.20.${Math.floor(n / 200)}.${(n % 200) + 1}`;
}

/**
 * Opportunity numbers count on their own, 1, 2, 3, ..., so that factory rows keep small numbers
 * below the ones tests pick by hand and within the 50 opportunities a database may hold.
 */
export function nextOpportunityNumber(): number {
  opportunityNumber += 1;
  return opportunityNumber;
}

/** A well-formed id that matches no row. */
export const unknownId = () => randomUUID();
