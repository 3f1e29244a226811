import { opportunityMeans, type Panel } from './panel';

/**
 * The ridge penalty of the reviewer offsets, in pseudo-reviews at offset 0. Under the model with
 * random offsets b_i ~ N(0, s_b^2) and noise e ~ N(0, s_e^2), the penalised fit with penalty
 * s_e^2 / s_b^2 is the best linear unbiased predictor of the offsets (empirical Bayes). Both
 * variances are estimated by the method of moments from the deviations d_ij = y_ij - mean_j:
 *
 * - the pooled within-opportunity variance estimates s_b^2 + s_e^2;
 * - two deviations of the same reviewer on different opportunities share only b_i, so
 *   E[d_ij d_il] = c_j c_l s_b^2 with c_j = 1 - 1/m_j (m_j reviews of j), and the sum of these
 *   cross-products over every reviewer estimates s_b^2.
 *
 * The estimate is clamped to [MIN_PENALTY, MAX_PENALTY]: at least MIN_PENALTY so that a reviewer
 * with one or two reviews is corrected by at most 2 / (2 + MIN_PENALTY) of their deviation, and
 * MAX_PENALTY (almost no correction) when the data show no reviewer effect or cannot tell.
 */
export const MIN_PENALTY = 3;
export const MAX_PENALTY = 50;

export type PenaltyEstimate = {
  penalty: number;
  /** The moment estimates, null when the data cannot give them. */
  offsetVariance: number | null;
  noiseVariance: number | null;
};

export function estimatePenalty(panel: Panel, values: Float64Array): PenaltyEstimate {
  const means = opportunityMeans(panel, values);
  const J = panel.opportunityCount;
  let squares = 0;
  let degrees = 0;
  // Per reviewer: sum of deviations, sum of squared deviations, sum of c_j and of c_j^2.
  const I = panel.reviewerCount;
  const devSum = new Float64Array(I);
  const devSquares = new Float64Array(I);
  const cSum = new Float64Array(I);
  const cSquares = new Float64Array(I);
  for (let j = 0; j < J; j++) {
    const m = panel.start[j + 1]! - panel.start[j]!;
    if (m < 2) continue;
    degrees += m - 1;
    const c = 1 - 1 / m;
    for (let r = panel.start[j]!; r < panel.start[j + 1]!; r++) {
      const d = values[r]! - means[j]!;
      const i = panel.reviewer[r]!;
      squares += d * d;
      devSum[i]! += d;
      devSquares[i]! += d * d;
      cSum[i]! += c;
      cSquares[i]! += c * c;
    }
  }
  // sum over j != l of x_j x_l = (sum x)^2 - sum x^2.
  let cross = 0;
  let weight = 0;
  for (let i = 0; i < I; i++) {
    cross += devSum[i]! * devSum[i]! - devSquares[i]!;
    weight += cSum[i]! * cSum[i]! - cSquares[i]!;
  }
  if (degrees === 0 || weight <= 0) {
    return { penalty: MAX_PENALTY, offsetVariance: null, noiseVariance: null };
  }
  const within = squares / degrees;
  const offsetVariance = cross / weight;
  const noiseVariance = Math.max(within - offsetVariance, 0);
  const penalty = offsetVariance > 0 ? noiseVariance / offsetVariance : MAX_PENALTY;
  return {
    penalty: Math.min(Math.max(penalty, MIN_PENALTY), MAX_PENALTY),
    offsetVariance,
    noiseVariance,
  };
}
