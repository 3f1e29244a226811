import { UNSTORABLE_TEXT_MESSAGE } from '@shared/text';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../http/errors';

// SQLSTATE classes and socket errors that mean "the database is not reachable right now".
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOENT',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
]);

// 22021 character_not_in_repertoire (NUL, invalid UTF-8), 22P05 untranslatable_character.
const UNSTORABLE_CODES = new Set(['22021', '22P05']);

function isUnstorableInput(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const { code } = e as { code?: string };
    if (code && UNSTORABLE_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const { code, message } = e as { code?: string; message?: string };
    if (code && UNAVAILABLE_CODES.has(code)) return true;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|not queryable/.test(
        message,
      )
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * One error handler for the whole API: every error becomes `{message, issues?}` with a fitting
 * status; stacks and SQL are logged, never sent.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
      const { issues } = error;
      return reply
        .code(error.statusCode)
        .send({ message: error.message, ...(issues ? { issues } : {}) });
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
