import { declareConflictSchema, ownConflictSchema } from '@shared/review-cycle-schemas';
import { opportunityIdParamsSchema } from '@shared/reviewer-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { auditActorOf } from '../audit/record-audit';
import { presentOwnConflict } from './presenter';
import { declareConflict } from './service';

/**
 * A reviewer's declaration of a conflict of interest (issue 18), inside the reviewer scope. The
 * body may be left out (no reason).
 */
export const conflictReviewerRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  app.post(
    '/opportunities/:id/conflict',
    {
      config: { access: 'reviewer' },
      schema: {
        params: opportunityIdParamsSchema,
        body: declareConflictSchema.nullish(),
        response: { 200: ownConflictSchema },
      },
    },
    async (request) => {
      const reviewerId = (await app.requireUser(request)).id;
      const row = await declareConflict(
        db,
        { reviewerId, opportunityId: request.params.id, reason: request.body?.reason ?? null },
        auditActorOf(request, reviewerId),
      );
      return presentOwnConflict(row);
    },
  );
};
