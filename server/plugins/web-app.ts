import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../http/errors';

/**
 * Serves the built single-page app with an index.html fallback for client routes; unknown
 * /api paths answer a JSON 404 instead.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const indexFile = path.join(options.root, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to each text file (scripts/build.mjs).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/, so it never changes under one name; the
        // app shell names the current assets, so a browser revalidates it every time.
        // (`filePath` may be the .br or .gz copy.)
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        const shell = path.basename(filePath).startsWith('index.html');
        res.header(
          'cache-control',
          immutable
            ? 'public, max-age=31536000, immutable'
            : shell
              ? 'no-cache'
              : 'public, max-age=300',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?', 1)[0]!;
    if (pathname === '/api' || pathname.startsWith('/api/')) throw notFound();
    if (!hasBuild || (request.method !== 'GET' && request.method !== 'HEAD')) throw notFound();
    // A real file that is missing (an old asset, a typo'd image) is a 404, not the app shell.
    if (path.extname(pathname)) throw notFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
