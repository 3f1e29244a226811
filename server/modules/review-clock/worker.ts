import type { Database } from '../../db/client';
import { type PollingLoop, startPollingLoop } from '../mail/polling-loop';
import { runDueClockJobs } from './run-due-jobs';

/** How often an instance looks for due clock jobs by default: a deadline closes within this. */
export const CLOCK_POLL_INTERVAL_MS = 15_000;

type Logger = {
  info: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

/**
 * Every instance runs this loop; the jobs are rows in PostgreSQL, claimed by the database's clock
 * under one lock, so the close and each reminder happen once whichever instance looks first,
 * and a restart or a crash loses nothing (decision 0028). `onQueued` lets the outbox send the
 * reminders now rather than at its next poll.
 */
export function startReviewClockWorker(options: {
  db: Database;
  publicUrl: string;
  logger: Logger;
  intervalMs?: number;
  onQueued?: () => void;
}): PollingLoop {
  const run = async () => {
    try {
      const result = await runDueClockJobs(options.db, { publicUrl: options.publicUrl });
      if (result.closed || result.batches > 0) {
        options.logger.info({ component: 'review-clock', ...result }, 'review clock ran');
      }
      if (result.reminders > 0) options.onQueued?.();
    } catch (error) {
      options.logger.error({ component: 'review-clock', err: error }, 'review clock run failed');
    }
  };
  return startPollingLoop(run, options.intervalMs ?? CLOCK_POLL_INTERVAL_MS);
}
