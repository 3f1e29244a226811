import type { z } from 'zod';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * A response body checked against its schema and serialised once, for a read whose value many
 * responses share: Fastify sends a Buffer as it is, without its per-reply serializer.
 */
export function jsonBody<Schema extends z.ZodType>(schema: Schema, value: z.input<Schema>): Buffer {
  return Buffer.from(JSON.stringify(schema.parse(value)));
}
