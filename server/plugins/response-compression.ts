import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const gzip = promisify(zlib.gzip);

/** Smaller answers fit in a packet or two either way; compressing them only costs time. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * zlib's default level: a 1.3 MB heatmap answer becomes about 86 KB in about 10 ms, off the main
 * thread (level 1: 97 KB in 5 ms; brotli at quality 5: 68 KB in 18 ms). Decision 0021.
 */
const GZIP_LEVEL = 6;

/**
 * Whether an `Accept-Encoding` value admits gzip (RFC 9110 section 12.5.3): a `gzip` (or `x-gzip`)
 * entry with a non-zero weight, or else a `*` with one. No header: send the bytes as they are.
 */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  let named: number | undefined;
  let wildcard: number | undefined;
  for (const entry of acceptEncoding.split(',')) {
    const [rawName, ...parameters] = entry.split(';');
    const name = rawName!.trim().toLowerCase();
    let weight = 1;
    for (const parameter of parameters) {
      const [key, value] = parameter.split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value?.trim());
        weight = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    if (name === 'gzip' || name === 'x-gzip') named = Math.max(named ?? 0, weight);
    else if (name === '*') wildcard = weight;
  }
  return (named ?? wildcard ?? 0) > 0;
}

/**
 * Concurrent readers of one coalesced answer (decision 0007) share one Buffer: they share its
 * compressed copy too.
 */
const compressedBuffers = new WeakMap<Buffer, Promise<Buffer>>();

function compressed(payload: Buffer | string): Promise<Buffer> {
  if (typeof payload === 'string') return gzip(payload, { level: GZIP_LEVEL });
  let copy = compressedBuffers.get(payload);
  if (!copy) {
    copy = gzip(payload, { level: GZIP_LEVEL });
    compressedBuffers.set(payload, copy);
  }
  return copy;
}

/**
 * gzip for the API's JSON answers when the client accepts it (issue 17: at 200 reviewers the
 * reviewer list is 53 KB, a detail's comments 84 KB and the heatmap 1 MB, which a phone on a slow
 * network waits seconds for). JSON only: the CSV exports and the backup stream as they are (the
 * backup is gzip already), images are compressed formats, and the built web app has its own
 * precompressed copies (web-app.ts).
 */
export const responseCompressionPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook: most answers leave it at once, without a promise of their own.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) {
      return done(null, payload);
    }
    if (reply.getHeader('content-encoding') !== undefined) return done(null, payload);
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return done(null, payload);
    // The answer depends on the header from now on: a cache must keep the copies apart.
    reply.header('vary', 'accept-encoding');
    if (!acceptsGzip(request.headers['accept-encoding'])) return done(null, payload);
    compressed(payload).then((body) => {
      reply.header('content-encoding', 'gzip');
      reply.removeHeader('content-length');
      done(null, body);
    }, done);
  });
});
