import { CRITERION_KEYS, type Scores } from '@shared/criteria';
import { resultsSchema } from '@shared/results-schemas';
import { compositeOf } from '@shared/scoring';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeResults, type ResultsInput } from './compute-results';
import { simulatePanel, syntheticId } from './statistics/simulated-panel';

const scoresArbitrary = fc.record(
  Object.fromEntries(CRITERION_KEYS.map((key) => [key, fc.integer({ min: 1, max: 5 })])) as Record<
    keyof Scores,
    fc.Arbitrary<number>
  >,
);

/** Up to 8 opportunities and 6 reviewers, each pair reviewed or not. */
const inputArbitrary = fc
  .record({
    opportunityCount: fc.integer({ min: 0, max: 8 }),
    reviewerCount: fc.integer({ min: 0, max: 6 }),
    cells: fc.array(fc.option(scoresArbitrary, { freq: 2 }), { minLength: 48, maxLength: 48 }),
    names: fc.array(fc.constantFrom('Ada', 'Bo', 'Cy'), { minLength: 6, maxLength: 6 }),
  })
  .map(({ opportunityCount, reviewerCount, cells, names }): ResultsInput => {
    const opportunities = Array.from({ length: opportunityCount }, (_, j) => ({
      id: syntheticId(1, 100 - j),
      number: j + 1,
      title: `Opportunity ${j + 1}`,
    }));
    const reviewers = Array.from({ length: reviewerCount }, (_, i) => ({
      id: syntheticId(2, i),
      name: names[i]!,
    }));
    const reviews = opportunities.flatMap((opportunity, j) =>
      reviewers.flatMap((reviewer, i) => {
        const scores = cells[j * 6 + i];
        return scores
          ? [
              {
                opportunityId: opportunity.id,
                reviewerId: reviewer.id,
                scores,
                composite: compositeOf(scores),
              },
            ]
          : [];
      }),
    );
    return { opportunities, reviewers, reviews };
  });

