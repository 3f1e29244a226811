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

/**
 * From this many reviews up, an opportunity's resampled means are drawn from their normal limit
 * instead of by drawing reviews: the bootstrap distribution of a mean of 30 or more draws is
 * normal to well within a rank place, with the mean and (co)variance the resampling would give
 * (the reviews' plug-in covariance / m), and the cost no longer grows with the reviews. A panel of
 * 200 reviewers on 50 opportunities would otherwise draw 10 million reviews per call.
 */
export const NORMAL_LIMIT_REVIEWS = 30;

export type RankIntervalInput = {
  /** Reviews of the k-th ranked opportunity are start[k] .. start[k + 1] - 1 (all k have one). */
  start: Int32Array;
  /** One or two statistics to rank, each with one value per review (raw and calibrated). */
  statistics: [Float64Array] | [Float64Array, Float64Array];
  resamples: number;
  level: number;
  seed: number;
  /** NORMAL_LIMIT_REVIEWS unless a test needs every opportunity resampled review by review. */
  normalLimitReviews?: number;
};

export function rankIntervals(input: RankIntervalInput): RankInterval[][] {
  const { start, statistics, resamples } = input;
  const n = start.length - 1;
  if (n === 0) return statistics.map(() => []);
  const random = createSeededRandom(input.seed);
  const noiseSd = statistics.map((values) => meanNoiseSd(start, values));
  // histograms[s][k * n + rank - 1]: how often opportunity k got that rank for statistic s.
  const histograms = statistics.map(() => new Int32Array(n * n));
  // With one statistic the second is computed on the same values and never ranked.
  const [first, second = first] = statistics;
  const limits = normalLimits(
    start,
    first,
    second,
    input.normalLimitReviews ?? NORMAL_LIMIT_REVIEWS,
  );
  const drawn = [new Float64Array(n), new Float64Array(n)];
  const means = new Float64Array(n);
  const sorted = new Float64Array(n);
  const noise = new Float64Array(n);
  let exactReviews = 0;
  for (let k = 0; k < n; k++) if (limits[k] === null) exactReviews += start[k + 1]! - start[k]!;
  const uniforms = new Float64Array(exactReviews);

  for (let b = 0; b < resamples; b++) {
    random.fill(uniforms);
    let cursor = 0;
    for (let k = 0; k < n; k++) {
      const limit = limits[k];
      if (limit) {
        const z1 = random.normal();
        const z2 = random.normal();
        drawn[0]![k] = limit.mean1 + limit.l11 * z1;
        drawn[1]![k] = limit.mean2 + limit.l21 * z1 + limit.l22 * z2;
        continue;
      }
      // The same drawn reviews feed both statistics, as one resample of the panel.
      const from = start[k]!;
      const m = start[k + 1]! - from;
      let a = 0;
      let c = 0;
      for (let d = 0; d < m; d++) {
        const r = from + Math.floor(uniforms[cursor++]! * m);
        a += first[r]!;
        c += second[r]!;
      }
      drawn[0]![k] = a / m;
      drawn[1]![k] = c / m;
    }
    // One smoothing draw per opportunity, scaled for each statistic: it stands for the same
    // unobserved reviews.
    for (let k = 0; k < n; k++) noise[k] = random.normal();
    for (let s = 0; s < statistics.length; s++) {
      const sd = noiseSd[s]!;
      const values = drawn[s]!;
      for (let k = 0; k < n; k++) means[k] = values[k]! + sd[k]! * noise[k]!;
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

type NormalLimit = { mean1: number; mean2: number; l11: number; l21: number; l22: number };

/**
 * Per opportunity with enough reviews, the means and the Cholesky factor of the covariance / m of
 * the two statistics over its reviews; null for the opportunities resampled review by review.
 */
function normalLimits(
  start: Int32Array,
  first: Float64Array,
  second: Float64Array,
  minimum: number,
): Array<NormalLimit | null> {
  return Array.from({ length: start.length - 1 }, (_, k) => {
    const from = start[k]!;
    const m = start[k + 1]! - from;
    if (m < minimum) return null;
    let mean1 = 0;
    let mean2 = 0;
    for (let r = from; r < from + m; r++) {
      mean1 += first[r]! / m;
      mean2 += second[r]! / m;
    }
    let v11 = 0;
    let v12 = 0;
    let v22 = 0;
    for (let r = from; r < from + m; r++) {
      const d1 = first[r]! - mean1;
      const d2 = second[r]! - mean2;
      v11 += d1 * d1;
      v12 += d1 * d2;
      v22 += d2 * d2;
    }
    // Plug-in covariance / m = sum of products / m^2.
    const l11 = Math.sqrt(v11) / m;
    const l21 = l11 > 0 ? v12 / (m * m * l11) : 0;
    const l22 = Math.sqrt(Math.max(v22 / (m * m) - l21 * l21, 0));
    return { mean1, mean2, l11, l21, l22 };
  });
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
