import { currentUserSchema } from '@shared/auth-schemas';
import {
  acceptInvitationSchema,
  invitationTokenParamsSchema,
  publicInvitationSchema,
} from '@shared/invitation-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { tooManyRequests } from '../../http/errors';
import { auditActorOf } from '../audit/record-audit';
import { hitRateLimit, type RateLimit, scheduleThrottlePruning } from '../auth/request-throttle';
import { presentCurrentUser } from '../users/presenter';
import { presentPublicInvitation } from './presenter';
import { acceptInvitation, findUsableInvitation } from './service';

/** Requests per address to the invitation links within the window (guessing a token is futile). */
export const INVITATION_RATE_LIMIT = 20;
export const INVITATION_RATE_WINDOW_MS = 15 * 60 * 1000;
export const INVITATION_THROTTLED =
  'Too many invitation requests from this address. Please wait 15 minutes and try again.';

const INVITATION_RULE: RateLimit = {
  scope: 'invitation',
  limit: INVITATION_RATE_LIMIT,
  windowMs: INVITATION_RATE_WINDOW_MS,
};

/**
 * The invitation link's page and its acceptance: anyone holding the token, throttled per IP
 * with a counter in PostgreSQL, so that every instance enforces one shared limit.
 */
export const invitationPublicRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  // In this encapsulated scope only: other routes are not limited. Before validation, so that
  // malformed guesses count too.
  app.addHook('onRequest', async (request, reply) => {
    const { isLimited, retryAfterSeconds } = await hitRateLimit(db, INVITATION_RULE, request.ip);
    if (isLimited) {
      reply.header('retry-after', String(retryAfterSeconds));
      throw tooManyRequests(INVITATION_THROTTLED);
    }
  });
  scheduleThrottlePruning(app, db);

  app.get(
    '/api/invitations/:token',
    {
      config: { access: 'public' },
      schema: { params: invitationTokenParamsSchema, response: { 200: publicInvitationSchema } },
    },
    async (request) =>
      presentPublicInvitation(await findUsableInvitation(db, request.params.token)),
  );

  app.post(
    '/api/invitations/:token/accept',
    {
      config: { access: 'public' },
      schema: {
        params: invitationTokenParamsSchema,
        body: acceptInvitationSchema,
        response: { 201: currentUserSchema },
      },
    },
    async (request, reply) => {
      const user = await acceptInvitation(
        db,
        request.params.token,
        request.body.password,
        auditActorOf(request, null),
      );
      // The same session mechanism as POST /api/auth/login: a fresh session id for the new user.
      await request.session.regenerate();
      request.session.userId = user.id;
      await request.session.save();
      return reply.code(201).send(presentCurrentUser(user));
    },
  );
};
