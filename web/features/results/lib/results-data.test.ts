import { describe, expect, it } from 'vitest';
import { resultOpportunity } from '../test/results-fixtures';
import {
  clampTopN,
  describeRankInterval,
  formatOffset,
  formatRankInterval,
  movementOf,
  rankedRows,
  topBandSentence,
  topBandSummary,
} from './results-data';

// Raw order 1, 2, 3; calibration swaps the first and the third. #4 has no review.
const opportunities = [
  resultOpportunity({ number: 3, rawRank: 3, calibratedRank: 1 }),
  resultOpportunity({ number: 2, rawRank: 2, calibratedRank: 2 }),
  resultOpportunity({ number: 1, rawRank: 1, calibratedRank: 3 }),
  resultOpportunity({ number: 4, rank: null }),
];

describe('rankedRows', () => {
  it('orders by the chosen rank, unranked last, and counts the places gained on the other', () => {
    const calibrated = rankedRows(opportunities, 'calibrated');
    expect(calibrated.map((row) => [row.opportunity.number, row.rank, row.moved])).toEqual([
      [3, 1, 2],
      [2, 2, 0],
      [1, 3, -2],
      [4, null, null],
    ]);
    const raw = rankedRows(opportunities, 'raw');
    expect(raw.map((row) => [row.opportunity.number, row.rank, row.moved])).toEqual([
      [1, 1, 2],
      [2, 2, 0],
      [3, 3, -2],
      [4, null, null],
    ]);
  });

  it('puts several unreviewed opportunities in number order', () => {
    const rows = rankedRows(
      [
        resultOpportunity({ number: 9, rank: null }),
        resultOpportunity({ number: 5, rank: 1 }),
        resultOpportunity({ number: 7, rank: null }),
      ],
      'raw',
    );
    expect(rows.map((row) => row.opportunity.number)).toEqual([5, 7, 9]);
  });
});

describe('movementOf', () => {
  it('says up or down and by how many places, against the other ranking', () => {
    expect(movementOf(2, 'calibrated')).toEqual({
      arrow: '▲',
      places: '2',
      text: '2 places higher than in the raw ranking',
    });
    expect(movementOf(-1, 'raw')).toEqual({
      arrow: '▼',
      places: '1',
      text: '1 place lower than in the calibrated ranking',
    });
    expect(movementOf(0, 'raw')?.text).toBe('Same place as in the calibrated ranking');
    expect(movementOf(null, 'raw')).toBeNull();
  });
});

describe('the numbers as printed', () => {
  it("writes a rank interval as '3 (2-6)' and in words", () => {
    expect(formatRankInterval(3, { low: 2, high: 6 })).toBe('3 (2-6)');
    expect(formatRankInterval(null, null)).toBe('-');
    expect(describeRankInterval(3, { low: 2, high: 6 })).toBe('Rank 3, likely between 2 and 6');
    expect(describeRankInterval(1, { low: 1, high: 1 })).toBe('Rank 1, certain');
  });

  it('signs offsets and never prints a negative zero', () => {
    expect(formatOffset(0.618)).toBe('+0.62');
    expect(formatOffset(-0.5)).toBe('-0.50');
    expect(formatOffset(-0.001)).toBe('0.00');
    expect(formatOffset(null)).toBe('-');
  });
});

describe('the top-N band', () => {
  it('keeps N a whole number within 1 and the number ranked', () => {
    expect(clampTopN(10, 24)).toBe(10);
    expect(clampTopN(40, 24)).toBe(24);
    expect(clampTopN(0, 24)).toBe(1);
    expect(clampTopN(3.6, 24)).toBe(4);
    expect(clampTopN(Number.NaN, 24)).toBe(10);
    expect(clampTopN(Number.NaN, 4)).toBe(4);
  });

  it('counts the intervals inside, across and outside the band', () => {
    const rows = rankedRows(
      [
        resultOpportunity({ number: 1, rank: 1, calibratedRankInterval: { low: 1, high: 2 } }),
        resultOpportunity({ number: 2, rank: 2, calibratedRankInterval: { low: 1, high: 4 } }),
        resultOpportunity({ number: 3, rank: 3, calibratedRankInterval: { low: 3, high: 4 } }),
        resultOpportunity({ number: 4, rank: 4, calibratedRankInterval: { low: 3, high: 4 } }),
        resultOpportunity({ number: 5, rank: null }),
      ],
      'calibrated',
    );
    expect(topBandSummary(rows, 2)).toEqual({ inside: 1, crossing: 1, outside: 2 });
    expect(topBandSentence(rows, 1)).toBe(
      'Top 1 band: 0 opportunities surely in it, 2 opportunities that could be in or out, 2 opportunities surely outside.',
    );
    expect(topBandSentence(rows, 4)).toBe(
      'Top 4 band: 4 opportunities surely in it, 0 opportunities that could be in or out, 0 opportunities surely outside.',
    );
  });
});
