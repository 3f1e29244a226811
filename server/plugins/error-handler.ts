import { UNSTORABLE_TEXT_MESSAGE } from '@shared/text';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isUnstorableInput } from '../db/errors';
import { drainRequestBody } from '../http/drain-request';
import { HttpError } from '../http/errors';

/**
 * One error handler for the whole API: every error becomes `{message, issues?}` with a fitting
 * status; stacks and SQL are logged, never sent.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // A body refused as too large (on its Content-Length, or an image past its limit) is read to
    // its end first: answered and closed with bytes unread, a proxy still sending them sees a
    // reset and answers 502 instead of this 413 (issue 38).
    if (error.statusCode === 413) await drainRequestBody(request.raw);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      const message = issues
        .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
        .join('; ');
      return reply.code(400).send({ message, issues });
    }
    if (error instanceof HttpError) {
      const { issues, details } = error;
      return reply
        .code(error.statusCode)
        .send({ ...details, message: error.message, ...(issues ? { issues } : {}) });
    }
    if (isUnstorableInput(error)) {
      // Text that reached the database through a path the body check does not see.
      request.log.warn({ err: error }, 'unstorable input');
      return reply.code(400).send({ message: UNSTORABLE_TEXT_MESSAGE });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).send({ message: 'The database is unavailable. Please try again.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong media type) have safe messages.
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error' });
  });
});
