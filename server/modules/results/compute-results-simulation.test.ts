import { describe, expect, it } from 'vitest';
import { computeResults } from './compute-results';
import { simulatePanel } from './statistics/simulated-panel';

// Issue 19's simulation: 50 opportunities, 40 reviewers, 4 random reviewers per opportunity,
// true quality ~ N(3, 0.6), reviewer offsets ~ N(0, 0.5), noise sd 0.5 per criterion, scores
// rounded and clamped to 1-5. The figures are computed when the file is collected, so that they
// appear in the test names of every run.
const SEEDS = 100;
const TOP = 10;

/** Spearman correlation of two rankings without ties (ranks 1..n). */
function spearman(a: number[], b: number[]): number {
  const n = a.length;
  const squares = a.reduce((sum, rank, k) => sum + (rank - b[k]!) ** 2, 0);
  return 1 - (6 * squares) / (n * (n * n - 1));
}

function simulate() {
  const totals = { rawSpearman: 0, calibratedSpearman: 0, rawTop: 0, calibratedTop: 0 };
  for (let seed = 1; seed <= SEEDS; seed++) {
    const { input, quality } = simulatePanel({ seed, reviewersPerOpportunity: 4 });
    const results = computeResults(input, { resamples: 20 });
    const truth = [...quality.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    const trueRank = new Map(truth.map((id, index) => [id, index + 1]));
    const rows = results.opportunities;
    const trueRanks = rows.map((row) => trueRank.get(row.id)!);
    const isTop = (rank: number | null) => rank !== null && rank <= TOP;
    const overlap = (rank: (row: (typeof rows)[number]) => number | null) =>
      rows.filter((row) => isTop(rank(row)) && isTop(trueRank.get(row.id)!)).length;
    totals.rawSpearman += spearman(
      rows.map((row) => row.rawRank!),
      trueRanks,
    );
    totals.calibratedSpearman += spearman(
      rows.map((row) => row.calibratedRank!),
      trueRanks,
    );
    totals.rawTop += overlap((row) => row.rawRank);
    totals.calibratedTop += overlap((row) => row.calibratedRank);
  }
  return {
    rawSpearman: totals.rawSpearman / SEEDS,
    calibratedSpearman: totals.calibratedSpearman / SEEDS,
    rawTop: totals.rawTop / SEEDS,
    calibratedTop: totals.calibratedTop / SEEDS,
  };
}

/** Share of opportunities whose true rank lies inside their calibrated 90% interval. */
function coverage(seeds: number) {
  let inside = 0;
  let total = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    const { input, quality } = simulatePanel({ seed, reviewersPerOpportunity: 4 });
    const truth = [...quality.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    for (const row of computeResults(input).opportunities) {
      const trueRank = truth.indexOf(row.id) + 1;
      const { low, high } = row.calibratedRankInterval!;
      if (low <= trueRank && trueRank <= high) inside++;
      total++;
    }
  }
  return inside / total;
}

const figures = simulate();
const covered = coverage(20);
const f = (value: number, digits: number) => value.toFixed(digits);

describe(`simulation over ${SEEDS} seeds: mean Spearman with the true quality raw ${f(figures.rawSpearman, 3)}, calibrated ${f(figures.calibratedSpearman, 3)}; mean top-${TOP} overlap raw ${f(figures.rawTop, 2)}, calibrated ${f(figures.calibratedTop, 2)}`, () => {
  it(`the calibrated ranking beats the raw one by at least 0.05 (by ${f(figures.calibratedSpearman - figures.rawSpearman, 3)})`, () => {
    expect(figures.calibratedSpearman - figures.rawSpearman).toBeGreaterThanOrEqual(0.05);
  });

  it(`the calibrated top ${TOP} overlaps the true top ${TOP} more (by ${f(figures.calibratedTop - figures.rawTop, 2)})`, () => {
    expect(figures.calibratedTop).toBeGreaterThan(figures.rawTop);
  });

  it(`the calibrated 90% rank interval holds the true rank about 90% of the time (${f(100 * covered, 1)}% over 20 seeds)`, () => {
    expect(covered).toBeGreaterThan(0.85);
    expect(covered).toBeLessThan(0.97);
  });

  it('with no reviewer offsets and full coverage the calibrated ranking is the raw ranking', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const { input } = simulatePanel({ seed, offsetSd: 0 });
      const results = computeResults(input, { resamples: 20 });
      for (const row of results.opportunities) expect(row.calibratedRank).toBe(row.rawRank);
    }
  });

  it('with full coverage the calibrated ranking is the raw ranking even with offsets', () => {
    const { input } = simulatePanel({ seed: 11, offsetSd: 0.5 });
    const results = computeResults(input, { resamples: 20 });
    for (const row of results.opportunities) expect(row.calibratedRank).toBe(row.rawRank);
  });
});
