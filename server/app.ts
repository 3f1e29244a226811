import fs from 'node:fs';
import path from 'node:path';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '@shared/text';
import Fastify, { type FastifyBaseLogger, type FastifyRequest } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { adminApi } from './api/admin-api';
import { benchFloorRoute } from './api/bench-floor';
import { publicApi } from './api/public-api';
import { reviewerApi } from './api/reviewer-api';
import type { Config, TrustProxy } from './config';
import type { Database } from './db/client';
import { HttpError } from './http/errors';
import { loggableError } from './http/loggable-error';
import { discussionRoutes } from './modules/discussions/routes';
import { imageRoutes } from './modules/images/image-routes';
import { createMeetingEvents, type MeetingEvents } from './modules/meeting/meeting-events';
import { readMeetingVersion } from './modules/meeting/queries';
import { meetingRoutes } from './modules/meeting/routes';
import { createResultsReader } from './modules/results/results-reader';
import { createResultsThread } from './modules/results/results-thread';
import type { AuthCache } from './plugins/auth-cache';
import { authenticationPlugin } from './plugins/authentication';
import { errorHandlerPlugin } from './plugins/error-handler';
import { gracefulClosePlugin } from './plugins/graceful-close';
import { apiReferenceRoutes, packageVersion, registerOpenApi } from './plugins/openapi';
import { responseCompressionPlugin } from './plugins/response-compression';
import { type DeclaredRoute, enforceRouteAccess } from './plugins/route-access';
import { sameOriginPlugin } from './plugins/same-origin';
import { inlineScriptHashes, securityHeadersPlugin } from './plugins/security-headers';
import { sessionsPlugin } from './plugins/sessions';
import { slowBodyGuardPlugin } from './plugins/slow-body-guard';
import { type PagePreloads, webAppPlugin } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api method and path with its declared access, as registered (see route-access.ts). */
    declaredRoutes: readonly DeclaredRoute[];
    /** This instance's listener of the meeting's changes (modules/meeting/meeting-events.ts). */
    meetingEvents: MeetingEvents;
  }
}

export type AppOptions = {
  config: Config;
  db: Database;
  sessionSecret: string;
  /** A pino logger to share with the rest of the process; otherwise one is made from config. */
  loggerInstance?: FastifyBaseLogger;
  /** Per-process cache of session and user rows, fed by a LISTEN (see plugins/auth-cache.ts). */
  authCache?: AuthCache;
  /** Folder of the built web app; defaults to dist/web under the working directory. */
  webRoot?: string;
  /** Slow-client limits; tests shorten them. */
  timeouts?: Partial<Timeouts>;
};

export type Timeouts = {
  /** A request must arrive whole (headers and body) within this time, or it gets 408. */
  requestMs: number;
  /** A connection with no traffic for this long is closed. */
  idleMs: number;
};

export const DEFAULT_TIMEOUTS: Timeouts = { requestMs: 60_000, idleMs: 60_000 };

export const REDACTED_LOG_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.tempPassword',
  '*.confirmPassword',
  '*.token',
];

