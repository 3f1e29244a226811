import { ballotResultsSchema } from '@shared/ballot-schemas';
import { BALLOT_EXPORT_TYPE, exportFileNameFor } from '@shared/export-files';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { sendAsIs } from '../../http/json-body';
import { ballotCsv } from './ballot-csv';
import { countCurrentBallots, presentBallotResults, type ReadResults } from './results';

/** The count of the finalist ballot and its CSV, inside the admin scope. */
export const ballotAdminRoutes: FastifyPluginAsyncZod<{
  db: Database;
  readResults: ReadResults;
}> = async (app, { db, readResults }) => {
  app.get(
    '/ballot/results',
    {
      config: { access: 'admin' },
      schema: {
        description:
          'The Schulze count of the ballots of the current electorate: pairwise matrices, the order with its stability over resamples, Borda and the calibrated scores beside it, why each candidate is above the next, and whether the winner is clear.',
        response: { 200: ballotResultsSchema },
      },
    },
    async (_request, reply) => {
      const counted = await countCurrentBallots(db, readResults);
      // The count's own time beside the reads (the bench's figure for issue 37).
      reply.header('server-timing', `count;dur=${counted.countMs.toFixed(1)}`);
      return presentBallotResults(counted);
    },
  );

  app.get(
    `/export/${BALLOT_EXPORT_TYPE}`,
    {
      config: { access: 'admin' },
      schema: {
        description:
          'The ballot count as CSV (UTF-8 with a byte-order mark, CRLF line ends): a row per finalist in the Schulze order, with the pairwise preferences as columns.',
        response: {
          200: {
            description: 'The CSV file, saved under the name its Content-Disposition gives.',
            content: { 'text/csv; charset=utf-8': { schema: z.string() } },
          },
        },
      },
    },
    async (_request, reply) => {
      const body = ballotCsv(await countCurrentBallots(db, readResults));
      return sendAsIs(
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${exportFileNameFor(BALLOT_EXPORT_TYPE, new Date())}"`,
          )
          .header('cache-control', 'no-store'),
        body,
      );
    },
  );
};
