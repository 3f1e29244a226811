import { CRITERION_KEYS, type Scores } from '@shared/criteria';
import { toNumericText, weightedCompositeOf } from '@shared/scoring';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { reviews } from '../../db/schema/index';
import { setupTestApp } from '../../test/build-test-app';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview } from '../../test/factories/reviews';
import { createUser } from '../../test/factories/users';
import { send, setupSignedInUser } from '../../test/http';

// The reviews export computes the weighting in SQL (built from shared EXPORT_WEIGHTING), the rest
// of the code through weightedCompositeOf: this ties the two, row by row, on scores fast-check
// chooses, in the real PostgreSQL's numeric arithmetic and rounding.

const ctx = setupTestApp();
const admin = setupSignedInUser(ctx, 'admin');

const scoresArbitrary = fc.record(
  Object.fromEntries(CRITERION_KEYS.map((key) => [key, fc.integer({ min: 1, max: 5 })])) as Record<
    keyof Scores,
    fc.Arbitrary<number>
  >,
);

async function exportedReviews() {
  const response = await send(ctx.app, {
    method: 'GET',
    url: '/api/admin/export/reviews',
    cookie: admin.cookie,
  });
  expect(response.statusCode).toBe(200);
  const [header, ...rows] = parse(response.body, {
    bom: true,
    record_delimiter: '\r\n',
  }) as string[][];
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
}

const scoresOfRow = (row: Record<string, string>) =>
  Object.fromEntries(CRITERION_KEYS.map((key) => [key, Number(row[reviews[key].name])])) as Scores;

it('every exported weighted composite is weightedCompositeOf of the row scores', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(scoresArbitrary, { minLength: 1, maxLength: 6 }),
      async (scoreSets) => {
        const opportunity = await createOpportunity(ctx.db);
        const emails: string[] = [];
        for (const scores of scoreSets) {
          const reviewer = await createUser(ctx.db);
          await createReview(ctx.db, {
            opportunityId: opportunity.id,
            reviewerId: reviewer.id,
            scores,
          });
          emails.push(reviewer.email);
        }
        const rows = await exportedReviews();
        const ours = rows.filter((row) => row.opportunity_number === String(opportunity.number));
        expect(ours.map((row) => row.reviewer_email).sort()).toEqual([...emails].sort());
        for (const row of rows) {
          expect(row.weighted_composite).toBe(toNumericText(weightedCompositeOf(scoresOfRow(row))));
        }
      },
    ),
    { numRuns: 20 },
  );
});