const shuffled = <T>(items: T[], seed: number) =>
  items
    .map((item, index) => ({ item, key: (index * 7919 + seed * 104_729) % 1_000_003 }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

describe('computeResults', () => {
  it('parses with the contract and does not depend on the order of its input', () => {
    fc.assert(
      fc.property(inputArbitrary, fc.integer({ min: 1, max: 1000 }), (input, seed) => {
        const results = computeResults(input, { resamples: 50 });
        resultsSchema.parse(results);
        const reordered = {
          opportunities: shuffled(input.opportunities, seed),
          reviewers: shuffled(input.reviewers, seed + 1),
          reviews: shuffled(input.reviews, seed + 2),
        };
        expect(JSON.stringify(computeResults(reordered, { resamples: 50 }))).toBe(
          JSON.stringify(results),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('gives byte-identical output for the same data, and follows the seed', () => {
    const { input } = simulatePanel({ seed: 5, reviewersPerOpportunity: 3 });
    const first = JSON.stringify(computeResults(input));
    expect(JSON.stringify(computeResults(structuredClone(input)))).toBe(first);
    expect(JSON.stringify(computeResults(input, { seed: 20 }))).not.toBe(first);
  });

  it('lists every published opportunity in calibrated rank order, unreviewed ones last by number', () => {
    const { input } = simulatePanel({
      seed: 6,
      opportunities: 12,
      reviewers: 6,
      reviewersPerOpportunity: 2,
    });
    const unreviewed = new Set([input.opportunities[3]!.id, input.opportunities[9]!.id]);
    input.reviews = input.reviews.filter((review) => !unreviewed.has(review.opportunityId));
    const results = computeResults(input, { resamples: 100 });
    const rows = results.opportunities;
    expect(rows.map((row) => row.calibratedRank)).toEqual([
      ...Array.from({ length: 10 }, (_, k) => k + 1),
      null,
      null,
    ]);
    expect(rows.slice(10).map((row) => row.number)).toEqual([4, 10]);
    expect(rows[10]).toMatchObject({
      reviewCount: 0,
      rawComposite: null,
      calibratedComposite: null,
      rawRankInterval: null,
      calibratedRankInterval: null,
      sd: null,
      flags: ['few-reviews'],
    });
    for (const row of rows.slice(0, 10)) {
      expect(row.calibratedRankInterval!.low).toBeLessThanOrEqual(row.calibratedRank!);
      expect(row.calibratedRankInterval!.high).toBeGreaterThanOrEqual(row.calibratedRank!);
      expect(row.rawRankInterval!.low).toBeLessThanOrEqual(row.rawRank!);
      expect(row.rawRankInterval!.high).toBeGreaterThanOrEqual(row.rawRank!);
    }
    expect(results.discussion.slice(-2).map((item) => item.number)).toEqual([4, 10]);
  });

  it('describes raw composites as analytics do: mean rounded half away from zero, population sd', () => {
    const scores = (value: number) =>
      Object.fromEntries(CRITERION_KEYS.map((key) => [key, value])) as Scores;
    const input: ResultsInput = {
      opportunities: [{ id: syntheticId(1, 1), number: 1, title: 'One' }],
      reviewers: [1, 2, 3].map((i) => ({ id: syntheticId(2, i), name: `R${i}` })),
      reviews: [
        {
          opportunityId: syntheticId(1, 1),
          reviewerId: syntheticId(2, 1),
          scores: scores(1),
          composite: 1,
        },
        {
          opportunityId: syntheticId(1, 1),
          reviewerId: syntheticId(2, 2),
          scores: scores(2),
          composite: 2,
        },
        {
          opportunityId: syntheticId(1, 1),
          reviewerId: syntheticId(2, 3),
          scores: scores(2),
          composite: 2,
        },
      ],
    };
    const [row] = computeResults(input).opportunities;
    expect(row).toMatchObject({ rawComposite: 1.6667, sd: 0.4714, min: 1, max: 2, reviewCount: 3 });
    expect(row!.criteria.marketPotential.raw).toBe(1.6667);
  });

  it('lists every active reviewer by name, with no offset for one without reviews', () => {
    const { input } = simulatePanel({
      seed: 7,
      opportunities: 5,
      reviewers: 4,
      reviewersPerOpportunity: 3,
    });
    input.reviewers.push({ id: syntheticId(2, 99), name: 'Aaron Idle' });
    const results = computeResults(input, { resamples: 100 });
    expect(results.reviewers[0]).toEqual({
      id: syntheticId(2, 99),
      name: 'Aaron Idle',
      reviewCount: 0,
      offset: null,
      sharedCount: 0,
      agreement: null,
      flags: [],
    });
    expect(results.reviewers.map((r) => r.name)).toEqual(
      [...results.reviewers.map((r) => r.name)].sort(),
    );
    expect(results.meta.reviewCount).toBe(15);
  });

  it('answers an empty panel with empty lists and not-enough-data', () => {
    const results = computeResults({ opportunities: [], reviewers: [], reviews: [] });
    expect(resultsSchema.parse(results)).toEqual(results);
    expect(results.opportunities).toEqual([]);
    expect(results.reliability.composite).toEqual({ alpha: null, reading: 'not-enough-data' });
    expect(results.meta).toMatchObject({ reviewCount: 0, resamples: 1000, intervalLevel: 0.9 });
  });

  it('refuses two reviews of one opportunity by one reviewer (the database forbids them)', () => {
    const { input } = simulatePanel({ seed: 9, opportunities: 3, reviewers: 3 });
    const reviews = [...input.reviews, input.reviews[4]!];
    expect(() => computeResults({ ...input, reviews })).toThrow(/two reviews/);
  });

  it('ignores reviews of opportunities or reviewers it was not given', () => {
    const { input } = simulatePanel({ seed: 8, opportunities: 4, reviewers: 3 });
    const stray = { ...input.reviews[0]!, reviewerId: syntheticId(2, 500) };
    expect(computeResults({ ...input, reviews: [...input.reviews, stray] })).toEqual(
      computeResults(input),
    );
  });
});