// An invitation link's token is a credential: it never reaches the log, even inside a URL.
const TOKEN_IN_PATH = /^(\/api\/invitations\/|\/invite\/)[^/?#]+/;

/** The URL as logged: invitation tokens replaced. */
export function loggableUrl(url: string): string {
  return url.replace(TOKEN_IN_PATH, '$1[redacted]');
}

/** Fastify's request serializer, minus secrets in the URL. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * pino options for the app and the process: redactions, the request serializer, and the one
 * serializer of errors (never a statement's parameters).
 */
export function loggerOptions(level: string) {
  return {
    level,
    redact: REDACTED_LOG_PATHS,
    serializers: { req: serializeRequest, err: loggableError },
  };
}

/**
 * Fastify's trustProxy for TRUST_PROXY. Fastify refuses a bare hop count (it cannot tell a proxy
 * from a client that connects directly), so a count becomes the function that trusts the first
 * `hops` addresses from the socket inwards: safe only when nothing but the proxies can reach the
 * app, which README's Deploying section says. A list is handed on as it is.
 */
function trustProxyOption(
  trust: TrustProxy,
): boolean | string[] | ((a: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

export async function buildApp(options: AppOptions) {
  const { config, db } = options;
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: loggerOptions(config.logLevel) }),
    bodyLimit: 1024 * 1024,
    // TRUST_PROXY: request.ip (throttles, invitation limit, audit, log) and request.protocol come
    // from X-Forwarded-For and X-Forwarded-Proto only when the peer is a trusted proxy.
    trustProxy: trustProxyOption(config.trustProxy),
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    // Node checks request timeouts on this interval (30 s by default): never coarser than the
    // timeout itself, so that a short limit is applied in time.
    http: {
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, timeouts.requestMs / 4)),
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Before any route: an /api route without an access declaration stops the app from starting.
  const declaredRoutes: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declaredRoutes);
  app.addHook('onRoute', enforceRouteAccess(declaredRoutes));

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before any route, so that the API reference sees each one as it is registered.
  await registerOpenApi(app, { version: packageVersion() });

  // Treat an empty JSON body (`POST` with the header but nothing sent) as no body. Text the
  // database cannot store byte-identical (NUL, lone surrogates) is refused for every route here.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body as string, (error, parsed) => {
      if (error) return done(error, undefined);
      const paths = findUnstorableText(parsed);
      if (paths.length === 0) return done(null, parsed);
      const issues = paths.map((path) => ({ path, message: UNSTORABLE_TEXT_MESSAGE }));
      const message = issues
        .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
        .join('; ');
      return done(new HttpError(400, message, issues), undefined);
    });
  });

  await app.register(errorHandlerPlugin);
  await app.register(gracefulClosePlugin);
  await app.register(slowBodyGuardPlugin, { timeoutMs: timeouts.requestMs });
  const webRoot = options.webRoot ?? path.resolve('dist/web');
  const shellFile = path.join(webRoot, 'index.html');
  await app.register(securityHeadersPlugin, {
    https: config.secureCookies,
    scriptHashes: fs.existsSync(shellFile)
      ? inlineScriptHashes(fs.readFileSync(shellFile, 'utf8'))
      : [],
  });
  await app.register(sameOriginPlugin, { publicUrl: config.publicUrl });

  // One LISTEN connection per instance, opened by the first meeting page that subscribes.
  const meetingEvents = createMeetingEvents({
    connection: db.$client.options,
    readVersion: () => readMeetingVersion(db),
    log: app.log,
  });
  app.decorate('meetingEvents', meetingEvents);
  app.addHook('onClose', () => meetingEvents.stop());

  await app.register(async (api) => {
    await api.register(responseCompressionPlugin);
    await api.register(sessionsPlugin, {
      db,
      secret: options.sessionSecret,
      // PUBLIC_URL https: always Secure, whatever a header says. Behind a trusted proxy, a
      // request that reached it over https gets Secure too (X-Forwarded-Proto).
      secure: config.secureCookies ? true : config.trustProxy === false ? false : 'auto',
      lifetime: { maxAgeMs: config.sessionMaxAgeMs, idleMs: config.sessionIdleMs },
      cache: options.authCache,
    });
    await api.register(authenticationPlugin, { db, cache: options.authCache });
    await api.register(publicApi, { db });
    await api.register(apiReferenceRoutes);
    await api.register(imageRoutes, { db });
    await api.register(discussionRoutes, { db });
    // The results screen, its export, the decisions and the meeting view share one computation,
    // run on a worker thread (decision 0010, "Serving the results").
    const resultsThread = createResultsThread();
    api.addHook('onClose', () => resultsThread.close());
    const readResults = createResultsReader(db, resultsThread.compute);
    await api.register(meetingRoutes, {
      db,
      readResults: async () => (await readResults()).results,
      events: meetingEvents,
    });
    await api.register(adminApi, {
      db,
      publicUrl: config.publicUrl,
      readResults,
      prefix: '/api/admin',
    });
    await api.register(reviewerApi, { db, prefix: '/api/reviewer' });
    if (config.benchFloor) await api.register(benchFloorRoute, { db });
  });

  // Written by scripts/build.mjs beside dist/web; a build without it only loses the preloads.
  const preloadsFile = path.join(path.dirname(webRoot), 'web-preloads.json');
  await app.register(webAppPlugin, {
    root: webRoot,
    preloads: fs.existsSync(preloadsFile)
      ? (JSON.parse(fs.readFileSync(preloadsFile, 'utf8')) as PagePreloads)
      : undefined,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
