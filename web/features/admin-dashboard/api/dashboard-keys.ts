/**
 * Query keys of the admin dashboard; each doubles as the GET path (the default query function
 * joins it). A file of its own that imports nothing, so the router's preload and web/lib/admin-
 * figures.ts use them without loading the feature.
 */
export const dashboardKeys = {
  stats: () => ['/api/admin/stats'] as const,
  topOpportunities: () => ['/api/admin/top-opportunities'] as const,
  setting: (key: string) => ['/api/admin/settings', key] as const,
  /** Issue 34: the review clock with each reminder's send time and state. */
  reminderSchedule: () => ['/api/admin/reminders/schedule'] as const,
};
