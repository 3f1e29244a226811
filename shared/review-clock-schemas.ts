import {
  DEADLINE_FORMAT_MESSAGE,
  PHASE_VALUE_MESSAGE,
  parseDeadline,
  parseReminderOffsets,
  REMINDERS_FORMAT_MESSAGE,
  REVIEW_PHASES,
} from './review-clock';
import { z } from './zod';

/**
 * Contracts of the review clock (issue 34). The three settings are read and written through the
 * settings calls; the clock itself is answered to reviewers (GET /api/reviewer/review-clock) and,
 * with the reminder schedule, to admins (GET /api/admin/reminders/schedule). With the deadline
 * empty and the phase 'open' every spec'd call answers exactly as before.
 */

export const reviewPhaseSchema = z.enum(REVIEW_PHASES, { error: PHASE_VALUE_MESSAGE });

export const reviewDeadlineSchema = z
  .string(DEADLINE_FORMAT_MESSAGE)
  .refine((value) => value === '' || parseDeadline(value) !== null, DEADLINE_FORMAT_MESSAGE);

export const reviewRemindersSchema = z
  .string(REMINDERS_FORMAT_MESSAGE)
  .refine((value) => parseReminderOffsets(value) !== null, REMINDERS_FORMAT_MESSAGE);

const instantSchema = z.iso.datetime({ offset: true });

/**
 * Where the cycle's clock stands, by the database's clock. It carries no "now": an answer is the
 * same bytes whenever it is read while nothing changes (the backup round trip holds every read
 * to that), and the server refuses writes by its own clock whatever a page counts down.
 */
export const reviewClockSchema = z.object({
  /** 'closed' once an admin closed reviewing or the deadline passed (even before the close job ran). */
  phase: reviewPhaseSchema,
  /** The deadline as the admin set it, with its offset; null when none is set. */
  deadline: z.string().nullable(),
  /** When reviewing closed (the deadline, or the moment an admin closed it); null while open. */
  closedAt: instantSchema.nullable(),
});
export type ReviewClock = z.infer<typeof reviewClockSchema>;

export const reminderStateSchema = z.enum([
  /** Will go out at sendAt (or within the worker's poll period once sendAt has passed). */
  'scheduled',
  'sent',
  /** Its time had already passed when the deadline was set or moved: not sent late. */
  'skipped',
  /** Reviewing was closed or the deadline cleared before it went out. */
  'cancelled',
  /** No deadline is set, or reviewing is closed: nothing is armed. */
  'unscheduled',
]);
export type ReminderState = z.infer<typeof reminderStateSchema>;

export const reminderOffsetScheduleSchema = z.object({
  /** The offset as set ('2d'). */
  offset: z.string(),
  /** deadline - offset; null when no deadline is set. */
  sendAt: instantSchema.nullable(),
  state: reminderStateSchema,
  /** Reviewers it would reach if it went out now (active, still owing work). */
  wouldReach: z.int().nonnegative(),
  /** For a sent one: when and to how many. */
  sentAt: instantSchema.nullable(),
  sentCount: z.int().nonnegative().nullable(),
});
export type ReminderOffsetSchedule = z.infer<typeof reminderOffsetScheduleSchema>;

export const sentReminderBatchSchema = z.object({
  deadline: instantSchema,
  offset: z.string(),
  sentAt: instantSchema,
  count: z.int().nonnegative(),
});

export const reminderScheduleSchema = reviewClockSchema.extend({
  /** The `review_reminders` setting as stored. */
  reminders: z.string(),
  /** One entry per offset of the setting, longest first. */
  offsets: z.array(reminderOffsetScheduleSchema),
  /** Every batch sent, for this deadline and earlier ones, newest first. */
  history: z.array(sentReminderBatchSchema),
});
export type ReminderSchedule = z.infer<typeof reminderScheduleSchema>;

/** The 409 body of a reviewer write refused while reviewing is closed. */
export const reviewingClosedErrorSchema = z.object({
  message: z.string(),
  closedAt: instantSchema,
});
