import type { ResultOpportunity } from '@shared/results-schemas';
import { describe, expect, it } from 'vitest';
import { discussionQueueOf, discussionReasonsOf } from './discussion-queue';
import { syntheticId } from './simulated-panel';

const NONE = { raw: null, calibrated: null };

function row(number: number, overrides: Partial<ResultOpportunity> = {}): ResultOpportunity {
  const rank = overrides.calibratedRank ?? number;
  return {
    id: syntheticId(1, number),
    number,
    title: `Opportunity ${number}`,
    reviewCount: 4,
    rawComposite: 3,
    calibratedComposite: 3,
    rawRank: rank,
    calibratedRank: rank,
    rawRankInterval: { low: rank, high: rank },
    calibratedRankInterval: { low: rank, high: rank },
    sd: 0.5,
    min: 2.4,
    max: 3.6,
    criteria: {
      strategicAlignment: NONE,
      sustainability: NONE,
      technologyReadiness: NONE,
      marketPotential: NONE,
      businessPotential: NONE,
    },
    flags: [],
    ...overrides,
  };
}

describe('discussion reasons', () => {
  it("apply issue 19's thresholds, in the contract's order", () => {
    expect(discussionReasonsOf(row(1))).toEqual([]);
    expect(discussionReasonsOf(row(1, { sd: 1 }))).toEqual(['disagreement']);
    expect(discussionReasonsOf(row(1, { min: 2.2, max: 4.2 }))).toEqual(['disagreement']);
    expect(discussionReasonsOf(row(1, { sd: 0.9999, min: 2.4, max: 4.2 }))).toEqual([]);
    expect(discussionReasonsOf(row(1, { rawRank: 6, calibratedRank: 1 }))).toEqual([
      'calibration-shift',
    ]);
    expect(discussionReasonsOf(row(1, { rawRank: 5, calibratedRank: 1 }))).toEqual([]);
    expect(discussionReasonsOf(row(3, { calibratedRankInterval: { low: 1, high: 12 } }))).toEqual([
      'uncertain-rank',
    ]);
    expect(discussionReasonsOf(row(3, { calibratedRankInterval: { low: 1, high: 11 } }))).toEqual(
      [],
    );
    expect(discussionReasonsOf(row(1, { reviewCount: 1, sd: 0, min: 1, max: 5 }))).toEqual([
      'few-reviews',
    ]);
    expect(
      discussionReasonsOf(
        row(1, {
          sd: 1.2,
          rawRank: 9,
          calibratedRankInterval: { low: 1, high: 20 },
          reviewCount: 2,
        }),
      ),
    ).toEqual(['disagreement', 'calibration-shift', 'uncertain-rank']);
  });
});

describe('discussion queue', () => {
  it('puts rows straddling the top-10 cut-off first, then more reasons, then better rank, unreviewed last', () => {
    const unreviewed = (number: number) =>
      row(number, {
        reviewCount: 0,
        rawRank: null,
        calibratedRank: null,
        rawRankInterval: null,
        calibratedRankInterval: null,
        sd: null,
        min: null,
        max: null,
      });
    const rows = [
      row(1),
      row(2, { sd: 1.1 }),
      row(3, { sd: 1.1, reviewCount: 1, rawRank: 9 }), // few reviews, calibration shift
      row(12, { calibratedRank: 12, calibratedRankInterval: { low: 9, high: 14 }, sd: 1.5 }),
      row(20, { calibratedRank: 20, calibratedRankInterval: { low: 14, high: 26 } }),
      row(8, { calibratedRank: 8, calibratedRankInterval: { low: 3, high: 15 } }),
      unreviewed(40),
      unreviewed(31),
    ];
    expect(discussionQueueOf(rows).map((item) => item.number)).toEqual([8, 12, 3, 2, 20, 31, 40]);
    expect(discussionQueueOf(rows)[0]).toEqual({
      opportunityId: syntheticId(1, 8),
      number: 8,
      title: 'Opportunity 8',
      reasons: ['uncertain-rank'],
    });
  });
});
