import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/client';
import { ballotReviewerRoutes } from '../modules/ballot/reviewer-routes';
import { conflictReviewerRoutes } from '../modules/conflicts/reviewer-routes';
import { reviewClockReviewerRoutes } from '../modules/review-clock/routes';
import { reviewerWorkspaceRoutes } from '../modules/reviewer-workspace/routes';
import { guardScope } from '../plugins/authentication';

/** Everything under /api/reviewer: the scope guard admits active reviewers only. */
export const reviewerApi: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  guardScope(app, 'reviewer');
  await app.register(reviewerWorkspaceRoutes, { db });
  await app.register(conflictReviewerRoutes, { db });
  await app.register(reviewClockReviewerRoutes, { db });
  await app.register(ballotReviewerRoutes, { db });
};
