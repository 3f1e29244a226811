import {
  adminConflictListSchema,
  conflictIdParamsSchema,
  conflictSchema,
  recordConflictSchema,
} from '@shared/review-cycle-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { auditActorOf } from '../audit/record-audit';
import { presentAdminConflict, presentConflict } from './presenter';
import { listConflictsWithNames } from './queries';
import { recordConflict, withdrawConflict } from './service';

/** Conflicts of interest for admins (issue 18), inside the admin scope. */
export const conflictAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/conflicts',
    { config: { access: 'admin' }, schema: { response: { 200: adminConflictListSchema } } },
    async () => (await listConflictsWithNames(db)).map(presentAdminConflict),
  );

  app.post(
    '/conflicts',
    {
      config: { access: 'admin' },
      schema: { body: recordConflictSchema, response: { 201: conflictSchema } },
    },
    async (request, reply) => {
      const row = await recordConflict(db, request.body, auditActorOf(request));
      return reply.code(201).send(presentConflict(row));
    },
  );

  app.delete(
    '/conflicts/:id',
    {
      config: { access: 'admin' },
      schema: { params: conflictIdParamsSchema, response: { 200: conflictSchema } },
    },
    async (request) =>
      presentConflict(await withdrawConflict(db, request.params.id, auditActorOf(request))),
  );
};
