import { IMAGE_WIDTHS } from '@shared/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { resizeImage } from './image-processing';
import { findImage } from './queries';

const widthSchema = z
  .string()
  .refine((width) => IMAGE_WIDTHS.map(String).includes(width), {
    message: `Width must be one of ${IMAGE_WIDTHS.join(', ')}`,
  })
  .transform(Number);

// Narrowed images are kept in memory, since an image never changes under its id: at most this
// many bytes, the oldest dropped first.
const RESIZED_CACHE_BYTES = 32 * 1024 * 1024;

class ResizedImageCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  get(key: string) {
    const value = this.entries.get(key);
    if (value) {
      // Recently used entries move to the back, so the front is the next to drop.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Buffer) {
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [oldest, buffer] of this.entries) {
      if (this.bytes <= RESIZED_CACHE_BYTES) break;
      this.entries.delete(oldest);
      this.bytes -= buffer.length;
    }
  }
}

/**
 * GET /api/images/{id}[?w=320|640|960|1280]: uploaded images, for any signed-in active user
 * (admin or reviewer), in their uploaded size or narrowed to the width the page shows.
 */
export const imageRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const resized = new ResizedImageCache();
  app.get(
    '/api/images/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        params: z.object({ id: z.uuid('Invalid image id') }),
        querystring: z.object({ w: widthSchema.optional() }),
      },
    },
    async (request, reply) => {
      await app.requireUser(request);
      const image = await findImage(db, request.params.id);
      if (!image) throw notFound('Image not found');
      const width = request.query.w;
      let bytes = image.bytes;
      if (width !== undefined && width < image.width) {
        const key = `${request.params.id}:${width}`;
        const cached = resized.get(key);
        if (cached) bytes = cached;
        else {
          bytes = await resizeImage(image, width);
          resized.set(key, bytes);
        }
      }
      // An image never changes under its id, so the browser may keep it; private keeps shared
      // caches out since images are for signed-in users only.
      return reply
        .header('Content-Type', image.contentType)
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .send(bytes);
    },
  );
};
