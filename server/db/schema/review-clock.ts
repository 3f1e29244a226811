import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const reviewClockJobKind = pgEnum('review_clock_job_kind', ['close', 'reminder']);
export const reviewClockJobState = pgEnum('review_clock_job_state', [
  'scheduled',
  'done',
  'skipped',
  'cancelled',
]);

/**
 * The review clock's timed work (issue 34, decision 0028): closing reviewing at the deadline and
 * each reminder offset before it, one row per (kind, deadline, offset). The row is the job: the
 * worker of any instance claims a due one by the database's clock, and the unique key makes
 * arming the same job twice a no-op, as graphile-worker's job_key does.
 */
export const reviewClockJobs = pgTable(
  'review_clock_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: reviewClockJobKind('kind').notNull(),
    /** The deadline the job belongs to: moving the deadline arms new jobs and cancels these. */
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    /** The offset as set ('2d'); '' for the close. */
    offsetLabel: text('offset_label').notNull(),
    /** The offset before the deadline in minutes; 0 for the close. */
    offsetMinutes: integer('offset_minutes').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    state: reviewClockJobState('state').notNull().default('scheduled'),
    /** When it ran (done) or was skipped or cancelled. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** A reminder's batch: how many reviewers it reached. */
    sentCount: integer('sent_count'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('review_clock_jobs_key').on(t.kind, t.deadline, t.offsetMinutes),
    index('review_clock_jobs_due_idx').on(t.runAt).where(sql`${t.state} = 'scheduled'`),
  ],
);

/**
 * One reminder per reviewer per (deadline, offset), whatever runs it and however often: the
 * primary key refuses a second, in the transaction that queues the email.
 */
export const reviewReminderReceipts = pgTable(
  'review_reminder_receipts',
  {
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    offsetMinutes: integer('offset_minutes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'review_reminder_receipts_pkey',
      columns: [t.reviewerId, t.deadline, t.offsetMinutes],
    }),
  ],
);
