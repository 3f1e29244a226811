import fastifyMultipart from '@fastify/multipart';
import { IMAGE_MAX_BYTES } from '@shared/limits';
import { imageUploadResultSchema } from '@shared/opportunity-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { badRequest, HttpError } from '../../http/errors';
import { auditActorOf, recordAudit } from '../audit/record-audit';
import { imageTooLarge, NOT_AN_IMAGE, processImage } from './image-processing';
import { storeImage } from './queries';

const FIELD = 'image';

/** POST /upload-image (SPEC.md section 7), inside the admin scope: multipart field `image`. */
export const imageUploadRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // Registered here so that multipart bodies are parsed only for admins (the guard runs first).
  // One byte over the limit lets busboy report "too large" instead of silently truncating.
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 },
  });

  app.post(
    '/upload-image',
    { config: { access: 'admin' }, schema: { response: { 201: imageUploadResultSchema } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the image as multipart/form-data');
      const user = await app.requireUser(request);
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file || file.fieldname !== FIELD) throw badRequest('No image was uploaded');
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 413) throw imageTooLarge();
        if (error instanceof HttpError) throw error;
        throw badRequest((error as Error).message || NOT_AN_IMAGE);
      }
      const image = await processImage(bytes);
      const stored = await db.transaction(async (tx) => {
        const row = await storeImage(tx, { ...image, createdById: user.id });
        await recordAudit(tx, auditActorOf(request, user.id), {
          action: 'image.upload',
          entityType: 'image',
          entityId: row.id,
          changes: {
            after: { contentType: image.contentType, byteSize: image.bytes.length, url: row.url },
          },
        });
        return row;
      });
      return reply.code(201).send({ url: stored.url });
    },
  );
};
