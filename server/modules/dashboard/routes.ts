import { dashboardStatsSchema, topOpportunitySchema } from '@shared/dashboard-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { type CoalescedRun, coalescedRead } from '../../db/coalesced-read';
import { JSON_CONTENT_TYPE, jsonBody, sendAsIs } from '../../http/json-body';
import { sessionKeyOf } from '../sessions/queries';
import { presentDashboardStats } from './presenter';
import { getDashboardCounts, listTopOpportunities } from './queries';

const topOpportunitiesSchema = z.array(topOpportunitySchema);

/**
 * The admin dashboard's figures (SPEC.md section 2), inside the admin scope. Both are aggregates
 * over every review: concurrent requests share one run that started after they arrived
 * (coalescedRead, decision 0007). The counts' statement checks the sessions of every caller
 * sharing it, so they skip the auth cache's barrier (`revocationCheck: 'statement'`, decision
 * 0034); the top list's runs share one barrier, awaited before the answer ('before-answer',
 * barrierSharedRead).
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const stats = coalescedRead(async (run: CoalescedRun<string>) => {
    const sids = run.keys.map((key) => key.slice(0, key.indexOf(' ')));
    const { counts, signedIn } = await getDashboardCounts(db, sids);
    return {
      body: jsonBody(dashboardStatsSchema, presentDashboardStats(counts)),
      signedIn: new Set(signedIn),
    };
  });
  const topOpportunities = app.barrierSharedRead(async () =>
    jsonBody(topOpportunitiesSchema, await listTopOpportunities(db)),
  );

  app.get(
    '/stats',
    {
      config: { access: 'admin', revocationCheck: 'statement' },
      schema: { response: { 200: dashboardStatsSchema } },
    },
    async (request, reply) => {
      const user = await app.requireUser(request);
      // The caller's session, for the statement to check while the request is unverified.
      const key = request.sessionUnverified
        ? sessionKeyOf(request.session.sessionId, user.id)
        : undefined;
      let answer = await stats(key);
      if (key !== undefined && !answer.signedIn.has(key)) {
        await app.reverifySession(request);
        answer = await stats();
      }
      return sendAsIs(reply.type(JSON_CONTENT_TYPE), answer.body);
    },
  );

  app.get(
    '/top-opportunities',
    {
      config: { access: 'admin', revocationCheck: 'before-answer' },
      schema: { response: { 200: topOpportunitiesSchema } },
    },
    async (request, reply) =>
      sendAsIs(reply.type(JSON_CONTENT_TYPE), await topOpportunities(request)),
  );
};
