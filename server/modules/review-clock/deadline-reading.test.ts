import { parseDeadline } from '@shared/review-clock';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';

// The deadline is read twice: by shared/review-clock.ts (the settings call's validation, the
// pages) and by the database's assay_instant (migration 0005), which every save embeds. They must
// agree on every text: what one takes as an instant, the other takes as the same instant, and
// what one refuses, the other reads as no deadline.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
/** Texts near the format: every field over its range and past it, or a part left out. */
const candidate = fc
  .record({
    year: fc.oneof(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 0, max: 999 })),
    month: two(13),
    day: two(32),
    hour: two(25),
    minute: two(60),
    second: fc.option(two(60), { nil: undefined }),
    fraction: fc.option(fc.stringMatching(/^\d{1,7}$/), { nil: undefined }),
    zone: fc.oneof(
      fc.constant('Z'),
      fc.constant(''),
      fc.tuple(fc.constantFrom('+', '-'), two(17), two(60)).map(([s, h, m]) => `${s}${h}:${m}`),
    ),
  })
  .map(({ year, month, day, hour, minute, second, fraction, zone }) => {
    const seconds = second === undefined ? '' : `:${second}${fraction ? `.${fraction}` : ''}`;
    return `${String(year).padStart(4, '0')}-${month}-${day}T${hour}:${minute}${seconds}${zone}`;
  });

async function databaseReading(texts: string[]): Promise<Array<number | null>> {
  const result = await database.db.execute<{ at: string | null }>(sql`
    select floor(extract(epoch from assay_instant(t)) * 1000)::bigint::text as at
      from unnest(${sql.param(texts)}::text[]) with ordinality as input(t, i) order by i`);
  // Whole milliseconds, as JavaScript keeps them (PostgreSQL keeps microseconds), in exact numeric.
  return result.rows.map((row) => (row.at === null ? null : Number(row.at)));
}

describe('a deadline read by the settings call and by the database', () => {
  it('is the same instant, or no deadline, for both', async () => {
    const texts = fc.sample(candidate, { numRuns: 3000, seed: 34 });
    texts.push(
      '2026-12-15T17:00:00+01:00',
      '2028-02-29T10:00Z',
      '2027-02-29T10:00Z',
      '2026-04-31T10:00Z',
      '2026-12-15T17:00:00',
      '',
      'garbage',
    );
    const inDatabase = await databaseReading(texts);
    const disagreements = texts.filter((text, i) => {
      const shared = parseDeadline(text);
      return (shared === null ? null : shared.getTime()) !== inDatabase[i];
    });
    expect(disagreements).toEqual([]);
    // Both kinds were seen: the sample is not all valid or all invalid.
    const valid = texts.filter((text) => parseDeadline(text) !== null).length;
    expect(valid).toBeGreaterThan(100);
    expect(texts.length - valid).toBeGreaterThan(100);
  });
});
