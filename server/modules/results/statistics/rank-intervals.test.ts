import { describe, expect, it } from 'vitest';
import { NORMAL_LIMIT_REVIEWS, rankIntervals } from './rank-intervals';
import { createSeededRandom } from './seeded-random';

// 30 opportunities whose true means are 0.08 apart, with 40 reviews each (sd 0.6 around the mean);
// `take(k, copies)` keeps the first k reviews of each and repeats each of them `copies` times.
const random = createSeededRandom(2024);
const REVIEWS = Array.from({ length: 30 }, (_, k) =>
  Array.from({ length: 40 }, () => 4.2 - 0.08 * k + 0.6 * random.normal()),
);

function take(k: number, copies = 1) {
  const groups = REVIEWS.map((values) => values.slice(0, k).flatMap((v) => Array(copies).fill(v)));
  const start = Int32Array.from([0, ...groups.map((_, g) => (g + 1) * k * copies)]);
  return { start, values: Float64Array.from(groups.flat()) };
}

function intervalsOf(
  data: { start: Int32Array; values: Float64Array },
  seed = 1,
  normalLimitReviews = NORMAL_LIMIT_REVIEWS,
) {
  return rankIntervals({
    start: data.start,
    statistics: [data.values],
    resamples: 1000,
    level: 0.9,
    seed,
    normalLimitReviews,
  })[0]!;
}

const meanWidth = (intervals: Array<{ low: number; high: number }>) =>
  intervals.reduce((sum, { low, high }) => sum + high - low, 0) / intervals.length;

describe('bootstrap rank intervals', () => {
  it('are widest with one review per opportunity and narrow as reviews are added', () => {
    const widths = [1, 2, 4, 8, 20, 40].map((k) => meanWidth(intervalsOf(take(k))));
    expect(widths[0]).toBeGreaterThan(0);
    for (let x = 1; x < widths.length; x++) expect(widths[x]).toBeLessThan(widths[x - 1]!);
  });

  it('narrow when every review is duplicated', () => {
    for (const k of [1, 2, 4, 20, 40]) {
      const once = intervalsOf(take(k));
      const twice = intervalsOf(take(k, 2));
      expect(meanWidth(twice)).toBeLessThan(meanWidth(once));
      // Per opportunity too, up to the bootstrap's own noise of a place.
      twice.forEach((interval, index) => {
        expect(interval.high - interval.low).toBeLessThanOrEqual(
          once[index]!.high - once[index]!.low + 1,
        );
      });
    }
  });

  it('draw means of many reviews from their normal limit, within a place of resampling them', () => {
    const resampled = intervalsOf(take(40), 1, Number.POSITIVE_INFINITY);
    const limit = intervalsOf(take(40), 1);
    expect(limit).not.toEqual(resampled); // the shortcut was taken
    limit.forEach((interval, k) => {
      expect(Math.abs(interval.low - resampled[k]!.low)).toBeLessThanOrEqual(1);
      expect(Math.abs(interval.high - resampled[k]!.high)).toBeLessThanOrEqual(1);
    });
  });

  it('give the same intervals for the same data and seed', () => {
    expect(intervalsOf(take(3), 5)).toEqual(intervalsOf(take(3), 5));
    expect(intervalsOf(take(3), 5)).not.toEqual(intervalsOf(take(3), 6));
  });

  it('cover the order of clearly separated opportunities exactly', () => {
    const start = Int32Array.from([0, 3, 6, 9]);
    const values = Float64Array.from([4.8, 5, 4.9, 3, 3.2, 3.1, 1, 1.2, 1.1]);
    expect(intervalsOf({ start, values })).toEqual([
      { low: 1, high: 1 },
      { low: 2, high: 2 },
      { low: 3, high: 3 },
    ]);
  });

  it('rank raw and calibrated values from the same resamples', () => {
    const data = take(4);
    const [raw, same] = rankIntervals({
      start: data.start,
      statistics: [data.values, data.values],
      resamples: 200,
      level: 0.9,
      seed: 3,
    });
    expect(same).toEqual(raw);
  });
});
