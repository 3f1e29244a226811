import type { DiscussionItem, DiscussionReason, ResultOpportunity } from '@shared/results-schemas';

/**
 * Which opportunities need a conversation, and in which order (docs/decisions/0010). The
 * thresholds are issue 19's; each is compared on the rounded figures the screen shows.
 */
export const DISAGREEMENT_SD = 1;
export const DISAGREEMENT_RANGE = 2;
export const CALIBRATION_SHIFT = 5;
export const UNCERTAIN_RANK_SPAN = 10;
export const MIN_REVIEWS = 2;
/** The cut-off a chair decides on ("which 10 of 50 go forward"). */
export const DECISION_CUTOFF = 10;

type Row = Pick<
  ResultOpportunity,
  'reviewCount' | 'sd' | 'min' | 'max' | 'rawRank' | 'calibratedRank' | 'calibratedRankInterval'
>;

/** Every reason that applies, in DISCUSSION_REASONS order. */
export function discussionReasonsOf(row: Row): DiscussionReason[] {
  const reasons: DiscussionReason[] = [];
  const range = row.max !== null && row.min !== null ? row.max - row.min : 0;
  if (
    row.reviewCount >= 2 &&
    ((row.sd ?? 0) >= DISAGREEMENT_SD || range >= DISAGREEMENT_RANGE - 1e-9)
  ) {
    reasons.push('disagreement');
  }
  if (
    row.rawRank !== null &&
    row.calibratedRank !== null &&
    Math.abs(row.rawRank - row.calibratedRank) >= CALIBRATION_SHIFT
  ) {
    reasons.push('calibration-shift');
  }
  const interval = row.calibratedRankInterval;
  if (interval !== null && interval.high - interval.low > UNCERTAIN_RANK_SPAN) {
    reasons.push('uncertain-rank');
  }
  if (row.reviewCount < MIN_REVIEWS) reasons.push('few-reviews');
  return reasons;
}

/**
 * Most decision-relevant first: (1) reviewed opportunities whose calibrated interval straddles the
 * cut-off (low <= 10 < high), since discussing them can change what goes forward; (2) more
 * reasons first; (3) better calibrated rank first; (4) unreviewed ones last, by number.
 */
export function discussionQueueOf(
  opportunities: ReadonlyArray<ResultOpportunity>,
): DiscussionItem[] {
  const rows = opportunities
    .map((opportunity) => ({ opportunity, reasons: discussionReasonsOf(opportunity) }))
    .filter((row) => row.reasons.length > 0);
  const straddles = (row: (typeof rows)[number]) => {
    const interval = row.opportunity.calibratedRankInterval;
    return interval !== null && interval.low <= DECISION_CUTOFF && interval.high > DECISION_CUTOFF;
  };
  rows.sort((a, b) => {
    const rankA = a.opportunity.calibratedRank;
    const rankB = b.opportunity.calibratedRank;
    if ((rankA === null) !== (rankB === null)) return rankA === null ? 1 : -1;
    if (rankA === null || rankB === null) return a.opportunity.number - b.opportunity.number;
    return (
      Number(straddles(b)) - Number(straddles(a)) ||
      b.reasons.length - a.reasons.length ||
      rankA - rankB
    );
  });
  return rows.map(({ opportunity, reasons }) => ({
    opportunityId: opportunity.id,
    number: opportunity.number,
    title: opportunity.title,
    reasons,
  }));
}
