import type { Role } from '@shared/auth-schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { forbidden, notFound, unauthorized } from '../http/errors';
import { DEACTIVATED_MESSAGE } from '../modules/users/account-messages';
import { findUserById, type UserRow } from '../modules/users/queries';
import type { AuthCache } from './auth-cache';
import { expectScopeAccess } from './route-access';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` for the rest of the request. */
    user: UserRow | null;
  }
  interface FastifyInstance {
    /** Loads the signed-in, active user (from the database, or the per-process cache that LISTEN/NOTIFY keeps current). */
    requireUser: (request: FastifyRequest) => Promise<UserRow>;
  }
}

/** The user row, from the cache when it holds it (see auth-cache.ts), else from the database. */
async function loadUser(db: Database, cache: AuthCache | undefined, userId: string) {
  if (!cache?.active) return findUserById(db, userId);
  const cached = cache.getUser(userId);
  if (cached) return cached;
  const token = cache.token();
  const user = await findUserById(db, userId);
  if (user) cache.putUser(token, user);
  return user;
}

export const authenticationPlugin = fp(
  async (app: FastifyInstance, options: { db: Database; cache?: AuthCache }) => {
    app.decorateRequest('user', null);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (request.user) return request.user;
      const userId = request.session.userId;
      if (!userId) throw unauthorized();
      const user = await loadUser(options.db, options.cache, userId);
      if (!user) {
        // The account was deleted: this session is over.
        await request.session.destroy();
        throw unauthorized('Your session has ended. Please sign in again.');
      }
      if (!user.isActive) throw forbidden(DEACTIVATED_MESSAGE);
      request.user = user;
      return user;
    });
  },
);

/**
 * The scope guard: every route in the scope (registered with a prefix) needs an active user of
 * this role, and so does an unknown path under it, so that a guess learns nothing.
 */
export function guardScope(app: FastifyInstance, role: Role) {
  const guard = async (request: FastifyRequest) => {
    const user = await app.requireUser(request);
    if (user.role !== role) throw forbidden();
  };
  app.addHook('onRequest', guard);
  // Every route of the scope must say it is for this role, or the app does not start.
  app.addHook('onRoute', expectScopeAccess(role));
  app.setNotFoundHandler({ preHandler: guard }, async () => {
    throw notFound();
  });
}
