import { buffer } from 'node:stream/consumers';
import { CRITERION_KEYS, type Scores } from '@shared/criteria';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditLogs } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createComment } from '../../test/factories/comments';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview } from '../../test/factories/reviews';
import { createUser } from '../../test/factories/users';
import { readInBatches } from './batched-reader';
import { CSV_BOM, csvRecord } from './csv';
import { openCsvExport } from './csv-export';
import { EXPORTS } from './definitions';
import type { ExportDefinition } from './export-definition';

// The COPY exports against the encoder they replaced: the same rows read through the cursor and
// encoded by csv.ts, as the exports were before decision 0011. Byte for byte, on text fast-check
// makes hostile (quotes, commas, CR, LF, CRLF, formula starts, unicode, empty and NULL), on
// numbers and on timestamps over the whole range a JavaScript Date can hold.

/** The cursor export: BOM and header, then each row of `rowsQuery` through csvRecord. */
async function referenceCsv(pool: Parameters<typeof openCsvExport>[0], def: ExportDefinition) {
  let text = CSV_BOM + csvRecord(def.headers);
  for await (const rows of readInBatches<Record<string, unknown>>(pool, def.rowsQuery, 97)) {
    for (const row of rows) text += csvRecord(def.valuesOf(row));
  }
  return Buffer.from(text, 'utf8');
}

const unit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('"', ',', '\r', '\n', '\r\n', "'", ' ', ';', '\\') },
  { weight: 2, arbitrary: fc.constantFrom('=', '+', '-', '@', '\t', '=SUM(A1)', '-1', '+1') },
  { weight: 1, arbitrary: fc.constantFrom('é', 'ß', '日本', '🚀', '\u2028', '\uFEFF', '\x7f') },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1, max: 0x10ffff })
      .filter((code) => code < 0xd800 || code > 0xdfff)
      .map((code) => String.fromCodePoint(code)),
  },
  { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 4 }) },
);
const hostile = fc.string({ unit, maxLength: 24 });
const hostileOrNull = fc.option(hostile, { nil: null });

// Microseconds since 1970: the whole range where PostgreSQL and a JavaScript Date overlap, with
// the edges of the fast path (years 1 and 10000), BC years and microseconds that are cut off.
const MICROS = 1000n;
const microsOf = (iso: string) => BigInt(new Date(iso).getTime()) * MICROS;
const PG_MIN = microsOf('-004712-01-01T00:00:00Z');
const JS_MAX = 8_640_000_000_000_000n * MICROS + 999n;
const EDGES = [
  '0001-01-01T00:00:00Z',
  '+010000-01-01T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '1970-01-01T00:00:00Z',
  '2024-02-29T23:59:59.999Z',
].map(microsOf);
const micros = fc.oneof(
  fc
    .tuple(fc.constantFrom(...EDGES), fc.bigInt({ min: -2000n, max: 2000n }))
    .map(([a, b]) => a + b),
  fc.bigInt({ min: PG_MIN, max: JS_MAX }),
  fc.bigInt({ min: microsOf('2000-01-01T00:00:00Z'), max: microsOf('2100-01-01T00:00:00Z') }),
  fc.constantFrom(PG_MIN, JS_MAX),
);
const at = (value: bigint) =>
  sql`'epoch'::timestamptz + (${String(value)}::bigint / 1000000) * interval '1 second'
      + (${String(value)}::bigint % 1000000) * interval '1 microsecond'`;

const scores = fc.record(
  Object.fromEntries(CRITERION_KEYS.map((key) => [key, fc.integer({ min: 1, max: 5 })])) as Record<
    keyof Scores,
    fc.Arbitrary<number>
  >,
);

const person = fc.record({ name: hostile, displayName: hostileOrNull, emailStart: hostile });

const cycle = fc.record({
  opportunity: fc.record({
    title: hostile,
    description: hostile,
    batch: hostileOrNull,
    tags: fc.array(hostile, { maxLength: 3 }),
    status: fc.constantFrom('draft', 'published', 'archived'),
    number: fc.integer({ min: 1, max: 2_000_000_000 }),
    createdAt: micros,
    publishedAt: fc.option(micros, { nil: null }),
  }),
  people: fc.array(
    fc.record({
      person,
      scores,
      composite: fc.integer({ min: -9_999_999_999, max: 9_999_999_999 }),
      submittedAt: micros,
      comment: fc.array(hostileOrNull, { minLength: 4, maxLength: 4 }),
    }),
    { minLength: 1, maxLength: 2 },
  ),
  audit: fc.record({
    action: hostile,
    entityType: hostile,
    entityId: hostileOrNull,
    changes: fc.option(
      fc
        .dictionary(hostile, fc.oneof(hostile, fc.integer()), { maxKeys: 3 })
        .map((changes) => ({ ...changes })),
      { nil: null },
    ),
    ipAddress: hostileOrNull,
    userAgent: hostileOrNull,
    createdAt: micros,
  }),
});

