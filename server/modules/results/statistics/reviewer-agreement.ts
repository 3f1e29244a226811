import type { ReviewerFlag } from '@shared/results-schemas';
import type { Panel } from './panel';

/**
 * Per reviewer: the opportunities shared with at least one other reviewer, and the Pearson
 * correlation of the reviewer's composites with the mean of the OTHER reviewers' composites on
 * those opportunities (the reviewer's own score is left out of the panel mean, or a reviewer
 * would partly agree with themselves). Undefined below MIN_SHARED shared opportunities, where a
 * correlation means nothing, or without variation on either side.
 */
export const MIN_SHARED = 3;
export const OFFSET_FLAG = 0.5;
export const OUT_OF_LINE_AGREEMENT = 0.2;
export const OUT_OF_LINE_MIN_SHARED = 5;

export type ReviewerAgreement = { sharedCount: number; agreement: number | null };

export function reviewerAgreement(panel: Panel, composites: Float64Array): ReviewerAgreement[] {
  const own: number[][] = Array.from({ length: panel.reviewerCount }, () => []);
  const others: number[][] = Array.from({ length: panel.reviewerCount }, () => []);
  for (let j = 0; j < panel.opportunityCount; j++) {
    const from = panel.start[j]!;
    const m = panel.start[j + 1]! - from;
    if (m < 2) continue;
    let sum = 0;
    for (let r = from; r < from + m; r++) sum += composites[r]!;
    for (let r = from; r < from + m; r++) {
      const i = panel.reviewer[r]!;
      own[i]!.push(composites[r]!);
      others[i]!.push((sum - composites[r]!) / (m - 1));
    }
  }
  return own.map((xs, i) => ({
    sharedCount: xs.length,
    agreement: xs.length >= MIN_SHARED ? pearson(xs, others[i]!) : null,
  }));
}

export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  let mx = 0;
  let my = 0;
  for (let k = 0; k < n; k++) {
    mx += xs[k]!;
    my += ys[k]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let k = 0; k < n; k++) {
    const dx = xs[k]! - mx;
    const dy = ys[k]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  // Composites are multiples of 0.2: "no variation" is a sum of squares at rounding-noise level.
  if (sxx < 1e-12 || syy < 1e-12) return null;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

/** Flags from the rounded figures the table shows, so a flag never contradicts its number. */
export function reviewerFlagsOf(row: {
  offset: number | null;
  sharedCount: number;
  agreement: number | null;
}): ReviewerFlag[] {
  const flags: ReviewerFlag[] = [];
  if (row.offset !== null && row.offset >= OFFSET_FLAG) flags.push('lenient');
  if (row.offset !== null && row.offset <= -OFFSET_FLAG) flags.push('harsh');
  if (
    row.agreement !== null &&
    row.agreement < OUT_OF_LINE_AGREEMENT &&
    row.sharedCount >= OUT_OF_LINE_MIN_SHARED
  ) {
    flags.push('out-of-line');
  }
  return flags;
}
