import { exportFileNameFor, isExportType } from '@shared/export-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { openCsvExport } from './csv-export';
import { EXPORTS } from './definitions';

/**
 * GET /export/{type} inside the /api/admin scope (SPEC.md section 7): a CSV file streamed from
 * the database in batches, so memory stays flat however many rows there are.
 */
export const exportRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/export/:type',
    { config: { access: 'admin' }, schema: { params: z.object({ type: z.string() }) } },
    async (request, reply) => {
      const { type } = request.params;
      if (!isExportType(type)) throw notFound('Unknown export type');
      const stream = await openCsvExport(db.$client, EXPORTS[type]);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${exportFileNameFor(type, new Date())}"`,
        )
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
