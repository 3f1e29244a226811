import {
  heatmapSchema,
  opportunityAnalyticsSchema,
  reviewerAnalyticsSchema,
} from '@shared/analytics-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { listHeatmap, listOpportunityAnalytics, listReviewerAnalytics } from './queries';

/**
 * Admin analytics (SPEC.md section 7), registered inside the /api/admin scope whose guard has
 * already admitted an active admin. The rows are computed aggregates, already in response shape.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/analytics/opportunities',
    { config: { access: 'admin' }, schema: { response: { 200: opportunityAnalyticsSchema } } },
    () => listOpportunityAnalytics(db),
  );

  app.get(
    '/analytics/reviewers',
    { config: { access: 'admin' }, schema: { response: { 200: reviewerAnalyticsSchema } } },
    () => listReviewerAnalytics(db),
  );

  app.get(
    '/analytics/heatmap',
    { config: { access: 'admin' }, schema: { response: { 200: heatmapSchema } } },
    () => listHeatmap(db),
  );
};
