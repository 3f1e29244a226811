import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/client';
import { guardScope } from '../plugins/authentication';

/** Everything under /api/reviewer: the scope guard admits active reviewers only. */
export const reviewerApi: FastifyPluginAsyncZod<{ db: Database }> = async (app) => {
  guardScope(app, 'reviewer');
};
