/**
 * Reviews indexed for the statistics. Opportunities are 0..J-1 in number order and reviewers
 * 0..I-1 in a fixed order (compute-results sorts them), and reviews are grouped by opportunity,
 * so that every sum runs in the same order whatever order the database returned the rows in:
 * floating-point sums depend on their order, and the output must be byte-identical.
 */
export type Panel = {
  opportunityCount: number;
  reviewerCount: number;
  /** The reviews of opportunity j are the indices start[j] .. start[j + 1] - 1. */
  start: Int32Array;
  /** Per review: its opportunity and its reviewer. */
  opportunity: Int32Array;
  reviewer: Int32Array;
};

/** Builds a panel from (opportunity, reviewer) pairs already sorted by opportunity. */
export function createPanel(options: {
  opportunityCount: number;
  reviewerCount: number;
  opportunity: Int32Array;
  reviewer: Int32Array;
}): Panel {
  const start = new Int32Array(options.opportunityCount + 1);
  for (const j of options.opportunity) start[j + 1]! += 1;
  for (let j = 0; j < options.opportunityCount; j++) start[j + 1]! += start[j]!;
  return { ...options, start };
}

export function reviewCountsOf(panel: Panel): {
  perOpportunity: Int32Array;
  perReviewer: Int32Array;
} {
  const perOpportunity = new Int32Array(panel.opportunityCount);
  const perReviewer = new Int32Array(panel.reviewerCount);
  for (let r = 0; r < panel.reviewer.length; r++) {
    perOpportunity[panel.opportunity[r]!]! += 1;
    perReviewer[panel.reviewer[r]!]! += 1;
  }
  return { perOpportunity, perReviewer };
}

/** Mean of each opportunity's values; NaN for an opportunity without reviews. */
export function opportunityMeans(panel: Panel, values: Float64Array): Float64Array {
  const means = new Float64Array(panel.opportunityCount);
  for (let j = 0; j < panel.opportunityCount; j++) {
    const from = panel.start[j]!;
    const to = panel.start[j + 1]!;
    let sum = 0;
    for (let r = from; r < to; r++) sum += values[r]!;
    means[j] = to > from ? sum / (to - from) : Number.NaN;
  }
  return means;
}
