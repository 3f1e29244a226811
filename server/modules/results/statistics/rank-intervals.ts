import type { RankInterval } from '@shared/results-schemas';
import { createSeededRandom } from './seeded-random';

/**
 * 90% intervals of the ranks by a smoothed bootstrap (docs/decisions/0010-decision-support.md).
 * Each resample draws every opportunity's reviews with replacement and ranks the opportunities by
 * the mean of the drawn values; the interval runs from the 5th to the 95th percentile of the ranks.
 *
 * A plain bootstrap of one review never varies, so one review would look certain. Each drawn
 * value therefore gets Gaussian noise whose variance tops the opportunity's own spread up to the
 * panel's pooled within-opportunity variance s^2: the mean of m draws then varies by about
 * max(own variance, s^2) / m, widest for one review and narrower with every added review. s^2 is
 * shrunk toward PRIOR_SD^2 with PRIOR_DEGREES pseudo degrees of freedom, which is the fallback
 * when nothing can be pooled (one review everywhere) and keeps perfect agreement from claiming
 * certainty. The noise of the mean of m draws is drawn at once (the sum of m normals is normal).
 */
export const PRIOR_SD = 0.75;
export const PRIOR_DEGREES = 2;

export type RankIntervalInput = {
  /** Reviews of the k-th ranked opportunity are start[k] .. start[k + 1] - 1 (all k have one). */
  start: Int32Array;
  /** Statistics to rank, each with one value per review (e.g. raw and calibrated composites). */
  statistics: Float64Array[];
  resamples: number;
  level: number;
  seed: number;
};

export function rankIntervals(input: RankIntervalInput): RankInterval[][] {
  const { start, statistics, resamples } = input;
  const n = start.length - 1;
  if (statistics.length < 1 || statistics.length > 2) throw new Error('one or two statistics');
  if (n === 0) return statistics.map(() => []);
  const random = createSeededRandom(input.seed);
  const noiseSd = statistics.map((values) => meanNoiseSd(start, values));
  // histograms[s][k * n + rank - 1]: how often opportunity k got that rank for statistic s.
  const histograms = statistics.map(() => new Int32Array(n * n));
  const sums = statistics.map(() => new Float64Array(n));
  const means = new Float64Array(n);
  const sorted = new Float64Array(n);
  const noise = new Float64Array(n);

  const [first, second] = statistics as [Float64Array, Float64Array?];
  const sumsFirst = sums[0]!;
  const sumsSecond = sums[1] ?? sumsFirst;
  const otherValues = second ?? first;
  const uniforms = new Float64Array(start[n]!);
  for (let b = 0; b < resamples; b++) {
    // The same drawn reviews feed both statistics, as one resample of the panel. The loop is
    // written for at most two statistics (raw and calibrated) because it runs 10 million times
    // for 10,000 reviews.
    random.fill(uniforms);
    for (let k = 0; k < n; k++) {
      const from = start[k]!;
      const m = start[k + 1]! - from;
      let a = 0;
      let c = 0;
      for (let d = from; d < from + m; d++) {
        const r = from + Math.floor(uniforms[d]! * m);
        a += first[r]!;
        c += otherValues[r]!;
      }
      sumsFirst[k] = a;
      sumsSecond[k] = c;
    }
    // One noise draw per opportunity, scaled for each statistic: it stands for the same
    // unobserved reviews.
    for (let k = 0; k < n; k++) noise[k] = random.normal();
    for (let s = 0; s < statistics.length; s++) {
      const sd = noiseSd[s]!;
      const sum = sums[s]!;
      for (let k = 0; k < n; k++)
        means[k] = sum[k]! / (start[k + 1]! - start[k]!) + sd[k]! * noise[k]!;
      addRanks(means, sorted, histograms[s]!);
    }
  }
  const tail = (1 - input.level) / 2;
  return histograms.map((histogram) =>
    Array.from({ length: n }, (_, k) => ({
      low: percentileRank(histogram, k, n, Math.ceil(tail * resamples)),
      high: percentileRank(histogram, k, n, Math.ceil((1 - tail) * resamples)),
    })),
  );
}

/**
 * Rank = 1 + the number of opportunities ahead (higher mean, or equal and earlier in number
 * order), found by binary search in the sorted means: comparing every pair costs n^2
 * unpredictable branches per resample, several times slower at 50 opportunities.
 */
function addRanks(means: Float64Array, sorted: Float64Array, histogram: Int32Array) {
  const n = means.length;
  sorted.set(means);
  sorted.sort();
  for (let k = 0; k < n; k++) {
    const value = means[k]!;
    const above = firstAbove(sorted, value);
    let ahead = n - above;
    // Equal means (possible only without noise) are ordered by number.
    if (above >= 2 && sorted[above - 2] === value) {
      for (let other = 0; other < k; other++) if (means[other] === value) ahead++;
    }
    histogram[k * n + ahead]! += 1;
  }
}

/** Index of the first entry of an ascending array greater than value. */
function firstAbove(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! > value) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The smallest rank whose cumulative count reaches `count` (nearest-rank percentile). */
function percentileRank(histogram: Int32Array, k: number, n: number, count: number): number {
  let cumulative = 0;
  for (let rank = 1; rank <= n; rank++) {
    cumulative += histogram[k * n + rank - 1]!;
    if (cumulative >= Math.max(count, 1)) return rank;
  }
  return n;
}

/** Per opportunity, the sd of the noise added to the mean of its m drawn values. */
function meanNoiseSd(start: Int32Array, values: Float64Array): Float64Array {
  const n = start.length - 1;
  const ownVariance = new Float64Array(n);
  let squares = 0;
  let degrees = 0;
  for (let k = 0; k < n; k++) {
    const from = start[k]!;
    const m = start[k + 1]! - from;
    let sum = 0;
    for (let r = from; r < from + m; r++) sum += values[r]!;
    const mean = sum / m;
    let own = 0;
    for (let r = from; r < from + m; r++) own += (values[r]! - mean) ** 2;
    ownVariance[k] = own / m;
    squares += own;
    degrees += m - 1;
  }
  const pooled = (PRIOR_DEGREES * PRIOR_SD ** 2 + squares) / (PRIOR_DEGREES + degrees);
  return ownVariance.map((own, k) =>
    Math.sqrt(Math.max(pooled - own, 0) / (start[k + 1]! - start[k]!)),
  );
}
