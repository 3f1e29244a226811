import { z } from './zod';

/**
 * Contracts of the admin analytics calls (SPEC.md sections 2, 3 and 7; CONTRACT.md "Dashboard and
 * analytics"), shared by the server routes and the web client. Averages are JSON numbers rounded
 * to 4 decimals; every aggregate is null when nothing was reviewed.
 */

const averageSchema = z.number().nullable();

/** One published opportunity with the averages of its reviews and how much reviewers disagree. */
export const opportunityAnalyticsRowSchema = z.object({
  id: z.uuid(),
  number: z.int(),
  title: z.string(),
  avgStrategicAlignment: averageSchema,
  avgSustainability: averageSchema,
  avgTechnologyReadiness: averageSchema,
  avgMarketPotential: averageSchema,
  avgBusinessPotential: averageSchema,
  avgComposite: averageSchema,
  reviewCount: z.int().nonnegative(),
  /** Population standard deviation of the composites: 0 for one review, null for none. */
  stdDevComposite: averageSchema,
  minComposite: averageSchema,
  maxComposite: averageSchema,
});
export type OpportunityAnalyticsRow = z.infer<typeof opportunityAnalyticsRowSchema>;
export const opportunityAnalyticsSchema = z.array(opportunityAnalyticsRowSchema);

/** One active reviewer; `name` is the display name when set, otherwise the full name. */
export const reviewerAnalyticsRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  reviewCount: z.int().nonnegative(),
  avgComposite: averageSchema,
});
export type ReviewerAnalyticsRow = z.infer<typeof reviewerAnalyticsRowSchema>;
export const reviewerAnalyticsSchema = z.array(reviewerAnalyticsRowSchema);

export const heatmapCellSchema = z.object({
  opportunityId: z.uuid(),
  opportunityNumber: z.int(),
  /** The reviewer's composite for this opportunity, or null when not reviewed. */
  composite: z.number().nullable(),
  unassigned: z.literal(true).optional(),
  conflict: z.literal(true).optional(),
});
export type HeatmapCell = z.infer<typeof heatmapCellSchema>;

/** A row per active reviewer, a cell per published opportunity in number order. */
export const heatmapRowSchema = z.object({
  reviewerId: z.uuid(),
  reviewerName: z.string(),
  opportunities: z.array(heatmapCellSchema),
});
export type HeatmapRow = z.infer<typeof heatmapRowSchema>;
export const heatmapSchema = z.array(heatmapRowSchema);
