import { opportunityAnalyticsSchema, reviewerAnalyticsSchema } from '@shared/analytics-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { heatmapJson, listOpportunityAnalytics, listReviewerAnalytics } from './queries';

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

  // The JSON of `heatmapSchema` comes whole from PostgreSQL (heatmapJson) and a string with a JSON
  // content type is sent as it is: no parsing, checking and serialising 10,000 cells again.
  app.get('/analytics/heatmap', { config: { access: 'admin' } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(await heatmapJson(db)),
  );
};
