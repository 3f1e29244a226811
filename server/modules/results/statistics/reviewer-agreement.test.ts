import { describe, expect, it } from 'vitest';
import { createPanel } from './panel';
import { pearson, reviewerAgreement, reviewerFlagsOf } from './reviewer-agreement';

/** rows[j] = one composite per reviewer (null = no review), reviews grouped by opportunity. */
function panelOf(rows: Array<Array<number | null>>) {
  const opportunity: number[] = [];
  const reviewer: number[] = [];
  const values: number[] = [];
  rows.forEach((row, j) => {
    row.forEach((value, i) => {
      if (value === null) return;
      opportunity.push(j);
      reviewer.push(i);
      values.push(value);
    });
  });
  const panel = createPanel({
    opportunityCount: rows.length,
    reviewerCount: rows[0]!.length,
    opportunity: Int32Array.from(opportunity),
    reviewer: Int32Array.from(reviewer),
  });
  return { panel, values: Float64Array.from(values) };
}

describe('reviewer agreement', () => {
  it("correlates a reviewer's composites with the mean of the other reviewers", () => {
    const { panel, values } = panelOf([
      [1, 1.2, 1.4, null],
      [2, 2.2, 1.8, null],
      [3, 3.4, 3, null],
      [4, 3.6, 4.2, 2],
      [5, null, null, null],
    ]);
    const rows = reviewerAgreement(panel, values);
    // Reviewer 0 shares opportunities 0-3 (not 4, reviewed alone); the others' means are 1.3, 2, 3.2, 3.2667.
    expect(rows[0]!.sharedCount).toBe(4);
    expect(rows[0]!.agreement).toBeCloseTo(
      pearson([1, 2, 3, 4], [1.3, 2, 3.2, (3.6 + 4.2 + 2) / 3])!,
      12,
    );
    // Reviewer 3 shares one opportunity: too few for a correlation.
    expect(rows[3]).toEqual({ sharedCount: 1, agreement: null });
  });

  it('has no agreement without variation', () => {
    expect(pearson([3, 3, 3], [1, 2, 3])).toBeNull();
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
  });

  it('flags offsets of 0.5 or more and low agreement over 5 or more shared opportunities', () => {
    expect(reviewerFlagsOf({ offset: 0.5, sharedCount: 5, agreement: 0.19 })).toEqual([
      'lenient',
      'out-of-line',
    ]);
    expect(reviewerFlagsOf({ offset: -0.5, sharedCount: 4, agreement: -0.9 })).toEqual(['harsh']);
    expect(reviewerFlagsOf({ offset: 0.4999, sharedCount: 9, agreement: 0.2 })).toEqual([]);
    expect(reviewerFlagsOf({ offset: null, sharedCount: 0, agreement: null })).toEqual([]);
  });
});