type Cycle = typeof cycle extends fc.Arbitrary<infer Value> ? Value : never;

describe('COPY exports against the cursor and csv.ts', () => {
  const ctx = setupTestApp();
  const usedNumbers = new Set<number>();
  let sequence = 0;

  async function insertCycle(value: Cycle) {
    const { opportunity: o } = value;
    let number = o.number;
    while (usedNumbers.has(number)) number++;
    usedNumbers.add(number);
    const opportunity = await createOpportunity(ctx.db, {
      number,
      title: o.title,
      description: o.description,
      batch: o.batch,
      tags: o.tags,
      status: o.status as 'draft' | 'published' | 'archived',
    });
    await ctx.db.execute(sql`update opportunities
      set created_at = ${at(o.createdAt)},
          published_at = ${o.publishedAt === null ? sql`null` : at(o.publishedAt)}
      where id = ${opportunity.id}`);
    let firstUser: string | null = null;
    for (const entry of value.people) {
      const user = await createUser(ctx.db, {
        name: entry.person.name,
        displayName: entry.person.displayName,
        email: `${entry.person.emailStart}-${++sequence}@example.test`,
      });
      firstUser ??= user.id;
      const review = await createReview(ctx.db, {
        opportunityId: opportunity.id,
        reviewerId: user.id,
        scores: entry.scores,
      });
      await ctx.db.execute(sql`update reviews
        set composite = ${(entry.composite / 10_000).toFixed(4)}::numeric,
            submitted_at = ${at(entry.submittedAt)}
        where id = ${review.id}`);
      const [howToBiggerBetter, challenges, howToGetGoing, otherComments] = entry.comment;
      await createComment(ctx.db, {
        opportunityId: opportunity.id,
        reviewerId: user.id,
        howToBiggerBetter,
        challenges,
        howToGetGoing,
        otherComments,
      });
    }
    const { audit } = value;
    const [row] = await ctx.db
      .insert(auditLogs)
      .values({
        ...audit,
        userId: audit.entityId === null ? null : firstUser,
        createdAt: undefined,
      })
      .returning();
    await ctx.db.execute(
      sql`update audit_logs set created_at = ${at(audit.createdAt)} where id = ${row!.id}`,
    );
  }

  it('writes every export byte for byte as the cursor export did', async () => {
    await fc.assert(
      fc.asyncProperty(cycle, async (value) => {
        await insertCycle(value);
        for (const [type, definition] of Object.entries(EXPORTS)) {
          const copied = await buffer(await openCsvExport(ctx.pool, definition, 3));
          const expected = await referenceCsv(ctx.pool, definition);
          expect({ type, csv: copied.toString('utf8') }).toEqual({
            type,
            csv: expected.toString('utf8'),
          });
          expect(copied.equals(expected)).toBe(true);
        }
      }),
      { numRuns: 15 },
    );
    // The runs above did write rows of every kind.
    const { rows } = await ctx.pool.query(
      `select (select count(*) from reviews)::int as reviews,
              (select count(*) from audit_logs)::int as audits`,
    );
    expect(rows[0].reviews).toBeGreaterThanOrEqual(15);
    expect(rows[0].audits).toBeGreaterThanOrEqual(15);
  });
});

describe('a timestamp no JavaScript Date can hold', () => {
  const ctx = setupTestApp();

  it('fails the COPY export, as it failed the cursor export', async () => {
    const opportunity = await createOpportunity(ctx.db);
    for (const value of [
      sql`'infinity'::timestamptz`,
      sql`'-infinity'::timestamptz`,
      sql`'275760-09-13 00:00:00.001+00'::timestamptz`,
    ]) {
      await ctx.db.execute(
        sql`update opportunities set created_at = ${value} where id = ${opportunity.id}`,
      );
      await expect(referenceCsv(ctx.pool, EXPORTS.opportunities)).rejects.toThrow();
      await expect(openCsvExport(ctx.pool, EXPORTS.opportunities)).rejects.toThrow(
        /cannot write the timestamp/,
      );
    }
    // The last millisecond a Date holds is written like any other.
    await ctx.db.execute(sql`update opportunities
      set created_at = '275760-09-13 00:00:00.000999+00' where id = ${opportunity.id}`);
    const copied = await buffer(await openCsvExport(ctx.pool, EXPORTS.opportunities));
    expect(copied.toString('utf8')).toContain(',+275760-09-13T00:00:00.000Z,');
    expect(copied.equals(await referenceCsv(ctx.pool, EXPORTS.opportunities))).toBe(true);
  });
});
