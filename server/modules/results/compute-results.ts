import { CRITERION_KEYS, type CriterionKey, type Scores } from '@shared/criteria';
import {
  type RankInterval,
  RESULTS_BOOTSTRAP_RESAMPLES,
  RESULTS_INTERVAL_LEVEL,
  type ResultOpportunity,
  type ResultReviewer,
  type Results,
} from '@shared/results-schemas';
import { describeScores } from './statistics/describe-scores';
import { discussionQueueOf, discussionReasonsOf } from './statistics/discussion-queue';
import { estimatePenalty } from './statistics/estimate-penalty';
import { krippendorffAlpha, reliabilityOf } from './statistics/krippendorff-alpha';
import { createPanel, type Panel, reviewCountsOf } from './statistics/panel';
import { rankIntervals } from './statistics/rank-intervals';
import { rankDescending, round4 } from './statistics/ranking';
import { reviewerAgreement, reviewerFlagsOf } from './statistics/reviewer-agreement';
import { fitReviewerEffects } from './statistics/reviewer-effects';

/**
 * The decision-support results of issue 19 (docs/decisions/0010-decision-support.md), computed
 * from plain rows: pure and deterministic. Every list is sorted here first, so the same rows in
 * any order give byte-identical JSON, and the bootstrap has a fixed seed.
 */
export type ResultsInput = {
  /** Every published opportunity. */
  opportunities: Array<{ id: string; number: number; title: string }>;
  /** Every active reviewer. */
  reviewers: Array<{ id: string; name: string }>;
  /** Reviews by those reviewers on those opportunities (others are ignored). */
  reviews: Array<{ opportunityId: string; reviewerId: string; scores: Scores; composite: number }>;
};

export type ComputeOptions = { seed?: number; resamples?: number };

/** The bootstrap's seed unless told otherwise (the number). */
export const RESULTS_DEFAULT_SEED = 19;

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function computeResults(input: ResultsInput, options: ComputeOptions = {}): Results {
  const resamples = options.resamples ?? RESULTS_BOOTSTRAP_RESAMPLES;
  const opportunities = [...input.opportunities].sort(
    (a, b) => a.number - b.number || byString(a.id, b.id),
  );
  const reviewers = [...input.reviewers].sort((a, b) => byString(a.id, b.id));
  const { panel, composites, criteria } = indexReviews(input, opportunities, reviewers);

  const { penalty } = estimatePenalty(panel, composites);
  const [compositeFit, ...criterionFits] = fitReviewerEffects(
    panel,
    [composites, ...criteria],
    penalty,
  );
  const raw = describeScores(panel, composites, CRITERION_KEYS.length);
  const criterionRaw = criteria.map((values) => describeScores(panel, values, 1));
  const rawRanks = rankDescending(raw.map((row) => row.mean ?? Number.NaN));
  const calibratedRanks = rankDescending(compositeFit!.calibrated);
  const intervals = rankIntervalsOf(panel, composites, compositeFit!.offsets, {
    resamples,
    seed: options.seed ?? RESULTS_DEFAULT_SEED,
  });

  const rows: ResultOpportunity[] = opportunities.map((opportunity, j) => {
    const interval = (kind: 'raw' | 'calibrated', rank: number | null): RankInterval | null => {
      const found = intervals[kind][j];
      // A percentile interval may miss the point estimate by a place; the screen shows "3 (2-6)".
      return found && rank !== null
        ? { low: Math.min(found.low, rank), high: Math.max(found.high, rank) }
        : null;
    };
    const row: ResultOpportunity = {
      id: opportunity.id,
      number: opportunity.number,
      title: opportunity.title,
      reviewCount: raw[j]!.count,
      rawComposite: raw[j]!.mean,
      calibratedComposite: roundOrNull(compositeFit!.calibrated[j]!),
      rawRank: rawRanks[j]!,
      calibratedRank: calibratedRanks[j]!,
      rawRankInterval: interval('raw', rawRanks[j]!),
      calibratedRankInterval: interval('calibrated', calibratedRanks[j]!),
      sd: raw[j]!.sd,
      min: raw[j]!.min,
      max: raw[j]!.max,
      criteria: criterionRecord((c) => ({
        raw: criterionRaw[c]![j]!.mean,
        calibrated: roundOrNull(criterionFits[c]!.calibrated[j]!),
      })),
      flags: [],
    };
    row.flags = discussionReasonsOf(row);
    return row;
  });
  rows.sort(
    (a, b) =>
      (a.calibratedRank ?? Number.POSITIVE_INFINITY) -
        (b.calibratedRank ?? Number.POSITIVE_INFINITY) ||
      a.number - b.number ||
      byString(a.id, b.id),
  );

  const agreements = reviewerAgreement(panel, composites);
  const { perReviewer } = reviewCountsOf(panel);
  const reviewerRows = reviewers
    .map((reviewer, i): ResultReviewer => {
      const reviewCount = perReviewer[i]!;
      const offset = reviewCount > 0 ? round4(compositeFit!.offsets[i]!) : null;
      const agreement = agreements[i]!.agreement;
      const row = {
        id: reviewer.id,
        name: reviewer.name,
        reviewCount,
        offset,
        sharedCount: agreements[i]!.sharedCount,
        agreement: agreement === null ? null : round4(agreement),
      };
      return { ...row, flags: reviewerFlagsOf(row) };
    })
    .sort((a, b) => byString(a.name, b.name) || byString(a.id, b.id));

  return {
    opportunities: rows,
    reliability: {
      composite: reliabilityOf(krippendorffAlpha(unitsOf(panel, composites))),
      criteria: criterionRecord((c) =>
        reliabilityOf(krippendorffAlpha(unitsOf(panel, criteria[c]!))),
      ),
    },
    reviewers: reviewerRows,
    discussion: discussionQueueOf(rows),
    meta: {
      reviewCount: panel.reviewer.length,
      resamples,
      intervalLevel: RESULTS_INTERVAL_LEVEL,
      penalty: round4(penalty),
    },
  };
}

