import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../http/errors';
import { acceptsGzip } from './response-compression';
import { SESSION_COOKIE } from './sessions';

/**
 * The JavaScript each signed-in page loads beyond what index.html names, by the page's path
 * pattern (`{id}` for one segment), as scripts/build.mjs writes it to dist/web-preloads.json.
 */
export type PagePreloads = Record<string, string[]>;

type HintedShell = { pattern: RegExp; html: string; gzip: Buffer };

function patternOf(pagePath: string): RegExp {
  const escaped = pagePath
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('[^/]+')}$`);
}

/**
 * index.html with `<link>`s that start, with the page itself, what a signed-in first visit would
 * otherwise ask for one step after another (issue 17, decision 0021): the page's code, which the
 * app's entry asks for only once it has run, and the current user. Same-origin files that every
 * visitor may fetch: nothing here depends on who the session belongs to.
 */
function hintedShells(shell: string, preloads: PagePreloads): HintedShell[] {
  return Object.entries(preloads).map(([pagePath, files]) => {
    const links = [
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/me">',
      ...files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
    ];
    const html = shell.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
    return { pattern: patternOf(pagePath), html, gzip: zlib.gzipSync(html) };
  });
}

function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader?.split(';').some((c) => c.trim().startsWith(`${SESSION_COOKIE}=`)) ?? false;
}

/**
 * Serves the built single-page app with an index.html fallback for client routes; unknown
 * /api paths answer a JSON 404 instead.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { root: string; preloads?: PagePreloads }) => {
    const indexFile = path.join(options.root, 'index.html');
    const hasBuild = fs.existsSync(indexFile);
    const shells = hasBuild
      ? hintedShells(fs.readFileSync(indexFile, 'utf8'), options.preloads ?? {})
      : [];
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
      reply.header('cache-control', 'no-cache');
      const hinted = hasSessionCookie(request.headers.cookie)
        ? shells.find((shell) => shell.pattern.test(pathname))
        : undefined;
      if (!hinted) return reply.sendFile('index.html');
      // The shell now depends on the cookie: a cache must not give it to another visitor.
      reply.header('vary', 'cookie, accept-encoding').type('text/html; charset=utf-8');
      if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(hinted.html);
      return reply.header('content-encoding', 'gzip').send(hinted.gzip);
    });
  },
);
