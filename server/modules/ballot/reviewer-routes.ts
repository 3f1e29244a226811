import { putBallotSchema, reviewerBallotSchema } from '@shared/ballot-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { auditActorOf } from '../audit/record-audit';
import { readReviewerBallot, saveBallot } from './service';

/** The finalist ballot (issue 37) for a reviewer, inside the reviewer scope. */
export const ballotReviewerRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  app.get(
    '/ballot',
    {
      config: { access: 'reviewer' },
      schema: {
        description:
          'The finalists the caller may rank (those they have a conflict with left out), their own composite of each, and their saved ballot.',
        response: { 200: reviewerBallotSchema },
      },
    },
    async (request) => readReviewerBallot(db, (await app.requireUser(request)).id),
  );

  app.put(
    '/ballot',
    {
      config: { access: 'reviewer' },
      schema: {
        description:
          'Saves the caller\'s ranking (groups of finalist ids, best first), replacing the one saved; `{"ranking": []}` withdraws it. 409 while the ballot is closed, 403 outside the electorate, 400 naming each id that is unknown, repeated, not a finalist or conflicted.',
        body: putBallotSchema,
        response: { 200: reviewerBallotSchema },
      },
    },
    async (request) => {
      const reviewerId = (await app.requireUser(request)).id;
      return saveBallot(
        db,
        { reviewerId, ranking: request.body.ranking },
        auditActorOf(request, reviewerId),
      );
    },
  );
};
