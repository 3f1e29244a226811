import path from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { adminApi } from './api/admin-api';
import { benchFloorRoute } from './api/bench-floor';
import { publicApi } from './api/public-api';
import { reviewerApi } from './api/reviewer-api';
import type { Config } from './config';
import type { Database } from './db/client';
import { imageRoutes } from './modules/images/image-routes';
import type { AuthCache } from './plugins/auth-cache';
import { authenticationPlugin } from './plugins/authentication';
import { errorHandlerPlugin } from './plugins/error-handler';
import { sameOriginPlugin } from './plugins/same-origin';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sessionsPlugin } from './plugins/sessions';
import { webAppPlugin } from './plugins/web-app';

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
};

export const REDACTED_LOG_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.tempPassword',
];

export async function buildApp(options: AppOptions) {
  const { config, db } = options;
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: { level: config.logLevel, redact: REDACTED_LOG_PATHS } }),
    bodyLimit: 1024 * 1024,
    requestTimeout: 60_000,
    connectionTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Treat an empty JSON body (`POST` with the header but nothing sent) as no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { https: config.secureCookies });
  await app.register(sameOriginPlugin, { publicUrl: config.publicUrl });

  await app.register(async (api) => {
    await api.register(sessionsPlugin, {
      db,
      secret: options.sessionSecret,
      secure: config.secureCookies,
      cache: options.authCache,
    });
    await api.register(authenticationPlugin, { db, cache: options.authCache });
    await api.register(publicApi, { db });
    await api.register(imageRoutes, { db });
    await api.register(adminApi, { db, publicUrl: config.publicUrl, prefix: '/api/admin' });
    await api.register(reviewerApi, { db, prefix: '/api/reviewer' });
    if (config.benchFloor) await api.register(benchFloorRoute, { db });
  });

  await app.register(webAppPlugin, { root: options.webRoot ?? path.resolve('dist/web') });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
