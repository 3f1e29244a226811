import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/client';
import { guardScope } from '../plugins/authentication';

/** Everything under /api/admin: the scope guard admits active admins only. */
export const adminApi: FastifyPluginAsyncZod<{ db: Database }> = async (app) => {
  guardScope(app, 'admin');
};
