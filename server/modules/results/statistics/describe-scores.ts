import type { Panel } from './panel';
import { round4 } from './ranking';

/**
 * Raw descriptive figures per opportunity. Means are rounded exactly as PostgreSQL's
 * round(avg(numeric), 4) does (half away from zero, on the exact mean), so the raw composite here
 * equals analytics' avgComposite to the last digit: scores are integers and composites multiples
 * of 1/5, so scaled sums are exact integers.
 */
export type Description = {
  count: number;
  mean: number | null;
  sd: number | null;
  min: number | null;
  max: number | null;
};

export function describeScores(panel: Panel, values: Float64Array, unitsPerPoint: number) {
  const rows: Description[] = [];
  for (let j = 0; j < panel.opportunityCount; j++) {
    const from = panel.start[j]!;
    const count = panel.start[j + 1]! - from;
    if (count === 0) {
      rows.push({ count, mean: null, sd: null, min: null, max: null });
      continue;
    }
    let units = 0;
    let isExact = true;
    let sum = 0;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let r = from; r < from + count; r++) {
      const value = values[r]!;
      const scaled = Math.round(value * unitsPerPoint);
      isExact &&= Math.abs(value * unitsPerPoint - scaled) < 1e-6;
      units += scaled;
      sum += value;
      min = Math.min(min, value);
      max = Math.max(max, value);
    }
    const mean = sum / count;
    let squares = 0;
    for (let r = from; r < from + count; r++) squares += (values[r]! - mean) ** 2;
    rows.push({
      count,
      mean: isExact ? exactMean4(units, count * unitsPerPoint) : round4(mean),
      sd: round4(Math.sqrt(squares / count)),
      min: round4(min),
      max: round4(max),
    });
  }
  return rows;
}

/** units / divisor rounded to 4 decimals, half away from zero, in integer arithmetic. */
export function exactMean4(units: number, divisor: number): number {
  const scaled = Math.abs(units) * 10_000 * 2 + divisor; // 2 * (|mean| * 10^4 + 1/2) * divisor
  const rounded = Math.floor(scaled / (2 * divisor));
  const value = (Math.sign(units) * rounded) / 10_000;
  return value === 0 ? 0 : value;
}
