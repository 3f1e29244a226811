import type { Database } from '../../db/client';
import { type PollingLoop, startPollingLoop } from '../mail/polling-loop';
import { runDiscussionDigests } from './digest';

type Logger = {
  info: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

/**
 * Every instance runs this loop beside the review clock's, on the same interval: the digest items
 * are rows in PostgreSQL, claimed under one lock, so each digest goes once whichever instance
 * looks first, and a restart loses nothing. `onQueued` lets the outbox send them now.
 */
export function startDiscussionDigestWorker(options: {
  db: Database;
  publicUrl: string;
  logger: Logger;
  intervalMs: number;
  onQueued?: () => void;
}): PollingLoop {
  const run = async () => {
    try {
      const result = await runDiscussionDigests(options.db, { publicUrl: options.publicUrl });
      if (result.emails > 0 || result.dropped > 0) {
        options.logger.info({ component: 'discussion-digest', ...result }, 'digests queued');
      }
      if (result.emails > 0) options.onQueued?.();
    } catch (error) {
      options.logger.error(
        { component: 'discussion-digest', err: error },
        'discussion digest run failed',
      );
    }
  };
  return startPollingLoop(run, options.intervalMs);
}
