import { z } from './zod';

/** The admin dashboard (SPEC.md sections 2, 3 and 7). */

export const dashboardStatsSchema = z.object({
  totalReviewers: z.number().int(),
  activeReviewers: z.number().int(),
  publishedOpportunities: z.number().int(),
  totalOpportunities: z.number().int(),
  totalReviews: z.number().int(),
  completionRate: z.number().int().min(0).max(100),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const topOpportunitySchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  title: z.string(),
  reviewCount: z.number().int(),
  avgComposite: z.number(),
});
export type TopOpportunity = z.infer<typeof topOpportunitySchema>;
