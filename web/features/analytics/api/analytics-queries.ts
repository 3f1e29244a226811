import type {
  HeatmapRow,
  OpportunityAnalyticsRow,
  ReviewerAnalyticsRow,
} from '@shared/analytics-schemas';
import { queryOptions } from '@tanstack/react-query';

/**
 * Query keys of the admin analytics calls. Each key is the call's full path, so the default
 * query function GETs it and other features (deleting a reviewer refreshes these, SPEC.md section
 * 7) can invalidate them by the same path without importing this file.
 */
export const analyticsKeys = {
  opportunities: ['/api/admin/analytics/opportunities'] as const,
  reviewers: ['/api/admin/analytics/reviewers'] as const,
  heatmap: ['/api/admin/analytics/heatmap'] as const,
};

export const opportunityAnalyticsQuery = queryOptions<OpportunityAnalyticsRow[]>({
  queryKey: analyticsKeys.opportunities,
});

export const reviewerAnalyticsQuery = queryOptions<ReviewerAnalyticsRow[]>({
  queryKey: analyticsKeys.reviewers,
});

export const heatmapQuery = queryOptions<HeatmapRow[]>({
  queryKey: analyticsKeys.heatmap,
});
