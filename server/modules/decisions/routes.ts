import {
  bulkDecisionSchema,
  decisionEntrySchema,
  decisionPanelSchema,
  decisionsListSchema,
  feedbackLetterSchema,
  letterEditorSchema,
  putDecisionSchema,
  putLetterSchema,
  releaseDecisionsSchema,
  releaseResultSchema,
  waitlistOrderSchema,
} from '@shared/decision-schemas';
import { opportunityIdParamsSchema } from '@shared/opportunity-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { auditActorOf } from '../audit/record-audit';
import { loadLetterEditor, previewLetter, saveLetter } from './letters';
import { releaseDecisions } from './release';
import {
  decisionPanel,
  listDecisions,
  type ReadResults,
  removeDraft,
  reorderWaitlist,
  setDrafts,
} from './service';

/** The decision step (issue 35, decision 0029), inside the admin scope. */
export const decisionAdminRoutes: FastifyPluginAsyncZod<{
  db: Database;
  readResults: ReadResults;
}> = async (app, { db, readResults }) => {
  app.get(
    '/decisions',
    { config: { access: 'admin' }, schema: { response: { 200: decisionsListSchema } } },
    async () => listDecisions(db, readResults),
  );

  app.get(
    '/opportunities/:id/decision',
    {
      config: { access: 'admin' },
      schema: { params: opportunityIdParamsSchema, response: { 200: decisionPanelSchema } },
    },
    async (request) =>
      decisionPanel(db, { opportunityId: request.params.id, results: await readResults() }),
  );

  app.put(
    '/opportunities/:id/decision',
    {
      config: { access: 'admin' },
      schema: {
        params: opportunityIdParamsSchema,
        body: putDecisionSchema,
        response: { 200: decisionEntrySchema },
      },
    },
    async (request) => {
      const [entry] = await setDrafts(
        db,
        { ids: [request.params.id], ...request.body, readResults },
        auditActorOf(request),
      );
      return entry!;
    },
  );

  app.delete(
    '/opportunities/:id/decision',
    { config: { access: 'admin' }, schema: { params: opportunityIdParamsSchema } },
    async (request, reply) => {
      await removeDraft(db, request.params.id, auditActorOf(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/decisions/bulk',
    {
      config: { access: 'admin' },
      schema: {
        body: bulkDecisionSchema,
        response: { 200: z.object({ decisions: z.array(decisionEntrySchema) }) },
      },
    },
    async (request) => ({
      decisions: await setDrafts(db, { ...request.body, readResults }, auditActorOf(request)),
    }),
  );

  app.post(
    '/decisions/release',
    {
      config: { access: 'admin' },
      // No body at all releases every draft without letters, as `{}` does.
      schema: { body: releaseDecisionsSchema.nullish(), response: { 200: releaseResultSchema } },
    },
    async (request) =>
      releaseDecisions(
        db,
        { ...(request.body ?? releaseDecisionsSchema.parse({})), readResults },
        auditActorOf(request),
      ),
  );

  app.patch(
    '/decisions/waitlist',
    {
      config: { access: 'admin' },
      schema: {
        body: waitlistOrderSchema,
        response: { 200: z.object({ waitlist: z.array(z.uuid()) }) },
      },
    },
    async (request) => ({
      waitlist: await reorderWaitlist(db, request.body.ids, auditActorOf(request)),
    }),
  );

  app.get(
    '/opportunities/:id/letter',
    {
      config: { access: 'admin' },
      schema: { params: opportunityIdParamsSchema, response: { 200: letterEditorSchema } },
    },
    async (request) => loadLetterEditor(db, request.params.id),
  );

  app.put(
    '/opportunities/:id/letter',
    {
      config: { access: 'admin' },
      schema: {
        params: opportunityIdParamsSchema,
        body: putLetterSchema,
        response: { 200: letterEditorSchema },
      },
    },
    async (request) => {
      await saveLetter(
        db,
        { opportunityId: request.params.id, input: request.body },
        auditActorOf(request),
      );
      return loadLetterEditor(db, request.params.id);
    },
  );

  app.get(
    '/opportunities/:id/feedback',
    {
      config: { access: 'admin' },
      schema: { params: opportunityIdParamsSchema, response: { 200: feedbackLetterSchema } },
    },
    async (request) => previewLetter(db, { opportunityId: request.params.id, readResults }),
  );
};
