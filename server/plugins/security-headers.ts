import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The CSP source of each inline script of an HTML page, `'sha256-...'` of its exact text: the
 * app shell's one inline script (the theme, applied before the first paint) runs because it is
 * this text, not because inline scripts are allowed.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes!))
    .map(([, , body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
}

/**
 * The headers helmet sets for these options, read once: with no per-request directive (no nonce,
 * no function) helmet's middleware sets the same values on every response, so running it on a
 * recording response at startup gives them all. @fastify/helmet built the middleware again, and
 * parsed the CSP directives again, on every request: a tenth of the CPU of the cheapest calls
 * (issue 38, decision 0034).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/**
 * Security headers with a strict Content-Security-Policy: scripts only from this origin and the
 * inline scripts of the app shell by hash (never 'unsafe-inline'), no framing, no plugins. Every
 * response gets them, the 404s and errors included.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { https: boolean; scriptHashes: string[] }) => {
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...options.scriptHashes],
          // Style attributes set by UI libraries need this; scripts stay strict.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(options.https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: options.https
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    });
    const entries = Object.entries(headers);
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of entries) reply.raw.setHeader(name, value);
      done();
    });
  },
);
