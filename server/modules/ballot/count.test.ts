import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countBallots, EXCLUDED, linkStrength, strongestPath, UNRANKED } from './count';

/** Ballots written as Schulze's paper writes them: [voters, 'ACBED'] (best first, no ties). */
function fromOrders(letters: string, orders: [number, string][]): Int32Array[] {
  const ballots: Int32Array[] = [];
  for (const [voters, order] of orders) {
    const ranks = Int32Array.from(letters, (letter) => order.indexOf(letter));
    for (let v = 0; v < voters; v++) ballots.push(ranks);
  }
  return ballots;
}

function namedGroups(letters: string, groups: number[][]): string[] {
  return groups.map((group) => group.map((k) => letters[k]).join(''));
}

describe('the Schulze count against published examples', () => {
  it("counts Schulze's 45-voter example (paper, example 1): E > A > C > B > D", () => {
    const count = countBallots({
      n: 5,
      ballots: fromOrders('ABCDE', [
        [5, 'ACBED'],
        [5, 'ADECB'],
        [8, 'BEDAC'],
        [3, 'CABED'],
        [7, 'CAEBD'],
        [2, 'CBADE'],
        [7, 'DCEBA'],
        [8, 'EBADC'],
      ]),
      resamples: 0,
    });
    // The pairwise preferences and strongest paths as the paper (and Wikipedia) print them.
    expect(count.d).toEqual([
      [0, 20, 26, 30, 22],
      [25, 0, 16, 33, 18],
      [19, 29, 0, 17, 24],
      [15, 12, 28, 0, 14],
      [23, 27, 21, 31, 0],
    ]);
    expect(count.p).toEqual([
      [0, 28, 28, 30, 24],
      [25, 0, 28, 33, 24],
      [25, 29, 0, 29, 24],
      [25, 28, 28, 0, 24],
      [25, 28, 28, 31, 0],
    ]);
    expect(namedGroups('ABCDE', count.groups)).toEqual(['E', 'A', 'C', 'B', 'D']);
    expect(count.places).toEqual([2, 4, 3, 5, 1]);
    // E's strongest path to A: E > D (31) > C (28) > A (25)... the weakest link holds 25.
    const path = strongestPath(count, 4, 0);
    expect(path[0]).toBe(4);
    expect(path.at(-1)).toBe(0);
    expect(Math.min(...path.slice(1).map((to, t) => linkStrength(count.d, path[t]!, to)))).toBe(25);
  });

  it("counts the paper's example 2 (30 voters, 4 candidates): D > A > C > B", () => {
    const count = countBallots({
      n: 4,
      ballots: fromOrders('ABCD', [
        [5, 'ACBD'],
        [2, 'ACDB'],
        [3, 'ADCB'],
        [4, 'BACD'],
        [3, 'CBDA'],
        [3, 'CDBA'],
        [1, 'DACB'],
        [5, 'DBAC'],
        [4, 'DCBA'],
      ]),
      resamples: 0,
    });
    expect(namedGroups('ABCD', count.groups)).toEqual(['D', 'A', 'C', 'B']);
  });

  it("counts the paper's example 3 (30 voters, 5 candidates): B > A > D > E > C", () => {
    const count = countBallots({
      n: 5,
      ballots: fromOrders('ABCDE', [
        [3, 'ABDEC'],
        [5, 'ADEBC'],
        [1, 'ADECB'],
        [2, 'BADEC'],
        [2, 'BDECA'],
        [4, 'CABDE'],
        [6, 'CBADE'],
        [2, 'DBECA'],
        [5, 'DECAB'],
      ]),
      resamples: 0,
    });
    expect(namedGroups('ABCDE', count.groups)).toEqual(['B', 'A', 'D', 'E', 'C']);
  });

  it("keeps the ties of the paper's example 4 (9 voters): B and D first, A and C after", () => {
    const count = countBallots({
      n: 4,
      ballots: fromOrders('ABCD', [
        [3, 'ABCD'],
        [2, 'DABC'],
        [2, 'DBCA'],
        [2, 'CBDA'],
      ]),
      resamples: 0,
    });
    expect(namedGroups('ABCD', count.groups)).toEqual(['BD', 'AC']);
    expect(count.places).toEqual([3, 1, 3, 1]);
    // A tie broken by nothing: each way the strongest path holds the same.
    expect(count.p[1]![3]).toBe(count.p[3]![1]);
  });
});

