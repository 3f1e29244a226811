import { reviewerScopeSchema } from '@shared/review-cycle-schemas';
import {
  commentSchema,
  commentSubmissionSchema,
  opportunityIdParamsSchema,
  reviewerCommentSchema,
  reviewerOpportunityDetailSchema,
  reviewerOpportunityListItemSchema,
  reviewSchema,
  reviewSubmissionSchema,
  viewerStateSchema,
} from '@shared/reviewer-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { JSON_CONTENT_TYPE, sendAsIs } from '../../http/json-body';
import { getReviewAssignmentMode } from '../settings/queries';
import { findVisibleLastOpportunityId } from './comment-queries';
import {
  presentComment,
  presentReview,
  presentReviewerComment,
  presentReviewerOpportunityDetail,
} from './presenter';
import { visibleOpportunitiesWithCallerWorkJson } from './queries';
import {
  getOtherReviewersComments,
  getVisibleOpportunity,
  saveComment,
  saveReview,
  saveViewerState,
} from './service';

/**
 * The reviewer workspace (SPEC.md section 7). Registered inside the /api/reviewer scope, whose
 * guard has already admitted an active reviewer; `requireUser` returns that cached row.
 */
export const reviewerWorkspaceRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  type Request = Parameters<typeof app.requireUser>[0];
  const callerOf = async (request: Request) => ({
    reviewerId: (await app.requireUser(request)).id,
  });
  /** The caller on the opportunity of the path (`/opportunities/:id...`). */
  const callerOn = async (request: Request & { params: { id: string } }) => ({
    ...(await callerOf(request)),
    opportunityId: request.params.id,
  });

  // The JSON of `reviewerOpportunityListItemSchema[]` comes whole from PostgreSQL and a string with
  // a JSON content type is sent as it is (the opportunities test checks it against the schema).
  // The hottest read checks the caller's session in its own statement instead of waiting for the
  // auth cache's barrier (issue 38, decision 0033): when the check fails, the session and user are
  // read again from the database, which answers 401 or 403, or admits the caller for a second
  // reading.
  app.get(
    '/opportunities',
    {
      config: { access: 'reviewer', revocationCheck: 'statement' },
      schema: { response: { 200: z.array(reviewerOpportunityListItemSchema) } },
    },
    async (request, reply) => {
      const { reviewerId } = await callerOf(request);
      const body = await app.readCheckedInStatement(request, async (sid) => {
        const list = await visibleOpportunitiesWithCallerWorkJson(db, { reviewerId, sid });
        return { value: list.body, signedIn: list.sessionValid };
      });
      return sendAsIs(reply.type(JSON_CONTENT_TYPE), body);
    },
  );

  app.get(
    '/opportunities/:id',
    {
      config: { access: 'reviewer' },
      schema: {
        params: opportunityIdParamsSchema,
        response: { 200: reviewerOpportunityDetailSchema },
      },
    },
    async (request) =>
      presentReviewerOpportunityDetail(await getVisibleOpportunity(db, await callerOn(request))),
  );

  app.get(
    '/opportunities/:id/comments',
    {
      config: { access: 'reviewer' },
      schema: {
        params: opportunityIdParamsSchema,
        response: { 200: z.array(reviewerCommentSchema) },
      },
    },
    async (request) => {
      const { comments, showReviewerNames } = await getOtherReviewersComments(
        db,
        await callerOn(request),
      );
      return comments.map((comment) => presentReviewerComment(comment, { showReviewerNames }));
    },
  );

  app.get(
    '/opportunities/:id/reviews',
    {
      config: { access: 'reviewer' },
      schema: { params: opportunityIdParamsSchema, response: { 200: z.array(reviewSchema) } },
    },
    async (request) => {
      // Only the caller's own review: other reviewers' scores never reach a reviewer.
      const { review } = await getVisibleOpportunity(db, await callerOn(request));
      return review ? [presentReview(review)] : [];
    },
  );

  app.post(
    '/reviews',
    {
      config: { access: 'reviewer' },
      schema: { body: reviewSubmissionSchema, response: { 200: reviewSchema } },
    },
    async (request) => {
      const caller = await callerOf(request);
      return presentReview(await saveReview(db, { ...caller, submission: request.body }));
    },
  );

  app.post(
    '/comments',
    {
      config: { access: 'reviewer' },
      schema: { body: commentSubmissionSchema, response: { 200: commentSchema } },
    },
    async (request) => {
      const caller = await callerOf(request);
      return presentComment(await saveComment(db, { ...caller, submission: request.body }));
    },
  );

  app.get(
    '/scope',
    { config: { access: 'reviewer' }, schema: { response: { 200: reviewerScopeSchema } } },
    async () => ({ mode: await getReviewAssignmentMode(db) }),
  );

  app.get(
    '/viewer-state',
    { config: { access: 'reviewer' }, schema: { response: { 200: viewerStateSchema } } },
    async (request) => ({
      lastOpportunityId: await findVisibleLastOpportunityId(db, await callerOf(request)),
    }),
  );

  app.post(
    '/viewer-state',
    {
      config: { access: 'reviewer' },
      schema: { body: viewerStateSchema, response: { 200: viewerStateSchema } },
    },
    async (request) => {
      const caller = await callerOf(request);
      const lastOpportunityId = await saveViewerState(db, {
        ...caller,
        lastOpportunityId: request.body.lastOpportunityId,
      });
      return { lastOpportunityId };
    },
  );
};
