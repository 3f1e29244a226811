import { describeOffset, formatDeadlineInWords } from '@shared/review-clock';
import type { Database } from '../../db/client';
import { recordAudit } from '../audit/record-audit';
import { absoluteLink, queueEmails } from '../mail/outbox';
import { deadlineReminderEmail } from '../mail/templates';
import {
  type ClockJob,
  type ClockState,
  claimDueClockJob,
  claimReminderRecipients,
  finishClockJob,
  lockReviewClock,
  readClockState,
} from './queries';
import { armClockJobs, CLOCK_ACTOR, closeAtDeadline } from './service';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type ClockRunResult = {
  /** Reviewing was closed at its deadline by this run. */
  closed: boolean;
  /** Reminder batches sent, and the emails they queued. */
  batches: number;
  reminders: number;
};

/** How many due jobs one run handles at most (the next run continues). */
const JOBS_PER_RUN = 50;

/** The job still belongs to the clock as it stands: open, and the same deadline. */
function isCurrent(job: ClockJob, state: ClockState): boolean {
  return state.storedPhase === 'open' && state.deadlineAt?.getTime() === job.deadline.getTime();
}

async function sendReminders(
  tx: Transaction,
  job: ClockJob,
  state: ClockState,
  publicUrl: string,
): Promise<number> {
  const recipients = await claimReminderRecipients(tx, {
    deadline: job.deadline,
    offsetMinutes: job.offsetMinutes,
  });
  const deadlineInWords = formatDeadlineInWords(state.deadline!) ?? job.deadline.toUTCString();
  const count = await queueEmails(
    tx,
    recipients.map((reviewer) => ({
      recipientId: reviewer.id,
      recipientEmail: reviewer.email,
      type: 'review_reminder' as const,
      content: deadlineReminderEmail({
        name: reviewer.name,
        owed: reviewer.owed.map((o) => ({
          number: o.number,
          title: o.title,
          link: absoluteLink(publicUrl, `/reviewer/opportunities/${o.id}`),
        })),
        deadlineInWords,
        timeLeft: describeOffset(job.offsetLabel),
        listLink: absoluteLink(publicUrl, '/reviewer/opportunities'),
      }),
    })),
  );
  await finishClockJob(tx, { id: job.id, state: 'done', sentCount: count });
  await recordAudit(tx, CLOCK_ACTOR, {
    action: 'review_clock.reminders_sent',
    entityType: 'review_clock',
    entityId: job.id,
    changes: { deadline: job.deadline, offset: job.offsetLabel, count },
  });
  return count;
}

/**
 * Runs the clock's due jobs, one per transaction under the clock's lock, each claimed by the
 * database's clock (`now` only for tests: a test clock, the same rule). Any number of instances
 * may run this at once: the lock serialises them, a done job is not due any more, and the
 * receipts' key lets one reminder through per reviewer, so nothing happens twice.
 */
export async function runDueClockJobs(
  db: Database,
  options: { publicUrl: string; now?: Date },
): Promise<ClockRunResult> {
  const result: ClockRunResult = { closed: false, batches: 0, reminders: 0 };
  for (let i = 0; i < JOBS_PER_RUN; i++) {
    const handled = await db.transaction(async (tx) => {
      await lockReviewClock(tx);
      const job = await claimDueClockJob(tx, options.now);
      if (!job) return false;
      const state = await readClockState(tx);
      const now = options.now ?? state.now;
      if (!isCurrent(job, state)) {
        // Defensive: arming cancels stale jobs in the transaction that changed the settings.
        await finishClockJob(tx, { id: job.id, state: 'cancelled' });
      } else if (job.kind === 'close') {
        await closeAtDeadline(tx);
        await finishClockJob(tx, { id: job.id, state: 'done' });
        // Closed: whatever is still scheduled (nothing, as reminders come first) is cancelled.
        await armClockJobs(tx);
        result.closed = true;
      } else if (job.deadline <= now) {
        // The deadline passed before this reminder could go (the service was down): too late.
        await finishClockJob(tx, { id: job.id, state: 'skipped' });
      } else {
        result.reminders += await sendReminders(tx, job, state, options.publicUrl);
        result.batches++;
      }
      return true;
    });
    if (!handled) break;
  }
  return result;
}
