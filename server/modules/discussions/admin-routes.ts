import {
  adminPostParamsSchema,
  discussionParamsSchema,
  discussionPostSchema,
  discussionThreadSchema,
  hidePostSchema,
  resolveThreadSchema,
} from '@shared/discussion-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { auditActorOf } from '../audit/record-audit';
import { setHidden, setResolved } from './moderation';

/** The admin's moderation of the discussion threads (issue 36), inside the admin scope; audited. */
export const discussionAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  const adminOnly = { config: { access: 'admin' as const } };

  app.post(
    '/discussion/posts/:postId/hide',
    {
      ...adminOnly,
      schema: {
        params: adminPostParamsSchema,
        body: hidePostSchema,
        response: { 200: discussionPostSchema },
      },
    },
    async (request) =>
      setHidden(
        db,
        {
          postId: request.params.postId,
          reason: request.body.reason,
          caller: await app.requireUser(request),
        },
        auditActorOf(request),
      ),
  );

  app.post(
    '/discussion/posts/:postId/unhide',
    {
      ...adminOnly,
      schema: { params: adminPostParamsSchema, response: { 200: discussionPostSchema } },
    },
    async (request) =>
      setHidden(
        db,
        { postId: request.params.postId, reason: null, caller: await app.requireUser(request) },
        auditActorOf(request),
      ),
  );

  app.post(
    '/opportunities/:id/discussion/resolve',
    {
      ...adminOnly,
      schema: {
        params: discussionParamsSchema,
        body: resolveThreadSchema,
        response: { 200: discussionThreadSchema },
      },
    },
    async (request) =>
      setResolved(
        db,
        {
          opportunityId: request.params.id,
          summary: request.body.summary,
          caller: await app.requireUser(request),
        },
        auditActorOf(request),
      ),
  );

  app.post(
    '/opportunities/:id/discussion/reopen',
    {
      ...adminOnly,
      schema: { params: discussionParamsSchema, response: { 200: discussionThreadSchema } },
    },
    async (request) =>
      setResolved(
        db,
        { opportunityId: request.params.id, summary: null, caller: await app.requireUser(request) },
        auditActorOf(request),
      ),
  );
};
