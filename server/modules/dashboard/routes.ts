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
  // The keys of a run are the session ids its unverified callers passed.
  const stats = coalescedRead(async (run: CoalescedRun<string>) => {
    const { counts, signedIn } = await getDashboardCounts(db, run.keys);
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
      const body = await app.readCheckedInStatement(request, async (sid) => {
        const answer = await stats(sid);
        const signedIn = sid === undefined || answer.signedIn.has(sessionKeyOf(sid, user.id));
        return { value: answer.body, signedIn };
      });
      return sendAsIs(reply.type(JSON_CONTENT_TYPE), body);
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
