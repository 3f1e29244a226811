import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client';
import { authRoutes } from '../modules/auth/routes';
import { invitationPublicRoutes } from '../modules/invitations/public-routes';

const HEALTH_TIMEOUT_MS = 2000;

/** Routes that need no role: sign-in, the current user, invitation links, health. */
export const publicApi: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  await app.register(authRoutes, { db });
  await app.register(invitationPublicRoutes, { db });

  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.string(), message: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await Promise.race([
          db.execute(sql`select 1`),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('timeout')), HEALTH_TIMEOUT_MS).unref(),
          ),
        ]);
        return { status: 'ok' as const };
      } catch {
        return reply
          .code(503)
          .send({ status: 'unavailable', message: 'The database is unavailable' });
      }
    },
  );
};