describe('ties, partial ballots and conflicts', () => {
  it('counts tied candidates as preferring neither, and unranked ones as tied below the ranked', () => {
    // Candidates A B C D. Ballot 1: A > (B = C), D unranked. Ballot 2: D > A, B and C unranked.
    const count = countBallots({
      n: 4,
      ballots: [Int32Array.of(0, 1, 1, UNRANKED), Int32Array.of(1, UNRANKED, UNRANKED, 0)],
      resamples: 0,
    });
    expect(count.d).toEqual([
      [0, 2, 2, 1],
      [0, 0, 0, 1],
      [0, 0, 0, 1],
      [1, 1, 1, 0],
    ]);
    // Borda: a point per candidate ranked below, half per tie (B and C; the unranked pair too).
    expect(count.bordaPoints).toEqual([3 + 2, 0.5 + 1 + 0.5, 0.5 + 1 + 0.5, 0 + 3]);
    expect(count.bordaGroups).toEqual([[0], [3], [1, 2]]);
  });

  it('removes only the comparisons that involve a conflicted candidate', () => {
    // The voter ranks A > B > C but has a conflict with B: A over C still counts.
    const count = countBallots({ n: 3, ballots: [Int32Array.of(0, EXCLUDED, 2)], resamples: 0 });
    expect(count.d).toEqual([
      [0, 0, 1],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(count.bordaPoints).toEqual([1, 0, 0]);
  });

  it('leaves every candidate tied first when nobody has voted', () => {
    const count = countBallots({ n: 3, ballots: [] });
    expect(count.groups).toEqual([[0, 1, 2]]);
    expect(count.keepShare).toEqual([1, 1, 1]);
    expect(count.interval).toEqual([
      { low: 1, high: 1 },
      { low: 1, high: 1 },
      { low: 1, high: 1 },
    ]);
  });
});

/**
 * A second implementation from the definitions, sharing nothing with count.ts: ballots as lists
 * of positions (null: unranked; 'conflict': excluded), d by comparing positions, p by enumerating
 * every simple path, and places by the longest chain of candidates that beat each one.
 */
type Position = number | null | 'conflict';

function bruteForce(n: number, voters: Position[][]) {
  const d = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (const positions of voters) {
    for (let x = 0; x < n; x++) {
      for (let y = 0; y < n; y++) {
        const px = positions[x]!;
        const py = positions[y]!;
        if (x === y || px === 'conflict' || py === 'conflict') continue;
        if ((px ?? Number.POSITIVE_INFINITY) < (py ?? Number.POSITIVE_INFINITY)) d[x]![y]!++;
      }
    }
  }
  const link = (x: number, y: number) => (d[x]![y]! > d[y]![x]! ? d[x]![y]! : 0);
  const p = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const walk = (start: number, at: number, weakest: number, seen: Set<number>) => {
    for (let next = 0; next < n; next++) {
      if (seen.has(next) || link(at, next) === 0) continue;
      const strength = Math.min(weakest, link(at, next));
      p[start]![next] = Math.max(p[start]![next]!, strength);
      seen.add(next);
      walk(start, next, strength, seen);
      seen.delete(next);
    }
  };
  for (let start = 0; start < n; start++)
    walk(start, start, Number.POSITIVE_INFINITY, new Set([start]));
  const beats = (x: number, y: number) => p[x]![y]! > p[y]![x]!;
  const chain = (x: number): number =>
    Math.max(0, ...Array.from({ length: n }, (_, y) => (beats(y, x) ? 1 + chain(y) : 0)));
  const chains = Array.from({ length: n }, (_, x) => chain(x));
  const places = chains.map((mine) => 1 + chains.filter((other) => other < mine).length);
  return { d, p, places };
}

const electionArbitrary = fc.integer({ min: 2, max: 6 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    voters: fc.array(
      fc.array(
        fc.oneof(
          { weight: 6, arbitrary: fc.integer({ min: 0, max: n - 1 }) },
          { weight: 2, arbitrary: fc.constant(null) },
          { weight: 1, arbitrary: fc.constant('conflict' as const) },
        ),
        { minLength: n, maxLength: n },
      ),
      { minLength: 0, maxLength: 25 },
    ),
  }),
);

function toBallot(positions: Position[]): Int32Array {
  return Int32Array.from(positions, (position) =>
    position === 'conflict' ? EXCLUDED : position === null ? UNRANKED : position,
  );
}

describe('the count against a brute-force second implementation', () => {
  it('agrees on d, p and the places for random ballots with ties, gaps and conflicts', () => {
    fc.assert(
      fc.property(electionArbitrary, ({ n, voters }) => {
        const count = countBallots({ n, ballots: voters.map(toBallot), resamples: 0 });
        const expected = bruteForce(n, voters);
        expect(count.d).toEqual(expected.d);
        expect(count.p).toEqual(expected.p);
        expect(count.places).toEqual(expected.places);
      }),
      { numRuns: 400 },
    );
  });

  it('explains every strongest path by a path whose weakest link is p', () => {
    fc.assert(
      fc.property(electionArbitrary, ({ n, voters }) => {
        const count = countBallots({ n, ballots: voters.map(toBallot), resamples: 0 });
        for (let i = 0; i < n; i++) {
          for (let j = 0; j < n; j++) {
            const path = strongestPath(count, i, j);
            if (i === j || count.p[i]![j] === 0) {
              expect(path).toEqual([]);
              continue;
            }
            expect([path[0], path.at(-1)]).toEqual([i, j]);
            expect(new Set(path).size).toBe(path.length);
            const links = path.slice(1).map((to, t) => linkStrength(count.d, path[t]!, to));
            expect(Math.min(...links)).toBe(count.p[i]![j]);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('how sure the order is', () => {
  it('gives a unanimous panel certain places', () => {
    const ballots = Array.from({ length: 20 }, () => Int32Array.of(2, 0, 1));
    const count = countBallots({ n: 3, ballots });
    expect(count.places).toEqual([3, 1, 2]);
    expect(count.keepShare).toEqual([1, 1, 1]);
    expect(count.firstShare).toEqual([0, 1, 0]);
    expect(count.interval).toEqual([
      { low: 3, high: 3 },
      { low: 1, high: 1 },
      { low: 2, high: 2 },
    ]);
  });

  it('matches the binomial truth of a 55 to 45 split of 200 voters', () => {
    // Resampling 200 voters of whom 110 prefer A: A is first (alone or tied) when at least 100
    // of the 200 drawn prefer A, B when at most 100 do. Both probabilities follow from the
    // binomial distribution, computed here exactly.
    const ballots = [
      ...Array.from({ length: 110 }, () => Int32Array.of(0, 1)),
      ...Array.from({ length: 90 }, () => Int32Array.of(1, 0)),
    ];
    const count = countBallots({ n: 2, ballots, resamples: 4000, seed: 11 });
    const atLeast100 = binomialTail(200, 0.55, 100);
    const atMost100 = 1 - binomialTail(200, 0.55, 101);
    expect(count.firstShare[0]).toBeCloseTo(atLeast100, 1);
    expect(Math.abs(count.firstShare[0]! - atLeast100)).toBeLessThan(0.02);
    expect(Math.abs(count.firstShare[1]! - atMost100)).toBeLessThan(0.02);
    expect(count.keepShare[0]).toBe(count.firstShare[0]);
    // A is second in about 7% of resamples and B first in about 9%: both more than the 5% a
    // 90% interval leaves out at each end, so both intervals span both places.
    expect(1 - atLeast100).toBeGreaterThan(0.05);
    expect(atMost100).toBeGreaterThan(0.05);
    expect(count.interval).toEqual([
      { low: 1, high: 2 },
      { low: 1, high: 2 },
    ]);
  });

  it('gives the same figures for the same seed and different ones for another', () => {
    const ballots = Array.from({ length: 30 }, (_, v) =>
      Int32Array.of(v % 3, (v + 1) % 3, (v * 7) % 3),
    );
    const once = countBallots({ n: 3, ballots, seed: 5 });
    expect(countBallots({ n: 3, ballots, seed: 5 })).toEqual(once);
    expect(countBallots({ n: 3, ballots, seed: 6 }).keepShare).not.toEqual(once.keepShare);
  });
});

/** P(X >= k) for X ~ Binomial(n, q), by summing the probabilities in log space. */
function binomialTail(n: number, q: number, k: number): number {
  let logChoose = 0;
  let total = 0;
  for (let x = 0; x <= n; x++) {
    if (x > 0) logChoose += Math.log(n - x + 1) - Math.log(x);
    if (x >= k) total += Math.exp(logChoose + x * Math.log(q) + (n - x) * Math.log(1 - q));
  }
  return total;
}
