import { currentUserSchema, loginSchema, messageSchema } from '@shared/auth-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { auditActorOf } from '../audit/record-audit';
import { presentCurrentUser } from '../users/presenter';
import { authenticate } from './service';

export const authRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: { body: loginSchema, response: { 200: currentUserSchema } },
    },
    async (request) => {
      const user = await authenticate(db, request.body, auditActorOf(request, null));
      // A new session id at sign-in defeats session fixation.
      await request.session.regenerate();
      request.session.userId = user.id;
      await request.session.save();
      return presentCurrentUser(user);
    },
  );

  app.get(
    '/api/auth/me',
    { config: { access: 'signed-in' }, schema: { response: { 200: currentUserSchema } } },
    async (request) => presentCurrentUser(await app.requireUser(request)),
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'public', endsSession: true },
      schema: { response: { 200: messageSchema } },
    },
    async (request) => {
      if (request.session.userId) await request.session.destroy();
      return { message: 'Logged out' };
    },
  );
};
