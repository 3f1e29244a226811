import { z } from './zod';

/**
 * Contract of `GET /api/admin/results` (decision support, docs/decisions/0010-decision-support.md):
 * the ranking of published opportunities by the raw mean of their composites and by the
 * calibrated composite (reviewer effects removed), how sure each rank is, how reliable the panel
 * is, how each reviewer scores, and which opportunities need a discussion. The input is the same
 * as the analytics': reviews by active reviewers on published opportunities. Numbers are rounded
 * to 4 decimals; anything undefined for lack of data is null.
 */

/** Bootstrap resamples behind every rank interval, and the interval's coverage. */
export const RESULTS_BOOTSTRAP_RESAMPLES = 1000;
export const RESULTS_INTERVAL_LEVEL = 0.9;

/** Reasons an opportunity needs a discussion before a decision. */
export const DISCUSSION_REASONS = [
  /** sd of the composites >= 1.0, or range >= 2, with 2 or more reviews. */
  'disagreement',
  /** The calibrated rank is 5 or more places from the raw rank. */
  'calibration-shift',
  /** The 90% rank interval spans more than 10 places (high - low > 10). */
  'uncertain-rank',
  /** Fewer than 2 reviews. */
  'few-reviews',
] as const;
export const discussionReasonSchema = z.enum(DISCUSSION_REASONS);
export type DiscussionReason = z.infer<typeof discussionReasonSchema>;

/** Reading of Krippendorff's alpha: >= 0.800, 0.667 to 0.800, below, or undefined. */
export const RELIABILITY_READINGS = [
  'reliable',
  'tentative',
  'unreliable',
  'not-enough-data',
] as const;
export const reliabilityReadingSchema = z.enum(RELIABILITY_READINGS);
export type ReliabilityReading = z.infer<typeof reliabilityReadingSchema>;

export const REVIEWER_FLAGS = ['lenient', 'harsh', 'out-of-line'] as const;
export const reviewerFlagSchema = z.enum(REVIEWER_FLAGS);
export type ReviewerFlag = z.infer<typeof reviewerFlagSchema>;

const numberOrNull = z.number().nullable();
const rankOrNull = z.int().positive().nullable();

export const rankIntervalSchema = z.object({ low: z.int().positive(), high: z.int().positive() });
export type RankInterval = z.infer<typeof rankIntervalSchema>;

export const criterionResultSchema = z.object({ raw: numberOrNull, calibrated: numberOrNull });
export type CriterionResult = z.infer<typeof criterionResultSchema>;

export const resultOpportunitySchema = z.object({
  id: z.uuid(),
  number: z.int(),
  title: z.string(),
  reviewCount: z.int().nonnegative(),
  /** Mean of the composites (as analytics' avgComposite). */
  rawComposite: numberOrNull,
  /** mu + q_j of the reviewer-effect model, on the 1-5 scale. */
  calibratedComposite: numberOrNull,
  /** Ranks 1..n among opportunities with at least one review (ties: lower number first). */
  rawRank: rankOrNull,
  calibratedRank: rankOrNull,
  /** 90% bootstrap intervals of each rank; null without reviews. */
  rawRankInterval: rankIntervalSchema.nullable(),
  calibratedRankInterval: rankIntervalSchema.nullable(),
  /** Population standard deviation, minimum and maximum of the composites. */
  sd: numberOrNull,
  min: numberOrNull,
  max: numberOrNull,
  criteria: z.object({
    strategicAlignment: criterionResultSchema,
    sustainability: criterionResultSchema,
    technologyReadiness: criterionResultSchema,
    marketPotential: criterionResultSchema,
    businessPotential: criterionResultSchema,
  }),
  /** Every discussion reason that applies, in DISCUSSION_REASONS order. */
  flags: z.array(discussionReasonSchema),
});
export type ResultOpportunity = z.infer<typeof resultOpportunitySchema>;

export const reliabilitySchema = z.object({
  /** Krippendorff's alpha, interval metric; null when undefined. */
  alpha: numberOrNull,
  reading: reliabilityReadingSchema,
});
export type Reliability = z.infer<typeof reliabilitySchema>;

export const resultReviewerSchema = z.object({
  id: z.uuid(),
  /** The display name when set, otherwise the full name (as analytics). */
  name: z.string(),
  reviewCount: z.int().nonnegative(),
  /** b_i of the model on the composite: positive = lenient; null without reviews. */
  offset: numberOrNull,
  /** Opportunities this reviewer shares with at least one other reviewer. */
  sharedCount: z.int().nonnegative(),
  /**
   * Pearson correlation of the reviewer's composites with the mean of the other reviewers on the
   * same opportunities; null below 3 shared opportunities or without variation.
   */
  agreement: numberOrNull,
  flags: z.array(reviewerFlagSchema),
});
export type ResultReviewer = z.infer<typeof resultReviewerSchema>;

export const discussionItemSchema = z.object({
  opportunityId: z.uuid(),
  number: z.int(),
  title: z.string(),
  reasons: z.array(discussionReasonSchema).min(1),
});
export type DiscussionItem = z.infer<typeof discussionItemSchema>;

export const resultsSchema = z.object({
  /** Every published opportunity, in calibrated rank order (unreviewed last, by number). */
  opportunities: z.array(resultOpportunitySchema),
  reliability: z.object({
    composite: reliabilitySchema,
    criteria: z.object({
      strategicAlignment: reliabilitySchema,
      sustainability: reliabilitySchema,
      technologyReadiness: reliabilitySchema,
      marketPotential: reliabilitySchema,
      businessPotential: reliabilitySchema,
    }),
  }),
  /** Every active reviewer, by name. */
  reviewers: z.array(resultReviewerSchema),
  /** Opportunities with at least one reason, most decision-relevant first. */
  discussion: z.array(discussionItemSchema),
  meta: z.object({
    reviewCount: z.int().nonnegative(),
    resamples: z.int().positive(),
    intervalLevel: z.number(),
    /** Ridge penalty of the reviewer offsets, in pseudo-reviews at offset 0. */
    penalty: z.number().nonnegative(),
  }),
});
export type Results = z.infer<typeof resultsSchema>;
