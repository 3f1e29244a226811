import { z } from 'zod';

/** The admin dashboard and platform settings (SPEC.md sections 2, 3 and 7). */

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

export const SHOW_REVIEWER_COMMENTS = 'show_reviewer_comments';
export const SETTING_KEYS = [SHOW_REVIEWER_COMMENTS] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export const settingValueSchema = z.enum(['true', 'false'], {
  error: "Value must be 'true' or 'false'",
});

/** An unknown key passes this schema and is answered 404 by the server. */
export const updateSettingSchema = z.object({
  key: z.string('Key is required').trim().min(1, 'Key is required'),
  value: settingValueSchema,
});
export type UpdateSetting = z.infer<typeof updateSettingSchema>;

export const settingKeyParamsSchema = z.object({ key: z.string().min(1) });

export const settingSchema = z.object({ key: z.string(), value: settingValueSchema });
export type Setting = z.infer<typeof settingSchema>;
