import { messageSchema } from '@shared/auth-schemas';
import {
  adminInvitationSchema,
  createInvitationSchema,
  invitationIdParamsSchema,
} from '@shared/invitation-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { auditActorOf } from '../audit/record-audit';
import { presentAdminInvitation } from './presenter';
import { listOpenInvitations } from './queries';
import { createInvitation, resendInvitation, revokeInvitation } from './service';

/** Invitations, inside the admin scope (the guard has loaded request.user). */
export const invitationAdminRoutes: FastifyPluginAsyncZod<{
  db: Database;
  publicUrl: string;
}> = async (app, { db, publicUrl }) => {
  const contextOf = (request: FastifyRequest) => ({
    actor: auditActorOf(request),
    actorName: request.user?.name ?? 'An administrator',
    publicUrl,
  });

  app.get(
    '/invitations',
    { config: { access: 'admin' }, schema: { response: { 200: z.array(adminInvitationSchema) } } },
    async () => (await listOpenInvitations(db)).map((row) => presentAdminInvitation(row)),
  );

  app.post(
    '/invitations',
    {
      config: { access: 'admin' },
      schema: { body: createInvitationSchema, response: { 201: adminInvitationSchema } },
    },
    async (request, reply) => {
      const row = await createInvitation(db, request.body, contextOf(request));
      return reply.code(201).send(presentAdminInvitation(row));
    },
  );

  app.post(
    '/invitations/:id/resend',
    {
      config: { access: 'admin' },
      schema: { params: invitationIdParamsSchema, response: { 200: adminInvitationSchema } },
    },
    async (request) =>
      presentAdminInvitation(await resendInvitation(db, request.params.id, contextOf(request))),
  );

  app.delete(
    '/invitations/:id',
    {
      config: { access: 'admin' },
      schema: { params: invitationIdParamsSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      await revokeInvitation(db, request.params.id, auditActorOf(request));
      return { message: 'Invitation revoked' };
    },
  );
};
