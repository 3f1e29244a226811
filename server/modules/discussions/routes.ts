import {
  discussionParamsSchema,
  discussionPostSchema,
  discussionThreadSchema,
  newPostSchema,
  postParamsSchema,
  unreadThreadsSchema,
} from '@shared/discussion-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { addPost, deletePost, editPost, readThread, unreadThreads } from './service';

/**
 * The discussion threads (issue 36) for every signed-in user: who may read and post on a thread
 * is mayReadThreadSql's rule, applied in each call's statements (404 as for an unpublished
 * opportunity otherwise).
 */
export const discussionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/opportunities/:id/discussion',
    {
      config: { access: 'signed-in' },
      schema: { params: discussionParamsSchema, response: { 200: discussionThreadSchema } },
    },
    async (request) =>
      readThread(db, {
        opportunityId: request.params.id,
        caller: await app.requireUser(request),
      }),
  );

  app.post(
    '/api/opportunities/:id/discussion',
    {
      config: { access: 'signed-in' },
      schema: {
        params: discussionParamsSchema,
        body: newPostSchema,
        response: { 201: discussionPostSchema },
      },
    },
    async (request, reply) => {
      const post = await addPost(db, {
        opportunityId: request.params.id,
        caller: await app.requireUser(request),
        input: request.body,
      });
      return reply.code(201).send(post);
    },
  );

  app.patch(
    '/api/opportunities/:id/discussion/posts/:postId',
    {
      config: { access: 'signed-in' },
      schema: {
        params: postParamsSchema,
        body: newPostSchema,
        response: { 200: discussionPostSchema },
      },
    },
    async (request) =>
      editPost(db, {
        opportunityId: request.params.id,
        postId: request.params.postId,
        caller: await app.requireUser(request),
        input: request.body,
      }),
  );

  app.delete(
    '/api/opportunities/:id/discussion/posts/:postId',
    { config: { access: 'signed-in' }, schema: { params: postParamsSchema } },
    async (request, reply) => {
      await deletePost(db, {
        opportunityId: request.params.id,
        postId: request.params.postId,
        caller: await app.requireUser(request),
      });
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/discussions/unread',
    { config: { access: 'signed-in' }, schema: { response: { 200: unreadThreadsSchema } } },
    async (request) => unreadThreads(db, await app.requireUser(request)),
  );
};
