import { exportFileNameFor, isExportType } from '@shared/export-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { openCsvExport } from './csv-export';
import { type ComputedExportType, EXPORTS, isCursorExport } from './definitions';
import { currentExportDefinition } from './export-variant';

/** The CSV text of each computed export, whole (BOM and header included). */
export type ComputedExports = Record<ComputedExportType, () => Promise<string>>;

/**
 * GET /export/{type} inside the /api/admin scope (SPEC.md section 7): a CSV file streamed from
 * the database in batches, so memory stays flat however many rows there are, or, for a computed
 * export, the text its module produced.
 */
export const exportRoutes: FastifyPluginAsyncZod<{
  db: Database;
  computed: ComputedExports;
}> = async (app, { db, computed }) => {
  app.get(
    '/export/:type',
    { config: { access: 'admin' }, schema: { params: z.object({ type: z.string() }) } },
    async (request, reply) => {
      const { type } = request.params;
      if (!isExportType(type)) throw notFound('Unknown export type');
      const body = isCursorExport(type)
        ? await openCsvExport(db.$client, await currentExportDefinition(db.$client, EXPORTS[type]))
        : await computed[type]();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${exportFileNameFor(type, new Date())}"`,
        )
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
