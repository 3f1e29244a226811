import { opportunityMeans, type Panel, reviewCountsOf } from './panel';

/**
 * The additive reviewer-effect model y_ij = mu + q_j + b_i + e_ij, fitted by penalised least
 * squares: minimise sum (y_ij - a_j - b_i)^2 + penalty * sum b_i^2, where a_j = mu + q_j is the
 * calibrated value of opportunity j (unpenalised) and b_i the offset of reviewer i (positive =
 * lenient). The penalty acts as `penalty` pseudo-reviews at offset 0, so a reviewer with one or two
 * reviews is barely corrected. mu is reported as the grand mean and q_j = a_j - mu; only a_j and
 * b_i reach the output. See docs/decisions/0010-decision-support.md.
 *
 * Solved exactly: the offsets are eliminated (b_i = sum_j (y_ij - a_j) / (n_i + penalty)), leaving
 * a J x J symmetric positive definite system for a (J <= 50 opportunities), factored once by
 * Cholesky and shared by the composite and the five criteria. Backfitting sweeps then polish the
 * solution until no value moves by more than CONVERGENCE_TOLERANCE, which also guards against a
 * badly conditioned factorisation.
 */
export const CONVERGENCE_TOLERANCE = 1e-10;
const MAX_SWEEPS = 200;

export type ReviewerEffects = {
  /** a_j per opportunity; NaN without reviews. */
  calibrated: Float64Array;
  /** b_i per reviewer; 0 without reviews. */
  offsets: Float64Array;
  /** Backfitting sweeps after the exact solve until the tolerance held. */
  sweeps: number;
};

export function fitReviewerEffects(
  panel: Panel,
  outcomes: Float64Array[],
  penalty: number,
): ReviewerEffects[] {
  if (!(penalty > 0))
    throw new Error('the penalty must be positive, or the model is not identified');
  const J = panel.opportunityCount;
  const { perOpportunity, perReviewer } = reviewCountsOf(panel);
  const byReviewer = reviewsByReviewer(panel, perReviewer);

  // A = diag(m_j) - sum_i w_i * (opportunities of i)(opportunities of i)^T, w_i = 1/(n_i + penalty).
  const matrix = new Float64Array(J * J);
  for (let j = 0; j < J; j++) matrix[j * J + j] = perOpportunity[j]! > 0 ? perOpportunity[j]! : 1;
  for (let i = 0; i < panel.reviewerCount; i++) {
    const weight = 1 / (perReviewer[i]! + penalty);
    const from = byReviewer.start[i]!;
    const to = byReviewer.start[i + 1]!;
    for (let x = from; x < to; x++) {
      const row = panel.opportunity[byReviewer.reviews[x]!]! * J;
      for (let y = from; y < to; y++)
        matrix[row + panel.opportunity[byReviewer.reviews[y]!]!]! -= weight;
    }
  }
  const factor = choleskyFactor(matrix, J);

  return outcomes.map((values) => {
    // The right-hand side: sum over j's reviews of y_ij - S_i / (n_i + penalty), S_i = i's total.
    const totals = new Float64Array(panel.reviewerCount);
    for (let r = 0; r < values.length; r++) totals[panel.reviewer[r]!]! += values[r]!;
    const rhs = new Float64Array(J);
    for (let r = 0; r < values.length; r++) {
      const i = panel.reviewer[r]!;
      rhs[panel.opportunity[r]!]! += values[r]! - totals[i]! / (perReviewer[i]! + penalty);
    }
    const calibrated = choleskySolve(factor, J, rhs);
    const offsets = new Float64Array(panel.reviewerCount);
    const sweeps = backfit({ panel, values, penalty, calibrated, offsets, perReviewer });
    for (let j = 0; j < J; j++) if (perOpportunity[j] === 0) calibrated[j] = Number.NaN;
    return { calibrated, offsets, sweeps };
  });
}

/** Alternates the two normal equations until the largest change is below the tolerance. */
function backfit(state: {
  panel: Panel;
  values: Float64Array;
  penalty: number;
  calibrated: Float64Array;
  offsets: Float64Array;
  perReviewer: Int32Array;
}): number {
  const { panel, values, penalty, calibrated, offsets, perReviewer } = state;
  const adjusted = new Float64Array(values.length);
  const sums = new Float64Array(panel.reviewerCount);
  for (let sweep = 1; sweep <= MAX_SWEEPS; sweep++) {
    let change = 0;
    sums.fill(0);
    for (let r = 0; r < values.length; r++) {
      sums[panel.reviewer[r]!]! += values[r]! - calibrated[panel.opportunity[r]!]!;
    }
    for (let i = 0; i < panel.reviewerCount; i++) {
      const next = sums[i]! / (perReviewer[i]! + penalty);
      change = Math.max(change, Math.abs(next - offsets[i]!));
      offsets[i] = next;
    }
    for (let r = 0; r < values.length; r++) adjusted[r] = values[r]! - offsets[panel.reviewer[r]!]!;
    const means = opportunityMeans(panel, adjusted);
    for (let j = 0; j < panel.opportunityCount; j++) {
      if (Number.isNaN(means[j]!)) continue;
      change = Math.max(change, Math.abs(means[j]! - calibrated[j]!));
      calibrated[j] = means[j]!;
    }
    if (change < CONVERGENCE_TOLERANCE) return sweep;
  }
  return MAX_SWEEPS;
}

function reviewsByReviewer(panel: Panel, perReviewer: Int32Array) {
  const start = new Int32Array(panel.reviewerCount + 1);
  for (let i = 0; i < panel.reviewerCount; i++) start[i + 1] = start[i]! + perReviewer[i]!;
  const fill = start.slice(0, panel.reviewerCount);
  const reviews = new Int32Array(panel.reviewer.length);
  for (let r = 0; r < panel.reviewer.length; r++) reviews[fill[panel.reviewer[r]!]!++] = r;
  return { start, reviews };
}

/** Lower-triangular L with A = L L^T (A symmetric positive definite, row-major n x n). */
function choleskyFactor(matrix: Float64Array, n: number): Float64Array {
  const lower = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k <= i; k++) {
      let sum = matrix[i * n + k]!;
      for (let p = 0; p < k; p++) sum -= lower[i * n + p]! * lower[k * n + p]!;
      lower[i * n + k] =
        i === k ? Math.sqrt(Math.max(sum, Number.MIN_VALUE)) : sum / lower[k * n + k]!;
    }
  }
  return lower;
}

function choleskySolve(lower: Float64Array, n: number, rhs: Float64Array): Float64Array {
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = rhs[i]!;
    for (let p = 0; p < i; p++) sum -= lower[i * n + p]! * y[p]!;
    y[i] = sum / lower[i * n + i]!;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i]!;
    for (let p = i + 1; p < n; p++) sum -= lower[p * n + i]! * x[p]!;
    x[i] = sum / lower[i * n + i]!;
  }
  return x;
}
