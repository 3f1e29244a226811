import { exportFileNameFor, isExportType } from '@shared/export-files';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { sendAsIs } from '../../http/json-body';
import { openCsvExport } from './csv-export';
import { type ComputedExportType, isCopyExport } from './definitions';
import { currentExportDefinition } from './export-variant';

/** The CSV text of each computed export, whole (BOM and header included). */
export type ComputedExports = Record<ComputedExportType, () => Promise<string>>;

/**
 * GET /export/{type} inside the /api/admin scope (SPEC.md section 7): a CSV file that PostgreSQL
 * writes and COPY streams (csv-export.ts), so memory stays flat however many rows there are, or,
 * for a computed export, the text its module produced.
 */
export const exportRoutes: FastifyPluginAsyncZod<{
  db: Database;
  computed: ComputedExports;
}> = async (app, { db, computed }) => {
  app.get(
    '/export/:type',
    {
      config: { access: 'admin' },
      schema: {
        description:
          'A CSV file (UTF-8 with a byte-order mark, CRLF line ends): opportunities, reviews, comments, audit, results or decisions.',
        params: z.object({ type: z.string() }),
        response: {
          200: {
            description: 'The CSV file, saved under the name its Content-Disposition gives.',
            content: { 'text/csv; charset=utf-8': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const { type } = request.params;
      if (!isExportType(type)) throw notFound('Unknown export type');
      const body = isCopyExport(type)
        ? await openCsvExport(db.$client, await currentExportDefinition(db.$client, type))
        : await computed[type]();
      return sendAsIs(
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${exportFileNameFor(type, new Date())}"`,
          )
          .header('cache-control', 'no-store'),
        body,
      );
    },
  );
};
