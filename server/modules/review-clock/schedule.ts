import { parseReminderOffsets } from '@shared/review-clock';
import type { ReminderSchedule, ReminderState, ReviewClock } from '@shared/review-clock-schemas';
import type { Database } from '../../db/client';
import {
  type ClockJobState,
  type ClockState,
  countOwingReviewers,
  listReminderJobs,
  readClockState,
} from './queries';

/** Batches the schedule lists at most (newest first). */
const HISTORY_MAX = 50;

const STATE_SHOWN: Record<ClockJobState, ReminderState> = {
  scheduled: 'scheduled',
  done: 'sent',
  skipped: 'skipped',
  cancelled: 'cancelled',
};

export function presentClock(state: ClockState): ReviewClock {
  return {
    phase: state.isClosed ? 'closed' : 'open',
    deadline: state.deadline,
    closedAt: state.closedAt?.toISOString() ?? null,
  };
}

/** The review clock as a reviewer sees it: phase, deadline, and when it closed. */
export async function getReviewClock(db: Pick<Database, 'execute'>): Promise<ReviewClock> {
  return presentClock(await readClockState(db));
}

/**
 * What will go out: each offset of the setting with its send time, its state and how many
 * reviewers it would reach if it went out now; for a sent one, when and to how many; and every
 * batch sent so far.
 */
export async function getReminderSchedule(db: Database): Promise<ReminderSchedule> {
  const state = await readClockState(db);
  const [jobs, wouldReach] = await Promise.all([
    listReminderJobs(db, { deadline: state.deadlineAt, historyLimit: HISTORY_MAX }),
    countOwingReviewers(db),
  ]);
  const offsets = (parseReminderOffsets(state.reminders) ?? []).map((offset) => {
    const job = jobs.ofDeadline.find((j) => j.offsetMinutes === offset.minutes);
    const isSent = job?.state === 'done';
    return {
      offset: offset.label,
      sendAt: state.deadlineAt
        ? new Date(state.deadlineAt.getTime() - offset.minutes * 60_000).toISOString()
        : null,
      state: job ? STATE_SHOWN[job.state] : ('unscheduled' as const),
      wouldReach,
      sentAt: isSent ? (job.finishedAt?.toISOString() ?? null) : null,
      sentCount: isSent ? (job.sentCount ?? 0) : null,
    };
  });
  return {
    ...presentClock(state),
    reminders: state.reminders,
    offsets,
    history: jobs.sent.map((job) => ({
      deadline: job.deadline.toISOString(),
      offset: job.offsetLabel,
      sentAt: (job.finishedAt ?? job.runAt).toISOString(),
      count: job.sentCount ?? 0,
    })),
  };
}
