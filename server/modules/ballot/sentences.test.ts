import { describe, expect, it } from 'vitest';
import { EXCLUDED, UNRANKED } from './count';
import type { CandidateRow } from './queries';
import { ballotVector, scoreOrder } from './results';
import { type PairFigures, pairSentence, percentOf, winnerOf } from './sentences';

const candidate = (number: number, title: string): CandidateRow => ({
  id: `00000000-0000-4000-8000-00000000000${number}`,
  number,
  title,
  imageUrl: null,
});
const candidates = [
  candidate(3, 'Solar kiosks'),
  candidate(5, 'Bike clinics'),
  candidate(7, 'Water carts'),
];

const pair = (figures: Partial<PairFigures>): PairFigures => ({
  above: 0,
  below: 2,
  strength: 0,
  against: 0,
  path: [],
  weakest: null,
  direct: { for: 0, against: 0 },
  sameGroup: false,
  ...figures,
});

describe('the sentence of a pair', () => {
  it('walks an indirect path to its weakest link', () => {
    expect(
      pairSentence(
        pair({
          strength: 28,
          against: 25,
          path: [0, 1, 2],
          weakest: { from: 1, to: 2, votes: 28 },
          direct: { for: 17, against: 30 },
        }),
        candidates,
      ),
    ).toBe(
      '#3 Solar kiosks is above #7 Water carts: its strongest path to it, #3 → #5 → #7, holds 28 votes at its weakest link (#5 over #7), against 25 the other way.',
    );
  });

  it('says a direct win with its score, and when nothing leads back', () => {
    expect(
      pairSentence(
        pair({ strength: 28, against: 0, path: [0, 2], direct: { for: 28, against: 17 } }),
        candidates,
      ),
    ).toBe(
      '#3 Solar kiosks beats #7 Water carts directly, 28 to 17, and no path of pairwise wins leads back.',
    );
    expect(
      pairSentence(
        pair({ strength: 1, against: 0, path: [0, 2], direct: { for: 1, against: 0 } }),
        candidates,
      ),
    ).toBe(
      '#3 Solar kiosks beats #7 Water carts directly, 1 to 0, and no path of pairwise wins leads back.',
    );
  });

  it('says a tie, with or without a path', () => {
    expect(pairSentence(pair({ strength: 25, against: 25, sameGroup: true }), candidates)).toBe(
      '#3 Solar kiosks and #7 Water carts are tied: the strongest path each way holds 25 votes.',
    );
    expect(pairSentence(pair({ sameGroup: true }), candidates)).toBe(
      '#3 Solar kiosks and #7 Water carts are tied: no path of pairwise wins leads from either to the other.',
    );
    expect(pairSentence(pair({ strength: 1, against: 1 }), candidates)).toBe(
      '#3 Solar kiosks and #7 Water carts are tied with each other (the strongest path each way holds 1 vote); #3 Solar kiosks is placed higher by how each fares against the others.',
    );
  });
});

describe('the winner', () => {
  const winner = (groups: number[][], firstShare: number[], ballots = 10) =>
    winnerOf({ ballots, groups, firstShare, candidates });

  it('is clear when first in enough resamples', () => {
    expect(winner([[2], [0, 1]], [0.02, 0.01, 0.97])).toEqual({
      clear: true,
      message: '#7 Water carts wins; it comes first in 97% of resamples.',
    });
  });

  it('is not clear below the line, naming the top rivals', () => {
    expect(winner([[0], [2], [1]], [0.62, 0.03, 0.35])).toEqual({
      clear: false,
      message:
        'The winner is not clear: #3 Solar kiosks comes first in 62% of resamples, #7 Water carts in 35%, #5 Bike clinics in 3%.',
    });
    expect(winner([[0], [1, 2]], [0.895, 0, 0.105]).message).toBe(
      'The winner is not clear: #3 Solar kiosks comes first in 89.5% of resamples, #7 Water carts in 11%.',
    );
  });

  it('is none for a tie at the top or without ballots', () => {
    expect(winner([[0, 2], [1]], [1, 0, 1])).toEqual({
      clear: false,
      message: 'No clear winner: #3 Solar kiosks and #7 Water carts are tied.',
    });
    expect(winner([[0, 1, 2]], [1, 1, 1])).toEqual({
      clear: false,
      message: 'No clear winner: #3 Solar kiosks, #5 Bike clinics and #7 Water carts are tied.',
    });
    expect(winner([[0, 1, 2]], [0, 0, 0], 0)).toEqual({
      clear: false,
      message: 'No ballots yet.',
    });
  });

  it('writes shares as whole percentages unless that would round up to the line', () => {
    expect(percentOf(0.9)).toBe('90%');
    expect(percentOf(0.899)).toBe('89.9%');
    expect(percentOf(0.004)).toBe('0%');
  });
});

describe('a ballot over the candidates', () => {
  const [x, y, z] = candidates.map((row) => row.id) as [string, string, string];

  it('numbers the groups that still hold a candidate, and leaves the rest unranked', () => {
    const gone = '00000000-0000-4000-8000-000000000009';
    expect([...ballotVector([[gone], [z, y]], candidates, new Set())!]).toEqual([UNRANKED, 0, 0]);
  });

  it('excludes a conflicted candidate even where it was ranked, and drops an empty ballot', () => {
    expect([...ballotVector([[y], [x]], candidates, new Set([y]))!]).toEqual([
      0,
      EXCLUDED,
      UNRANKED,
    ]);
    expect(ballotVector([[y]], candidates, new Set([y]))).toBeNull();
    expect(ballotVector([], candidates, new Set())).toBeNull();
  });
});

describe('the score order', () => {
  it('groups equal composites, best first, the unreviewed last', () => {
    expect(scoreOrder([3.2, null, 4.1, 3.2, null])).toEqual({
      groups: [[2], [0, 3], [1, 4]],
      places: [2, null, 1, 2, null],
    });
  });
});
