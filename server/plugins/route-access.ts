import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

/**
 * Who may call an /api route. `admin` and `reviewer` are enforced by the scope guard of their
 * prefix; `signed-in` by a hook added here (any active user); `public` needs nobody.
 */
export const ACCESS_LEVELS = ['public', 'signed-in', 'admin', 'reviewer'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route: refused at startup without it (see route-access.ts). */
    access?: Access;
  }
}

export type DeclaredRoute = {
  method: string;
  url: string;
  access: Access;
  /** True when the route validates a body (the hostile-input test must cover it). */
  hasBody: boolean;
  /** True when the route validates a query string (likewise). */
  hasQuery: boolean;
};

const SCOPE_OF_PREFIX: ReadonlyArray<[prefix: string, access: Access]> = [
  ['/api/admin/', 'admin'],
  ['/api/reviewer/', 'reviewer'],
];

export class RouteAccessError extends Error {}

export const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');

/** The access an /api path must declare given its prefix, or null when it is not role-scoped. */
function scopeOf(url: string): Access | null {
  return SCOPE_OF_PREFIX.find(([prefix]) => url.startsWith(prefix))?.[1] ?? null;
}

async function requireSignedIn(this: FastifyInstance, request: FastifyRequest) {
  await request.server.requireUser(request);
}

/**
 * An onRoute hook for the root instance: every /api route must declare `config.access`, the
 * declaration must match its scope (admin under /api/admin, reviewer under /api/reviewer, public
 * or signed-in elsewhere), and a `signed-in` route gets a hook that requires an active user.
 * A violation throws, so the app does not start. Declared routes are appended to `registry`.
 */
export function enforceRouteAccess(registry: DeclaredRoute[]) {
  return (route: RouteOptions) => {
    if (!isApiPath(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const label = `${methods.join(',')} ${route.url}`;
    const access = route.config?.access;
    if (access === undefined) {
      throw new RouteAccessError(`${label} does not declare its access (config.access)`);
    }
    if (!(ACCESS_LEVELS as readonly string[]).includes(access)) {
      throw new RouteAccessError(`${label} declares an unknown access '${String(access)}'`);
    }
    const scope = scopeOf(route.url);
    const contradicts = scope ? access !== scope : access === 'admin' || access === 'reviewer';
    if (contradicts) {
      throw new RouteAccessError(
        `${label} declares '${access}' but its scope admits ${scope ? `'${scope}'` : "only 'public' or 'signed-in'"}`,
      );
    }
    if (access === 'signed-in') {
      const existing = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [requireSignedIn, ...existing];
    }
    const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
    const hasBody = Boolean(schema?.body);
    const hasQuery = Boolean(schema?.querystring);
    for (const method of methods) {
      registry.push({ method, url: route.url, access, hasBody, hasQuery });
    }
  };
}

/** The scope guard's half of the check: every route in a role scope declares that role. */
export function expectScopeAccess(role: Access) {
  return (route: RouteOptions) => {
    if (route.config?.access !== role) {
      throw new RouteAccessError(
        `${String(route.method)} ${route.url} is in the '${role}' scope but declares '${String(route.config?.access)}'`,
      );
    }
  };
}
