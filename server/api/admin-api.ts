import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/client';
import { analyticsRoutes } from '../modules/analytics/routes';
import { assignmentRoutes } from '../modules/assignments/routes';
import { backupRoutes } from '../modules/backup/routes';
import { ballotAdminRoutes } from '../modules/ballot/admin-routes';
import { conflictAdminRoutes } from '../modules/conflicts/admin-routes';
import { dashboardRoutes } from '../modules/dashboard/routes';
import { decisionAdminRoutes } from '../modules/decisions/routes';
import { discussionAdminRoutes } from '../modules/discussions/admin-routes';
import { exportRoutes } from '../modules/exports/routes';
import { imageUploadRoutes } from '../modules/images/upload-routes';
import { invitationAdminRoutes } from '../modules/invitations/admin-routes';
import { meetingAdminRoutes } from '../modules/meeting/admin-routes';
import { opportunityAdminRoutes } from '../modules/opportunities/routes';
import { resultsCsv } from '../modules/results/results-csv';
import type { ResultsRun } from '../modules/results/results-reader';
import { resultsRoutes } from '../modules/results/routes';
import { reviewClockAdminRoutes } from '../modules/review-clock/routes';
import { reviewerAdminRoutes } from '../modules/reviewers/routes';
import { settingsRoutes } from '../modules/settings/routes';
import { guardScope } from '../plugins/authentication';

/**
 * Everything under /api/admin: the scope guard admits active admins only. `readResults` is the
 * app's one reader of the results (app.ts), which the meeting view shares.
 */
export const adminApi: FastifyPluginAsyncZod<{
  db: Database;
  publicUrl: string;
  readResults: () => Promise<ResultsRun>;
}> = async (app, { db, publicUrl, readResults }) => {
  guardScope(app, 'admin');
  await app.register(dashboardRoutes, { db });
  await app.register(settingsRoutes, { db });
  await app.register(reviewClockAdminRoutes, { db });
  await app.register(reviewerAdminRoutes, { db, publicUrl });
  await app.register(invitationAdminRoutes, { db, publicUrl });
  await app.register(opportunityAdminRoutes, { db, publicUrl });
  await app.register(imageUploadRoutes, { db });
  await app.register(analyticsRoutes, { db });
  await app.register(assignmentRoutes, { db, publicUrl });
  await app.register(conflictAdminRoutes, { db });
  await app.register(backupRoutes, { db });
  await app.register(resultsRoutes, { readResults });
  const readResultsValue = async () => (await readResults()).results;
  await app.register(decisionAdminRoutes, { db, readResults: readResultsValue });
  await app.register(meetingAdminRoutes, { db, readResults: readResultsValue });
  await app.register(discussionAdminRoutes, { db });
  await app.register(ballotAdminRoutes, { db, readResults: readResultsValue });
  await app.register(exportRoutes, {
    db,
    computed: {
      results: async () => {
        const run = await readResults();
        return resultsCsv(run.results, run.outcomes);
      },
    },
  });
};
