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
    /**
     * For a request that skipped the auth cache's barrier (`sessionUnverified`): drops the
     * cached session and user, reads both again from the database and admits the user again,
     * for the role the route is for (throwing the 401 or 403 the request gets now). After it the
     * request is verified.
     */
    reverifySession: (request: FastifyRequest) => Promise<UserRow>;
    /**
     * The read of a `revocationCheck: 'statement'` route (issue 38): `read` gets the caller's
     * session id while the request is unverified (undefined once it is verified) and answers its
     * value and whether its statement found that session still signed in. When it did not, the
     * session and user are read again (reverifySession: the 401 or 403 the caller gets now) and
     * `read` runs again for the verified caller.
     */
    readCheckedInStatement: <T>(
      request: FastifyRequest,
      read: (sid: string | undefined) => Promise<{ value: T; signedIn: boolean }>,
    ) => Promise<T>;
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
    const cache = options.cache;

    /** The signed-in, active user of the request, or the 401/403 it gets. */
    const admit = async (request: FastifyRequest): Promise<UserRow> => {
      const userId = request.session.userId;
      if (!userId) throw unauthorized();
      const user = await loadUser(options.db, cache, userId);
      if (!user) {
        // The account was deleted (read from the database: a cache never holds a missing user).
        await request.session.destroy();
        throw unauthorized('Your session has ended. Please sign in again.');
      }
      if (!user.isActive) throw forbidden(DEACTIVATED_MESSAGE);
      request.user = user;
      return user;
    };

    const reverify = async (request: FastifyRequest): Promise<UserRow> => {
      request.sessionUnverified = false;
      request.user = null;
      const userId = request.session.userId;
      cache?.invalidate(`session:${request.session.sessionId}`);
      if (userId) cache?.invalidate(`user:${userId}`);
      // Both rows are read from the database now: after the request arrived, so current.
      await request.session.reload();
      const user = await admit(request);
      // The role the route is for, as its scope guard checks it.
      const access = request.routeOptions.config.access;
      if ((access === 'admin' || access === 'reviewer') && user.role !== access) throw forbidden();
      return user;
    };

    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (request.user) return request.user;
      try {
        return await admit(request);
      } catch (error) {
        // A refusal read from a cache that skipped its barrier may be stale (a reactivation not
        // yet heard of): it is given only once the database says so too. A session that was just
        // ended (a deleted account) is not read again.
        if (!request.sessionUnverified || request.session === null) throw error;
        return reverify(request);
      }
    });
    app.decorate('reverifySession', reverify);
    app.decorate(
      'readCheckedInStatement',
      async <T>(
        request: FastifyRequest,
        read: (sid: string | undefined) => Promise<{ value: T; signedIn: boolean }>,
      ) => {
        const answer = await read(
          request.sessionUnverified ? request.session.sessionId : undefined,
        );
        if (answer.signedIn) return answer.value;
        await reverify(request);
        return (await read(undefined)).value;
      },
    );
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
