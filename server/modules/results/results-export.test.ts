import { CRITERION_KEYS } from '@shared/criteria';
import { type Results, resultsSchema } from '@shared/results-schemas';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/build-test-app';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview, scoresOf } from '../../test/factories/reviews';
import { createUser } from '../../test/factories/users';
import { createSignedInUser } from '../../test/http';

const ctx = setupTestApp();

const HEADER = [
  'number',
  'title',
  'reviews',
  'raw_composite',
  'calibrated_composite',
  'rank',
  'rank_low',
  'rank_high',
  'sd',
  'min',
  'max',
  'flags',
  'strategic_alignment_raw',
  'strategic_alignment_calibrated',
  'sustainability_raw',
  'sustainability_calibrated',
  'technology_readiness_raw',
  'technology_readiness_calibrated',
  'market_potential_raw',
  'market_potential_calibrated',
  'business_potential_raw',
  'business_potential_calibrated',
];
const FORMULA = '=HYPERLINK("http://evil.test","click")';
const AWKWARD = 'He said "hi", then\r\nleft; ünïcödé — 日本 🚀';

let adminCookie: string;

const download = () =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/admin/export/results',
    headers: { cookie: adminCookie },
  });

/** The decimals of a computed number as the export writes them: always 4, empty for null. */
const fixed4 = (value: number | null) => (value === null ? '' : value.toFixed(4));

beforeAll(async () => {
  adminCookie = (await createSignedInUser(ctx.app, ctx.db, 'admin')).cookie;
});

describe('GET /api/admin/export/results', () => {
  it('is the header alone while nothing is published', async () => {
    const response = await download();
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(`\uFEFF${HEADER.join(',')}\r\n`);
  });

  it('writes a formula-safe, CRLF, 4-decimal record per opportunity, as the results screen ranks them', async () => {
    const hostile = await createOpportunity(ctx.db, { title: FORMULA });
    const awkward = await createOpportunity(ctx.db, { title: AWKWARD });
    const unreviewed = await createOpportunity(ctx.db, { title: '-unreviewed' });
    const reviewers = [
      await createUser(ctx.db, { name: '@Ann' }),
      await createUser(ctx.db, { name: 'Ben' }),
      await createUser(ctx.db, { name: 'Cy' }),
    ];
    const plan = [
      [hostile, [5, 5, 4, 5, 4]],
      [hostile, [1, 2, 1, 2, 1]],
      [hostile, [3, 4, 3, 3, 4]],
      [awkward, [4, 3, 4, 4, 3]],
      [awkward, [4, 4, 3, 4, 4]],
    ] as const;
    for (const [i, [opportunity, scores]] of plan.entries()) {
      await createReview(ctx.db, {
        opportunityId: opportunity.id,
        reviewerId: reviewers[i % 3]!.id,
        scores: scoresOf(scores),
      });
    }

    const response = await download();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="results_export_${today}.csv"`,
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = response.body;
    // Every record ends with CRLF; the only other line break is inside the quoted title.
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '').includes('\n')).toBe(false);
    expect(text.split('\r\n')[0]).toBe(`\uFEFF${HEADER.join(',')}`);
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.test"",""click"")",`);

    const [header, ...records] = parse(text, {
      bom: true,
      record_delimiter: '\r\n',
    }) as string[][];
    expect(header).toEqual(HEADER);

    const body: Results = resultsSchema.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/admin/results',
          headers: { cookie: adminCookie },
        })
      ).json(),
    );
    // The same rows in the same order as the screen, every figure from the same computation.
    expect(records.map((record) => record[0])).toEqual(
      body.opportunities.map((row) => String(row.number)),
    );
    const titles = new Map([
      [hostile.id, `'${FORMULA}`],
      [awkward.id, AWKWARD],
      [unreviewed.id, "'-unreviewed"],
    ]);
    for (const [i, row] of body.opportunities.entries()) {
      const record = records[i]!;
      expect(record).toEqual([
        String(row.number),
        titles.get(row.id),
        String(row.reviewCount),
        fixed4(row.rawComposite),
        fixed4(row.calibratedComposite),
        row.calibratedRank === null ? '' : String(row.calibratedRank),
        row.calibratedRankInterval ? String(row.calibratedRankInterval.low) : '',
        row.calibratedRankInterval ? String(row.calibratedRankInterval.high) : '',
        fixed4(row.sd),
        fixed4(row.min),
        fixed4(row.max),
        row.flags.join('; '),
        ...CRITERION_KEYS.flatMap((key) => [
          fixed4(row.criteria[key].raw),
          fixed4(row.criteria[key].calibrated),
        ]),
      ]);
    }
    // Numbers with 4 decimals, written as numbers (never neutralised text).
    const hostileRecord = records.find((record) => record[1] === `'${FORMULA}`)!;
    // Composites 4.6, 1.4 and 3.4: mean 3.1333, population sd 1.3199.
    expect(hostileRecord.slice(2, 4)).toEqual(['3', '3.1333']);
    expect(hostileRecord[4]).toMatch(/^\d\.\d{4}$/);
    expect(hostileRecord.slice(8, 11)).toEqual(['1.3199', '1.4000', '4.6000']);
    expect(hostileRecord[11]).toContain('disagreement');
    const unreviewedRecord = records.at(-1)!;
    expect(unreviewedRecord.slice(0, 12)).toEqual([
      String(unreviewed.number),
      "'-unreviewed",
      '0',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      unreviewedRecord[11],
    ]);
    expect(unreviewedRecord[11]).toContain('few-reviews');
  });
});
