import type { Reliability } from '@shared/results-schemas';

/**
 * Krippendorff's alpha = 1 - D_o / D_e, following "Computing Krippendorff's Alpha-Reliability"
 * (2011): units are opportunities, coders are reviewers, any number of them with missing values.
 * Only pairable values count: a unit with fewer than two values is dropped. With n pairable values
 *   D_o = 1/n * sum over units u of 1/(m_u - 1) * sum over ordered pairs in u of delta^2
 *   D_e = 1/(n (n - 1)) * sum over ordered pairs of all pairable values of delta^2
 * The interval metric has delta^2 = (v - v')^2, the nominal one delta^2 = [v != v'].
 * Undefined (null) when no unit has two values or the values do not vary (D_e = 0).
 */
export type AlphaMetric = 'interval' | 'nominal';

export function krippendorffAlpha(
  units: ReadonlyArray<ArrayLike<number>>,
  metric: AlphaMetric = 'interval',
): number | null {
  const pairable = units.filter((unit) => unit.length >= 2);
  let n = 0;
  for (const unit of pairable) n += unit.length;
  if (n < 2) return null;
  let observed = 0;
  for (const unit of pairable) observed += pairDisagreement([unit], metric) / (unit.length - 1);
  const expected = pairDisagreement(pairable, metric) / (n - 1);
  // The common factor 1/n cancels in D_o / D_e.
  if (!(expected > 1e-12 * Math.max(1, observed))) return null;
  return 1 - observed / expected;
}

/**
 * Sum of delta^2 over the ordered pairs of distinct positions of all the values of `groups` taken
 * together, in linear time (the groups are the values' storage, not units).
 */
function pairDisagreement(groups: ReadonlyArray<ArrayLike<number>>, metric: AlphaMetric): number {
  let m = 0;
  let sum = 0;
  for (const values of groups) {
    m += values.length;
    for (let k = 0; k < values.length; k++) sum += values[k]!;
  }
  if (metric === 'nominal') {
    const counts = new Map<number, number>();
    for (const values of groups) {
      for (let k = 0; k < values.length; k++)
        counts.set(values[k]!, (counts.get(values[k]!) ?? 0) + 1);
    }
    let same = 0;
    for (const count of counts.values()) same += count * count;
    return m * m - same;
  }
  // sum_{a,b} (v_a - v_b)^2 = 2 m sum (v - mean)^2, centred to keep the precision.
  const mean = sum / m;
  let squares = 0;
  for (const values of groups) {
    for (let k = 0; k < values.length; k++) squares += (values[k]! - mean) ** 2;
  }
  return 2 * m * squares;
}

export const RELIABLE_ALPHA = 0.8;
export const TENTATIVE_ALPHA = 0.667;

/** The usual reading of alpha (Krippendorff 2004): >= 0.800 reliable, >= 0.667 tentative. */
export function reliabilityOf(alpha: number | null): Reliability {
  if (alpha === null) return { alpha: null, reading: 'not-enough-data' };
  const rounded = Math.round(alpha * 10_000) / 10_000;
  const reading =
    rounded >= RELIABLE_ALPHA
      ? 'reliable'
      : rounded >= TENTATIVE_ALPHA
        ? 'tentative'
        : 'unreliable';
  return { alpha: rounded === 0 ? 0 : rounded, reading };
}
