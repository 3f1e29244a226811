import {
  adminOpportunitySchema,
  bulkOpportunityStatusResultSchema,
  bulkOpportunityStatusSchema,
  createOpportunitySchema,
  deletedOpportunitySchema,
  opportunityDeletionImpactSchema,
  opportunityIdParamsSchema,
  updateOpportunitySchema,
} from '@shared/opportunity-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { auditActorOf } from '../audit/record-audit';
import { presentOpportunity } from './presenter';
import { listOpportunities } from './queries';
import {
  changeOpportunityStatuses,
  createOpportunity,
  editOpportunity,
  opportunityDeletionImpact,
  removeOpportunity,
} from './service';

/** Opportunities (SPEC.md section 7), inside the admin scope. */
export const opportunityAdminRoutes: FastifyPluginAsyncZod<{
  db: Database;
  publicUrl: string;
}> = async (app, { db, publicUrl }) => {
  app.get(
    '/opportunities',
    { config: { access: 'admin' }, schema: { response: { 200: z.array(adminOpportunitySchema) } } },
    async () => (await listOpportunities(db)).map(presentOpportunity),
  );

  app.post(
    '/opportunities',
    {
      config: { access: 'admin' },
      schema: { body: createOpportunitySchema, response: { 201: adminOpportunitySchema } },
    },
    async (request, reply) => {
      const row = await createOpportunity(db, request.body, {
        actor: auditActorOf(request),
        publicUrl,
      });
      return reply.code(201).send(presentOpportunity(row));
    },
  );

  app.patch(
    '/opportunities/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: opportunityIdParamsSchema,
        body: updateOpportunitySchema,
        response: { 200: adminOpportunitySchema },
      },
    },
    async (request) =>
      presentOpportunity(
        await editOpportunity(db, request.params.id, request.body, {
          actor: auditActorOf(request),
          publicUrl,
        }),
      ),
  );

  // What a deletion would remove, for the confirmation to list before the admin commits to it.
  app.get(
    '/opportunities/:id/deletion-impact',
    {
      config: { access: 'admin' },
      schema: {
        params: opportunityIdParamsSchema,
        response: { 200: opportunityDeletionImpactSchema },
      },
    },
    async (request) => opportunityDeletionImpact(db, request.params.id),
  );

  app.delete(
    '/opportunities/:id',
    {
      config: { access: 'admin' },
      schema: { params: opportunityIdParamsSchema, response: { 200: deletedOpportunitySchema } },
    },
    async (request) => removeOpportunity(db, request.params.id, auditActorOf(request)),
  );

  app.post(
    '/opportunities/bulk-status',
    {
      config: { access: 'admin' },
      schema: {
        body: bulkOpportunityStatusSchema,
        response: { 200: bulkOpportunityStatusResultSchema },
      },
    },
    async (request) => {
      const { changed, unchanged } = await changeOpportunityStatuses(db, request.body, {
        actor: auditActorOf(request),
        publicUrl,
      });
      return {
        status: request.body.status,
        changed: changed.map(presentOpportunity),
        unchanged: unchanged.map(presentOpportunity),
      };
    },
  );
};
