import type { IncomingMessage } from 'node:http';

/**
 * The most of a refused body the app reads and throws away before answering: the documented
 * nginx passes at most 2 MiB (docs/deploy/nginx.conf), so this covers whatever a proxy sends;
 * beyond it the connection is closed unread, as before.
 */
export const DRAIN_MAX_BYTES = 8 * 1024 * 1024;
export const DRAIN_MAX_MS = 10_000;

/**
 * Reads and discards what is left of a request's body. An answer sent before the body is read
 * (413 on the Content-Length alone) is followed by a close with unread bytes, which the peer sees
 * as a reset while it is still sending: a proxy then answers 502 instead of the 413 (issue 38).
 * Resolves when the body has ended, or at DRAIN_MAX_BYTES or DRAIN_MAX_MS, whichever comes first.
 */
export function drainRequestBody(
  raw: IncomingMessage,
  limits = { bytes: DRAIN_MAX_BYTES, ms: DRAIN_MAX_MS },
): Promise<void> {
  if (raw.complete || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('error', finish);
      raw.off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer | string) => {
      seen += chunk.length;
      if (seen > limits.bytes) finish();
    };
    const timer = setTimeout(finish, limits.ms);
    raw.on('data', onData);
    raw.on('end', finish);
    raw.on('error', finish);
    raw.on('close', finish);
    raw.resume();
  });
}
