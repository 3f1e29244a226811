import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../http/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false; // non-browser clients send none
  if (origin === 'null') return true;
  try {
    const { host } = new URL(origin);
    // Parsing the Host header the same way drops default ports on both sides.
    return host !== new URL(`http://${request.headers.host}`).host && origin !== publicUrl;
  } catch {
    return true;
  }
}

/**
 * Refuses state-changing requests from other sites (CONTRACT.md): together with the SameSite=Lax
 * cookie this is the CSRF defence.
 */
export const sameOriginPlugin = fp(async (app: FastifyInstance, options: { publicUrl: string }) => {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!SAFE_METHODS.has(request.method) && isCrossSite(request, options.publicUrl)) {
      done(forbidden('Cross-site requests are not allowed'));
      return;
    }
    done();
  });
});
