import { isExportType } from '@shared/export-files';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import { openCopyOut } from '../modules/exports/copy-out';
import { EXPORTS, isCopyExport } from '../modules/exports/definitions';

/** Largest body the floor route pads to. */
export const BENCH_FLOOR_MAX_BYTES = 1024 * 1024;
const EMPTY_BODY_BYTES = JSON.stringify({ one: 1, padding: '' }).length;

/**
 * The floor routes, registered only with BENCH_FLOOR=1 (`npm run bench`). GET /api/bench/floor:
 * no session, one trivial SELECT, and a JSON body of `?bytes=N` bytes, so that it stands for the
 * cost of one database round trip and a response the size of the one it is compared with.
 */
export const benchFloorRoute: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/bench/floor',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({
          bytes: z.coerce.number().int().min(0).max(BENCH_FLOOR_MAX_BYTES).default(0),
        }),
        response: { 200: z.object({ one: z.number().int(), padding: z.string() }) },
      },
    },
    async (request) => {
      const result = await db.execute<{ one: number }>(sql`select 1 as one`);
      const padding = 'x'.repeat(Math.max(0, request.query.bytes - EMPTY_BODY_BYTES));
      return { one: Number(result.rows[0]?.one ?? 0), padding };
    },
  );

  /**
   * GET /api/bench/floor/export/{type}: the rows of an export (its typed `rowsQuery`: the same
   * joins, columns and order) copied by PostgreSQL's own CSV writer and piped to the response
   * untouched, with no session. What the export route could at best approach: the floor its
   * encoding in SQL and its header, framing and checks are measured against (`npm run bench`).
   */
  app.get(
    '/api/bench/floor/export/:type',
    { config: { access: 'public' }, schema: { params: z.object({ type: z.string() }) } },
    async (request, reply) => {
      const { type } = request.params;
      if (!isExportType(type) || !isCopyExport(type)) throw notFound('Unknown export type');
      const body = await openCopyOut(
        db.$client,
        `copy (${EXPORTS[type].rowsQuery}) to stdout with (format csv)`,
      );
      return reply.header('content-type', 'text/csv; charset=utf-8').send(body);
    },
  );
};
