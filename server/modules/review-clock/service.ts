import {
  parseDeadline,
  parseReminderOffsets,
  REVIEW_DEADLINE,
  REVIEW_PHASE,
  type ReviewPhase,
  reviewingClosedMessage,
} from '@shared/review-clock';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { HttpError } from '../../http/errors';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { getSettingValue, reviewClosedAtSql, upsertSetting } from '../settings/queries';
import {
  type ClockState,
  type DesiredJob,
  finishDueCloseJobs,
  isoTextSql,
  lockReviewClock,
  readClockState,
  reconcileClockJobs,
} from './queries';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The 409 of a reviewer write while reviewing is closed; the body also carries `closedAt`. */
export function reviewingClosedError(closedAt: Date): HttpError {
  return new HttpError(409, reviewingClosedMessage(closedAt), undefined, {
    closedAt: closedAt.toISOString(),
  });
}

/** Refuses (409) while reviewing is closed; for reviewer writes that are not one statement. */
export async function assertReviewingOpen(db: Pick<Database, 'execute'>): Promise<void> {
  const result = await db.execute<{ closedAt: string | null }>(
    sql`select ${isoTextSql(reviewClosedAtSql)} as "closedAt"`,
  );
  const closedAt = result.rows[0]?.closedAt;
  if (closedAt) throw reviewingClosedError(new Date(closedAt));
}

export const reopenPastDeadlineMessage = (deadline: string) =>
  `Reviewing cannot reopen while its deadline (${deadline}) has passed: move the deadline to a later time or clear it first`;

/** The system as the actor of the audit rows of what the clock does by itself. */
export const CLOCK_ACTOR: AuditActor = { userId: null, ipAddress: null, userAgent: null };

/**
 * The jobs the clock should hold now: while reviewing is open with a deadline ahead, the close at
 * the deadline and each reminder offset before it. Closed, or no deadline: none.
 */
export function desiredClockJobs(state: ClockState): DesiredJob[] {
  const { deadlineAt } = state;
  if (state.storedPhase !== 'open' || !deadlineAt || deadlineAt <= state.now) return [];
  const offsets = parseReminderOffsets(state.reminders) ?? [];
  return [
    { kind: 'close', deadline: deadlineAt, offsetLabel: '', offsetMinutes: 0, runAt: deadlineAt },
    ...offsets.map((offset) => ({
      kind: 'reminder' as const,
      deadline: deadlineAt,
      offsetLabel: offset.label,
      offsetMinutes: offset.minutes,
      runAt: new Date(deadlineAt.getTime() - offset.minutes * 60_000),
    })),
  ];
}

/** Brings the clock's jobs in line with the settings (in the transaction that changed them). */
export async function armClockJobs(tx: Pick<Database, 'execute'>): Promise<void> {
  await reconcileClockJobs(tx, desiredClockJobs(await readClockState(tx)));
}

async function closeReviewing(tx: Transaction, actor: AuditActor, reason: string) {
  await upsertSetting(tx, REVIEW_PHASE, 'closed');
  await recordAudit(tx, actor, {
    action: 'setting.update',
    entityType: 'setting',
    entityId: REVIEW_PHASE,
    changes: { before: { value: 'open' }, after: { value: 'closed' }, reason },
  });
}

/**
 * Writes one of the clock's settings (the value already validated by its schema) and re-arms the
 * clock's jobs, under the clock's lock:
 * - reopening while the deadline has passed is 409 (move or clear it first);
 * - a deadline set in the past while reviewing is open closes reviewing at once;
 * - moving the deadline arms the offsets still ahead; closing or clearing cancels those not sent.
 */
export async function setClockSetting(
  db: Database,
  params: { key: string; value: string },
  actor: AuditActor,
): Promise<void> {
  const { key, value } = params;
  await db.transaction(async (tx) => {
    await lockReviewClock(tx);
    let before = await readClockState(tx);
    if (before.storedPhase === 'open' && before.deadlineAt && before.deadlineAt <= before.now) {
      // The deadline has passed and no instance's close job has run yet: close first, as that job
      // would, so that this change (which re-arms the jobs) cannot reopen reviewing by the way.
      await closeAtDeadline(tx);
      await finishDueCloseJobs(tx);
      before = await readClockState(tx);
    }
    if (key === REVIEW_PHASE && (value as ReviewPhase) === 'open') {
      if (before.deadline && before.deadlineAt && before.deadlineAt <= before.now) {
        throw new HttpError(409, reopenPastDeadlineMessage(before.deadline));
      }
    }
    const previous = await getSettingValue(tx, key as typeof REVIEW_PHASE);
    // Closing what is closed keeps the moment it closed; setting a value again changes nothing.
    if (previous !== value) {
      await upsertSetting(tx, key as typeof REVIEW_PHASE, value);
      await recordAudit(tx, actor, {
        action: 'setting.update',
        entityType: 'setting',
        entityId: key,
        changes: { before: { value: previous }, after: { value } },
      });
    }
    if (key === REVIEW_DEADLINE && before.storedPhase === 'open') {
      const deadlineAt = value === '' ? null : parseDeadline(value);
      if (deadlineAt && deadlineAt <= before.now) {
        await closeReviewing(tx, actor, 'the deadline set has already passed');
      }
    }
    await armClockJobs(tx);
  });
}

/** The close job's work: reviewing closes at its deadline, recorded as the system's action. */
export async function closeAtDeadline(tx: Transaction): Promise<void> {
  await closeReviewing(tx, CLOCK_ACTOR, 'the deadline passed');
}
