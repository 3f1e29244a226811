import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * A response body checked against its schema and serialised once, for a read whose value many
 * responses share: Fastify sends a Buffer as it is, without its per-reply serializer.
 */
export function jsonBody<Schema extends z.ZodType>(schema: Schema, value: z.input<Schema>): Buffer {
  return Buffer.from(JSON.stringify(schema.parse(value)));
}

/**
 * Sends a body that already is the response's bytes (JSON serialised once, by PostgreSQL or by
 * `jsonBody`; a CSV stream) as it is. The route still declares its response schema, which the API
 * reference documents, but Fastify never runs a serializer on a string, Buffer or stream: the
 * fast path stays. Only the type provider, which expects the schema's value, is told so, here.
 */
export function sendAsIs<Reply>(reply: Reply, body: Buffer | string | Readable): Reply {
  (reply as unknown as FastifyReply).send(body);
  return reply;
}
