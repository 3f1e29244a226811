import type {
  HeatmapRow,
  OpportunityAnalyticsRow,
  ReviewerAnalyticsRow,
} from '@shared/analytics-schemas';
import { queryOptions } from '@tanstack/react-query';
import { analyticsKeys } from './analytics-keys';

export const opportunityAnalyticsQuery = queryOptions<OpportunityAnalyticsRow[]>({
  queryKey: analyticsKeys.opportunities,
});

export const reviewerAnalyticsQuery = queryOptions<ReviewerAnalyticsRow[]>({
  queryKey: analyticsKeys.reviewers,
});

export const heatmapQuery = queryOptions<HeatmapRow[]>({
  queryKey: analyticsKeys.heatmap,
});