/**
 * Reviews as a panel: grouped by opportunity in number order, then by reviewer id. The order is
 * found by sorting numeric keys (pair * reviews + position) natively, several times faster than a
 * comparator over 50,000 objects; the pair alone decides, because a reviewer reviews an
 * opportunity once (reviews_opportunity_reviewer_unique).
 */
function indexReviews(
  input: ResultsInput,
  opportunities: ResultsInput['opportunities'],
  reviewers: ResultsInput['reviewers'],
) {
  const opportunityIndex = new Map(opportunities.map((o, j) => [o.id, j]));
  const reviewerIndex = new Map(reviewers.map((r, i) => [r.id, i]));
  const total = input.reviews.length;
  const keys: number[] = [];
  input.reviews.forEach((review, position) => {
    const j = opportunityIndex.get(review.opportunityId);
    const i = reviewerIndex.get(review.reviewerId);
    if (j !== undefined && i !== undefined)
      keys.push((j * reviewers.length + i) * total + position);
  });
  const sorted = Float64Array.from(keys).sort();
  const count = sorted.length;
  const opportunity = new Int32Array(count);
  const reviewer = new Int32Array(count);
  const composites = new Float64Array(count);
  const criteria = CRITERION_KEYS.map(() => new Float64Array(count));
  let previousPair = -1;
  for (let r = 0; r < count; r++) {
    const key = sorted[r]!;
    const position = key % total;
    const pair = (key - position) / total;
    if (pair === previousPair) throw new Error('two reviews of one opportunity by one reviewer');
    previousPair = pair;
    opportunity[r] = Math.floor(pair / reviewers.length);
    reviewer[r] = pair % reviewers.length;
    const review = input.reviews[position]!;
    composites[r] = review.composite;
    CRITERION_KEYS.forEach((criterion, c) => {
      criteria[c]![r] = review.scores[criterion];
    });
  }
  const panel = createPanel({
    opportunityCount: opportunities.length,
    reviewerCount: reviewers.length,
    opportunity,
    reviewer,
  });
  return { panel, composites, criteria };
}

/**
 * Bootstrap intervals of the raw and the calibrated rank among reviewed opportunities. A review's
 * calibrated value is its composite minus its reviewer's full-data offset, so the calibrated
 * mean of a resample is the mean of adjusted values; refitting the model per resample would cost
 * a thousand fits (decision 0010).
 */
function rankIntervalsOf(
  panel: Panel,
  composites: Float64Array,
  offsets: Float64Array,
  options: { resamples: number; seed: number },
) {
  const reviewed: number[] = [];
  const starts = [0];
  for (let j = 0; j < panel.opportunityCount; j++) {
    const count = panel.start[j + 1]! - panel.start[j]!;
    if (count === 0) continue;
    reviewed.push(j);
    starts.push(starts[starts.length - 1]! + count);
  }
  const adjusted = composites.map((value, r) => value - offsets[panel.reviewer[r]!]!);
  const [rawIntervals, calibratedIntervals] = rankIntervals({
    start: Int32Array.from(starts),
    statistics: [composites, adjusted],
    resamples: options.resamples,
    level: RESULTS_INTERVAL_LEVEL,
    seed: options.seed,
  });
  const byOpportunity = (found: RankInterval[]) => {
    const result: Array<RankInterval | undefined> = new Array(panel.opportunityCount);
    reviewed.forEach((j, k) => {
      result[j] = found[k];
    });
    return result;
  };
  return { raw: byOpportunity(rawIntervals!), calibrated: byOpportunity(calibratedIntervals!) };
}

/** Each opportunity's values, as views on the panel's arrays (no copies). */
function unitsOf(panel: Panel, values: Float64Array): Float64Array[] {
  return Array.from({ length: panel.opportunityCount }, (_, j) =>
    values.subarray(panel.start[j]!, panel.start[j + 1]!),
  );
}

function criterionRecord<T>(entryOf: (criterion: number) => T): Record<CriterionKey, T> {
  return Object.fromEntries(CRITERION_KEYS.map((key, c) => [key, entryOf(c)])) as Record<
    CriterionKey,
    T
  >;
}

const roundOrNull = (value: number) => (Number.isNaN(value) ? null : round4(value));
