import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { notFound } from '../../http-errors';
import { findImage } from './queries';

/** GET /api/images/{id}: uploaded images, for any signed-in active user (admin or reviewer). */
export const imageRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/images/:id',
    {
      config: { access: 'signed-in' },
      schema: { params: z.object({ id: z.uuid('Invalid image id') }) },
    },
    async (request, reply) => {
      await app.requireUser(request);
      const image = await findImage(db, request.params.id);
      if (!image) throw notFound('Image not found');
      // An image never changes under its id, so the browser may keep it; private keeps shared
      // caches out since images are for signed-in users only.
      return reply
        .header('Content-Type', image.contentType)
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .send(image.bytes);
    },
  );
};
