import { dashboardStatsSchema, topOpportunitySchema } from '@shared/dashboard-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { presentDashboardStats } from './presenter';
import { getDashboardCounts, listTopOpportunities } from './queries';

/** The admin dashboard's figures (SPEC.md section 2), inside the admin scope. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/stats',
    { config: { access: 'admin' }, schema: { response: { 200: dashboardStatsSchema } } },
    async () => presentDashboardStats(await getDashboardCounts(db)),
  );

  app.get(
    '/top-opportunities',
    { config: { access: 'admin' }, schema: { response: { 200: z.array(topOpportunitySchema) } } },
    async () =>
      (await listTopOpportunities(db)).map(({ id, number, title, reviewCount, avgComposite }) => ({
        id,
        number,
        title,
        reviewCount,
        avgComposite,
      })),
  );
};
