import { messageSchema } from '@shared/auth-schemas';
import {
  adminReviewerSchema,
  bulkReviewerActiveResultSchema,
  bulkReviewerActiveSchema,
  createReviewerSchema,
  reviewerIdParamsSchema,
  sendRemindersResultSchema,
  setPasswordSchema,
  tempPasswordSchema,
  updateReviewerSchema,
} from '@shared/reviewer-admin-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { auditActorOf } from '../audit/record-audit';
import { presentReviewer } from './presenter';
import { findLastEmails, listReviewers } from './queries';
import {
  createReviewer,
  removeReviewer,
  resetReviewerPassword,
  sendReviewReminders,
  setReviewerActive,
  setReviewerPassword,
  setReviewersActive,
} from './service';

/** Reviewer accounts (SPEC.md section 7), inside the admin scope. */
export const reviewerAdminRoutes: FastifyPluginAsyncZod<{
  db: Database;
  publicUrl: string;
}> = async (app, { db, publicUrl }) => {
  const params = reviewerIdParamsSchema;

  // Two statements whatever the number of reviewers: the accounts, then their latest emails.
  app.get(
    '/reviewers',
    { config: { access: 'admin' }, schema: { response: { 200: z.array(adminReviewerSchema) } } },
    async () => {
      const rows = await listReviewers(db);
      const lastEmails = await findLastEmails(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => presentReviewer(row, lastEmails.get(row.id) ?? null));
    },
  );

  app.post(
    '/reviewers/send-reminders',
    { config: { access: 'admin' }, schema: { response: { 200: sendRemindersResultSchema } } },
    async (request) => ({
      queued: await sendReviewReminders(db, publicUrl, auditActorOf(request)),
    }),
  );

  app.post(
    '/reviewers',
    {
      config: { access: 'admin' },
      schema: { body: createReviewerSchema, response: { 201: adminReviewerSchema } },
    },
    async (request, reply) => {
      const row = await createReviewer(db, request.body, auditActorOf(request));
      return reply.code(201).send(presentReviewer(row));
    },
  );

  app.patch(
    '/reviewers/:id',
    {
      config: { access: 'admin' },
      schema: { params, body: updateReviewerSchema, response: { 200: adminReviewerSchema } },
    },
    async (request) =>
      presentReviewer(
        await setReviewerActive(
          db,
          request.params.id,
          request.body.isActive,
          auditActorOf(request),
        ),
      ),
  );

  app.post(
    '/reviewers/bulk-active',
    {
      config: { access: 'admin' },
      schema: { body: bulkReviewerActiveSchema, response: { 200: bulkReviewerActiveResultSchema } },
    },
    async (request) => {
      const { changed, unchanged } = await setReviewersActive(
        db,
        request.body,
        auditActorOf(request),
      );
      return {
        isActive: request.body.isActive,
        changed: changed.map((row) => presentReviewer(row)),
        unchanged: unchanged.map((row) => presentReviewer(row)),
      };
    },
  );

  app.post(
    '/reviewers/:id/reset-password',
    { config: { access: 'admin' }, schema: { params, response: { 200: tempPasswordSchema } } },
    async (request) => ({
      tempPassword: await resetReviewerPassword(db, request.params.id, auditActorOf(request)),
    }),
  );

  app.post(
    '/reviewers/:id/set-password',
    {
      config: { access: 'admin' },
      schema: { params, body: setPasswordSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      await setReviewerPassword(
        db,
        request.params.id,
        request.body.password,
        auditActorOf(request),
      );
      return { message: 'Password updated' };
    },
  );

  app.delete(
    '/reviewers/:id',
    { config: { access: 'admin' }, schema: { params, response: { 200: messageSchema } } },
    async (request) => {
      await removeReviewer(db, request.params.id, auditActorOf(request));
      return { message: 'Reviewer deleted' };
    },
  );
};
