import { dashboardStatsSchema, topOpportunitySchema } from '@shared/dashboard-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { coalescedRead } from '../../db/coalesced-read';
import { JSON_CONTENT_TYPE, jsonBody, sendAsIs } from '../../http/json-body';
import { presentDashboardStats } from './presenter';
import { getDashboardCounts, listTopOpportunities } from './queries';

const topOpportunitiesSchema = z.array(topOpportunitySchema);

/**
 * The admin dashboard's figures (SPEC.md section 2), inside the admin scope. Both are aggregates
 * over every review: concurrent requests share one run that started after they arrived
 * (coalescedRead, decision 0007), and wait for the auth cache's barrier only before they answer
 * (`revocationCheck: 'before-answer'`, decision 0033).
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const stats = coalescedRead(async () =>
    jsonBody(dashboardStatsSchema, presentDashboardStats(await getDashboardCounts(db))),
  );
  const topOpportunities = coalescedRead(async () =>
    jsonBody(topOpportunitiesSchema, await listTopOpportunities(db)),
  );

  app.get(
    '/stats',
    {
      config: { access: 'admin', revocationCheck: 'before-answer' },
      schema: { response: { 200: dashboardStatsSchema } },
    },
    async (_request, reply) => sendAsIs(reply.type(JSON_CONTENT_TYPE), await stats()),
  );

  app.get(
    '/top-opportunities',
    {
      config: { access: 'admin', revocationCheck: 'before-answer' },
      schema: { response: { 200: topOpportunitiesSchema } },
    },
    async (_request, reply) => sendAsIs(reply.type(JSON_CONTENT_TYPE), await topOpportunities()),
  );
};
