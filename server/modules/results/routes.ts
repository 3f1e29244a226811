import { resultsSchema } from '@shared/results-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JSON_CONTENT_TYPE, sendAsIs } from '../../http/json-body';
import type { ResultsRun } from './results-reader';

/**
 * GET /results inside the /api/admin scope (issue 19, decision 0010): the decision-support
 * screen's one response (`resultsSchema`), checked and serialised once per shared run.
 */
export const resultsRoutes: FastifyPluginAsyncZod<{
  readResults: () => Promise<ResultsRun>;
}> = async (app, { readResults }) => {
  app.get(
    '/results',
    { config: { access: 'admin' }, schema: { response: { 200: resultsSchema } } },
    async (_request, reply) => sendAsIs(reply.type(JSON_CONTENT_TYPE), (await readResults()).body),
  );
};
