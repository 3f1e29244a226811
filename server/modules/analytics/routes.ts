import {
  heatmapSchema,
  opportunityAnalyticsSchema,
  reviewerAnalyticsSchema,
} from '@shared/analytics-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { JSON_CONTENT_TYPE, jsonBody, sendAsIs } from '../../http/json-body';
import { heatmapJson, listOpportunityAnalytics, listReviewerAnalytics } from './queries';

/**
 * Admin analytics (SPEC.md section 7), registered inside the /api/admin scope whose guard has
 * already admitted an active admin. Each call is one aggregate over every review: concurrent
 * requests share one run that started after they arrived (coalescedRead, decision 0007), and its
 * body is checked and serialised once for all of them. Each run sends the auth cache's barrier
 * as it starts and its callers wait for it only before they answer (`revocationCheck:
 * 'before-answer'`, barrierSharedRead; decisions 0033 and 0034).
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const opportunityRows = app.barrierSharedRead(async () =>
    jsonBody(opportunityAnalyticsSchema, await listOpportunityAnalytics(db)),
  );
  const reviewerRows = app.barrierSharedRead(async () =>
    jsonBody(reviewerAnalyticsSchema, await listReviewerAnalytics(db)),
  );
  // The JSON of `heatmapSchema` comes whole from PostgreSQL: no parsing, checking and serialising
  // 10,000 cells again.
  const heatmap = app.barrierSharedRead(async () => Buffer.from(await heatmapJson(db)));

  app.get(
    '/analytics/opportunities',
    {
      config: { access: 'admin', revocationCheck: 'before-answer' },
      schema: { response: { 200: opportunityAnalyticsSchema } },
    },
    async (request, reply) =>
      sendAsIs(reply.type(JSON_CONTENT_TYPE), await opportunityRows(request)),
  );

  app.get(
    '/analytics/reviewers',
    {
      config: { access: 'admin', revocationCheck: 'before-answer' },
      schema: { response: { 200: reviewerAnalyticsSchema } },
    },
    async (request, reply) => sendAsIs(reply.type(JSON_CONTENT_TYPE), await reviewerRows(request)),
  );

  app.get(
    '/analytics/heatmap',
    {
      config: { access: 'admin', revocationCheck: 'before-answer' },
      schema: { response: { 200: heatmapSchema } },
    },
    async (request, reply) => sendAsIs(reply.type(JSON_CONTENT_TYPE), await heatmap(request)),
  );
};
