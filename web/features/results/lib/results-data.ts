import type {
  DiscussionReason,
  RankInterval,
  ReliabilityReading,
  ResultOpportunity,
  ReviewerFlag,
} from '@shared/results-schemas';

/**
 * Shapes the results response for the screen: the ranking by either basis with how far each row
 * moved, the words for every flag and reading, and the numbers as the screen prints them. Pure,
 * so the rules are tested without rendering.
 */

export type RankingBasis = 'calibrated' | 'raw';

export const RANKING_BASES: readonly { value: RankingBasis; label: string }[] = [
  { value: 'calibrated', label: 'Calibrated' },
  { value: 'raw', label: 'Raw' },
];

const otherBasis = (basis: RankingBasis): RankingBasis =>
  basis === 'calibrated' ? 'raw' : 'calibrated';

export const DISCUSSION_REASON_LABELS: Record<DiscussionReason, string> = {
  disagreement: 'Reviewers disagree',
  'calibration-shift': 'Calibration moves it',
  'uncertain-rank': 'Uncertain rank',
  'few-reviews': 'Fewer than 2 reviews',
};

export const REVIEWER_FLAG_LABELS: Record<ReviewerFlag, string> = {
  lenient: 'Lenient',
  harsh: 'Harsh',
  'out-of-line': 'Out of line',
};

export const RELIABILITY_LABELS: Record<ReliabilityReading, string> = {
  reliable: 'Reliable',
  tentative: 'Tentative',
  unreliable: 'Unreliable',
  'not-enough-data': 'Not enough data',
};

/** One row of the ranking under the chosen basis. */
export type RankedRow = {
  opportunity: ResultOpportunity;
  rank: number | null;
  interval: RankInterval | null;
  composite: number | null;
  /**
   * Places gained against the other basis's ranking: positive = higher here (▲), negative =
   * lower (▼), 0 = the same place; null when the opportunity has no rank.
   */
  moved: number | null;
};

const rankOf = (row: ResultOpportunity, basis: RankingBasis) =>
  basis === 'calibrated' ? row.calibratedRank : row.rawRank;

/** Every opportunity by its rank under `basis`; unranked (unreviewed) ones last, by number. */
export function rankedRows(opportunities: ResultOpportunity[], basis: RankingBasis): RankedRow[] {
  return opportunities
    .map((opportunity): RankedRow => {
      const rank = rankOf(opportunity, basis);
      const other = rankOf(opportunity, otherBasis(basis));
      return {
        opportunity,
        rank,
        interval:
          basis === 'calibrated' ? opportunity.calibratedRankInterval : opportunity.rawRankInterval,
        composite:
          basis === 'calibrated' ? opportunity.calibratedComposite : opportunity.rawComposite,
        moved: rank === null || other === null ? null : other - rank,
      };
    })
    .sort((a, b) => {
      if (a.rank !== null && b.rank !== null) return a.rank - b.rank;
      if (a.rank !== null) return -1;
      if (b.rank !== null) return 1;
      return a.opportunity.number - b.opportunity.number;
    });
}

/** 'up 2 places' and its arrow, against the other ranking; 'no change' without a move. */
export function movementOf(
  moved: number | null,
  basis: RankingBasis,
): { arrow: '▲' | '▼' | ''; places: string; text: string } | null {
  if (moved === null) return null;
  const against = `than in the ${otherBasis(basis)} ranking`;
  if (moved === 0)
    return { arrow: '', places: '0', text: `Same place as in the ${otherBasis(basis)} ranking` };
  const places = Math.abs(moved);
  const unit = places === 1 ? 'place' : 'places';
  return moved > 0
    ? { arrow: '▲', places: String(places), text: `${places} ${unit} higher ${against}` }
    : { arrow: '▼', places: String(places), text: `${places} ${unit} lower ${against}` };
}

/** '3 (2-6)': the rank and its interval; '-' without a rank. */
export function formatRankInterval(rank: number | null, interval: RankInterval | null): string {
  if (rank === null || interval === null) return '-';
  return `${rank} (${interval.low}-${interval.high})`;
}

/** The same for a screen reader: 'rank 3, likely between 2 and 6'. */
export function describeRankInterval(rank: number | null, interval: RankInterval | null): string {
  if (rank === null || interval === null) return 'Not ranked: no reviews';
  if (interval.low === interval.high) return `Rank ${rank}, certain`;
  return `Rank ${rank}, likely between ${interval.low} and ${interval.high}`;
}

/** A score on the 1-5 scale (composites, spread) to 2 decimals; '-' when undefined. */
export const formatScore = (value: number | null) => (value === null ? '-' : value.toFixed(2));

/** A reviewer offset with its sign: '+0.62', '-0.50', '0.00'. */
export function formatOffset(value: number | null): string {
  if (value === null) return '-';
  const fixed = value.toFixed(2);
  if (fixed === '0.00' || fixed === '-0.00') return '0.00';
  return value > 0 ? `+${fixed}` : fixed;
}

/** Krippendorff's alpha to 3 decimals, as its thresholds (0.800, 0.667) are written. */
export const formatAlpha = (value: number | null) => (value === null ? '-' : value.toFixed(3));

/** A correlation to 2 decimals. */
export const formatAgreement = (value: number | null) => (value === null ? '-' : value.toFixed(2));

export const MIN_TOP_N = 1;
export const DEFAULT_TOP_N = 10;

/** N of the shaded top band: a whole number within 1..ranked (and 1 with nothing ranked). */
export function clampTopN(value: number, ranked: number): number {
  if (!Number.isFinite(value)) return Math.min(DEFAULT_TOP_N, Math.max(ranked, MIN_TOP_N));
  return Math.min(Math.max(Math.round(value), MIN_TOP_N), Math.max(ranked, MIN_TOP_N));
}

/**
 * How the ranked opportunities sit against the top-N band: surely inside (even the bottom of the
 * interval is within N), possibly (the interval crosses the line) and surely outside.
 */
export function topBandSummary(rows: RankedRow[], topN: number) {
  let inside = 0;
  let crossing = 0;
  let outside = 0;
  for (const { interval } of rows) {
    if (!interval) continue;
    if (interval.high <= topN) inside += 1;
    else if (interval.low <= topN) crossing += 1;
    else outside += 1;
  }
  return { inside, crossing, outside };
}

const opportunities = (count: number) =>
  `${count} ${count === 1 ? 'opportunity' : 'opportunities'}`;

/** The chart's summary in words (its text alternative besides the table). */
export function topBandSentence(rows: RankedRow[], topN: number): string {
  const { inside, crossing, outside } = topBandSummary(rows, topN);
  return `Top ${topN} band: ${opportunities(inside)} surely in it, ${opportunities(crossing)} that could be in or out, ${opportunities(outside)} surely outside.`;
}
