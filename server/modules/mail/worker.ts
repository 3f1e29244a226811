import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { startPollingLoop } from './polling-loop';
import type { MailTransport } from './transport';

export const MAX_ATTEMPTS = 5;
export const BACKOFF_BASE_MS = 30_000;
export const POLL_INTERVAL_MS = 5000;
const ERROR_MESSAGE_MAX = 1000;

export type ProcessOptions = {
  from: string;
  now?: Date;
  /** How many emails one run sends at most (the next run continues). */
  batchSize?: number;
  maxAttempts?: number;
  backoffBaseMs?: number;
};

export type ProcessResult = { sent: number; retried: number; failed: number };

type ClaimedEmail = {
  id: string;
  recipient_email: string;
  subject: string;
  body: string;
  html: string | null;
  attempts: number;
};

/** SMTP 5xx answers are permanent (no such mailbox, rejected); everything else may pass later. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function describeError(error: unknown): string {
  const { message, response } = error as { message?: string; response?: string };
  return (response || message || String(error)).slice(0, ERROR_MESSAGE_MAX);
}

/** Delay before attempt n+1 after n failures: base, 2 x base, 4 x base, ... */
export function backoffMs(failures: number, base = BACKOFF_BASE_MS): number {
  return base * 2 ** Math.max(0, failures - 1);
}

/**
 * Sends the due pending emails one by one. Each is claimed with FOR UPDATE SKIP LOCKED inside its
 * own transaction that stays open while it is sent, so another worker on the same database skips
 * it, and sees it as sent or rescheduled once the claim commits: no email is sent twice (except
 * when a process dies between the SMTP answer and the commit, where at-least-once applies).
 */
export async function processDueEmails(
  db: Database,
  transport: MailTransport,
  options: ProcessOptions,
): Promise<ProcessResult> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 50;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const base = options.backoffBaseMs ?? BACKOFF_BASE_MS;
  const result: ProcessResult = { sent: 0, retried: 0, failed: 0 };
  // Due means due by the database's clock, which stamped the row when it was queued: Node's
  // clock has only millisecond precision, so an email queued in the same millisecond would
  // otherwise wait for the next poll.
  const dueBy = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  for (let i = 0; i < batchSize; i++) {
    const outcome = await db.transaction(async (tx) => {
      const claimed = await tx.execute<ClaimedEmail>(sql`
        select id, recipient_email, subject, body, html, attempts
          from email_notifications
         where status = 'pending' and next_attempt_at <= ${dueBy}
         order by next_attempt_at, created_at
         limit 1
           for update skip locked`);
      const email = claimed.rows[0];
      if (!email) return 'none' as const;
      const attempts = email.attempts + 1;
      try {
        await transport.send({
          id: email.id,
          from: options.from,
          to: email.recipient_email,
          subject: email.subject,
          text: email.body,
          html: email.html,
        });
      } catch (error) {
        const giveUp = attempts >= maxAttempts || isPermanentFailure(error);
        const next = new Date(now.getTime() + backoffMs(attempts, base));
        await tx.execute(sql`
          update email_notifications
             set attempts = ${attempts},
                 status = ${giveUp ? 'failed' : 'pending'},
                 error_message = ${describeError(error)},
                 next_attempt_at = ${giveUp ? now.toISOString() : next.toISOString()}
           where id = ${email.id}`);
        return giveUp ? ('failed' as const) : ('retried' as const);
      }
      await tx.execute(sql`
        update email_notifications
           set attempts = ${attempts}, status = 'sent', sent_at = ${now.toISOString()},
               error_message = null
         where id = ${email.id}`);
      return 'sent' as const;
    });
    if (outcome === 'none') break;
    result[outcome]++;
  }
  return result;
}

export type EmailWorker = { stop: () => Promise<void>; runNow: () => Promise<void> };

type Logger = {
  info: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

/** Polls the outbox every intervalMs until stopped; stop() waits for a run in progress. */
export function startEmailWorker(options: {
  db: Database;
  transport: MailTransport;
  from: string;
  logger: Logger;
  intervalMs?: number;
}): EmailWorker {
  const run = async () => {
    try {
      const result = await processDueEmails(options.db, options.transport, { from: options.from });
      if (result.sent + result.retried + result.failed > 0) {
        options.logger.info({ component: 'mail', ...result }, 'outbox processed');
      }
    } catch (error) {
      // The database may be briefly unavailable; the next tick tries again.
      options.logger.error({ component: 'mail', err: error }, 'outbox run failed');
    }
  };
  const loop = startPollingLoop(run, options.intervalMs ?? POLL_INTERVAL_MS);
  return {
    runNow: loop.runNow,
    stop: async () => {
      await loop.stop();
      options.transport.close();
    },
  };
}
