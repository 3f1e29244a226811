import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Node's `requestTimeout` stops counting once a request reaches the app, so a client trickling a
 * body (a byte now and then, never idle long enough for the idle timeout) could hold a
 * connection indefinitely. This gives the body the same deadline: when it has not arrived by
 * then, the client gets a 408 and the connection is closed.
 */
export const slowBodyGuardPlugin = fp(
  async (app: FastifyInstance, options: { timeoutMs: number }) => {
    const timers = new WeakMap<object, NodeJS.Timeout>();
    const clear = (request: { raw: object }) => clearTimeout(timers.get(request.raw));

    app.addHook('onRequest', (request, reply, done) => {
      const { raw } = request;
      // Only a real connection whose body is still arriving (not app.inject, not a GET).
      if (raw.complete || !(raw.socket instanceof Socket)) return done();
      const timer = setTimeout(() => {
        if (raw.complete || raw.socket.destroyed) return;
        request.log.info('request body too slow: closing the connection');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(408, {
            'content-type': 'application/json; charset=utf-8',
            connection: 'close',
          });
          reply.raw.end(JSON.stringify({ message: 'The request took too long to arrive' }));
        }
        raw.socket.destroySoon();
      }, options.timeoutMs);
      timer.unref();
      timers.set(raw, timer);
      done();
    });
    app.addHook('onResponse', (request, _reply, done) => {
      clear(request);
      done();
    });
    app.addHook('onRequestAbort', (request, done) => {
      clear(request);
      done();
    });
  },
);
