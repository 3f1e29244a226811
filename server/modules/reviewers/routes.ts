import { messageSchema } from '@shared/auth-schemas';
import {
  adminReviewerSchema,
  createReviewerSchema,
  reviewerIdParamsSchema,
  setPasswordSchema,
  tempPasswordSchema,
  updateReviewerSchema,
} from '@shared/reviewer-admin-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { presentReviewer } from './presenter';
import { listReviewers } from './queries';
import {
  createReviewer,
  removeReviewer,
  resetReviewerPassword,
  setReviewerActive,
  setReviewerPassword,
} from './service';

/** Reviewer accounts (SPEC.md section 7), inside the admin scope. */
export const reviewerAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const params = reviewerIdParamsSchema;

  app.get('/reviewers', { schema: { response: { 200: z.array(adminReviewerSchema) } } }, async () =>
    (await listReviewers(db)).map(presentReviewer),
  );

  app.post(
    '/reviewers',
    { schema: { body: createReviewerSchema, response: { 201: adminReviewerSchema } } },
    async (request, reply) => {
      const row = await createReviewer(db, request.body);
      return reply.code(201).send(presentReviewer(row));
    },
  );

  app.patch(
    '/reviewers/:id',
    { schema: { params, body: updateReviewerSchema, response: { 200: adminReviewerSchema } } },
    async (request) =>
      presentReviewer(await setReviewerActive(db, request.params.id, request.body.isActive)),
  );

  app.post(
    '/reviewers/:id/reset-password',
    { schema: { params, response: { 200: tempPasswordSchema } } },
    async (request) => ({ tempPassword: await resetReviewerPassword(db, request.params.id) }),
  );

  app.post(
    '/reviewers/:id/set-password',
    { schema: { params, body: setPasswordSchema, response: { 200: messageSchema } } },
    async (request) => {
      await setReviewerPassword(db, request.params.id, request.body.password);
      return { message: 'Password updated' };
    },
  );

  app.delete(
    '/reviewers/:id',
    { schema: { params, response: { 200: messageSchema } } },
    async (request) => {
      await removeReviewer(db, request.params.id);
      return { message: 'Reviewer deleted' };
    },
  );
};
