import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JSON_CONTENT_TYPE } from '../../http/json-body';
import type { ResultsRun } from './results-reader';

/**
 * GET /results inside the /api/admin scope (issue 19, decision 0010): the decision-support
 * screen's one response (`resultsSchema`), checked and serialised once per shared run.
 */
export const resultsRoutes: FastifyPluginAsyncZod<{
  readResults: () => Promise<ResultsRun>;
}> = async (app, { readResults }) => {
  app.get('/results', { config: { access: 'admin' } }, async (_request, reply) =>
    reply.type(JSON_CONTENT_TYPE).send((await readResults()).body),
  );
};
