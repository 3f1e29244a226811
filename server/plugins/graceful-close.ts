import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const SWEEP_INTERVAL_MS = 100;

/**
 * Lets `app.close()` end as soon as the requests in flight are answered. Node's server.close()
 * closes the connections idle at that moment only; a kept-alive connection whose request was in
 * flight then stays open after its answer until the keep-alive timeout (72 s), past the shutdown
 * bound. So answers sent while closing say `Connection: close`, and connections that turn idle
 * (an export whose headers left before the close) are swept until the server has closed.
 */
export const gracefulClosePlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  let sweeper: NodeJS.Timeout | undefined;

  app.addHook('preClose', async () => {
    closing = true;
    sweeper = setInterval(() => app.server.closeIdleConnections(), SWEEP_INTERVAL_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing && !reply.raw.headersSent) reply.header('connection', 'close');
    done(null, payload);
  });
});
