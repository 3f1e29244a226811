import { BACKUP_CONTENT_TYPE, backupFileNameFor } from '@shared/backup-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { auditActorOf, recordAudit } from '../audit/record-audit';
import { openBackup } from './write-backup';

/**
 * The archive as the API reference describes it: bytes of its own content type, never JSON (a
 * stream is sent as it is, so no serialiser sees it).
 */
const backupResponse = {
  description:
    'The gzip archive (docs/decisions/0016-backup-and-restore.md), streamed as it is read, saved under the Content-Disposition file name; `npm run restore -- FILE` loads it.',
  // unknown to TypeScript (the handler sends a stream), a binary string to the reference.
  content: {
    [BACKUP_CONTENT_TYPE]: { schema: z.unknown().meta({ type: 'string', format: 'binary' }) },
  },
};

/**
 * GET /backup inside the /api/admin scope: the full backup, streamed from one consistent snapshot.
 * The download is audited first, so the archive holds the record of its own taking.
 */
export const backupRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/backup',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Download a full backup',
        description:
          'Every table including images, sessions excluded, with the schema version, as a gzip stream of JSON lines ending with a SHA-256 trailer.',
        response: { 200: backupResponse },
      },
    },
    async (request, reply) => {
      await recordAudit(db, auditActorOf(request), {
        action: 'backup.download',
        entityType: 'database',
      });
      const { stream } = await openBackup(db.$client);
      return reply
        .header('content-type', BACKUP_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${backupFileNameFor(new Date())}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
