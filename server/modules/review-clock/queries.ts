import { REVIEW_DEADLINE, REVIEW_PHASE, REVIEW_REMINDERS } from '@shared/review-clock';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { hasConflictSql, isInReviewerScopeSql } from '../review-cycle/scope';
import { isReviewClosedSql, reviewClosedAtSql, storedValueSql } from '../settings/queries';

type Db = Pick<Database, 'execute'>;

/** An instant as ISO 8601 text in UTC with milliseconds, as JavaScript writes and reads it. */
export function isoTextSql(instant: SQLWrapper): SQL<string | null> {
  return sql<
    string | null
  >`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The time the clock runs on: the database's, or the instant a test passes. */
export function clockNowSql(now: Date | undefined): SQL {
  return now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
}

export type ClockState = {
  /** The phase as stored (the setting). */
  storedPhase: string;
  /** Effective: closed once the phase is 'closed' or the deadline has passed. */
  isClosed: boolean;
  /** The deadline as set, or null when none (or a stored value that is not an instant). */
  deadline: string | null;
  deadlineAt: Date | null;
  reminders: string;
  closedAt: Date | null;
  now: Date;
};

type ClockRow = {
  storedPhase: string | null;
  isClosed: boolean;
  deadline: string | null;
  deadlineAt: string | null;
  reminders: string | null;
  closedAt: string | null;
  now: string;
};

/** Where the review clock stands, in one statement, by the database's clock. */
export async function readClockState(db: Db): Promise<ClockState> {
  const result = await db.execute<ClockRow>(sql`
    select ${storedValueSql(REVIEW_PHASE)} as "storedPhase",
           ${isReviewClosedSql} as "isClosed",
           case when assay_instant(${storedValueSql(REVIEW_DEADLINE)}) is not null
                then ${storedValueSql(REVIEW_DEADLINE)} end as "deadline",
           ${isoTextSql(sql`assay_instant(nullif(${storedValueSql(REVIEW_DEADLINE)}, ''))`)} as "deadlineAt",
           ${storedValueSql(REVIEW_REMINDERS)} as "reminders",
           ${isoTextSql(reviewClosedAtSql)} as "closedAt",
           ${isoTextSql(sql`now()`)} as "now"`);
  const row = result.rows[0]!;
  return {
    storedPhase: row.storedPhase ?? 'open',
    isClosed: row.isClosed,
    deadline: row.deadline,
    deadlineAt: row.deadlineAt ? new Date(row.deadlineAt) : null,
    reminders: row.reminders ?? '',
    closedAt: row.closedAt ? new Date(row.closedAt) : null,
    now: new Date(row.now),
  };
}

/** Serialises every change of the clock's jobs: arming them and running them. */
export async function lockReviewClock(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('assay.review-clock'))`);
}

export type OwedOpportunity = { id: string; number: number; title: string };
export type OwingReviewer = {
  id: string;
  name: string;
  email: string;
  /** Their opportunities still without a complete review, by number. */
  owed: OwedOpportunity[];
};

/**
 * Who still owes work: active reviewers with at least one opportunity they may review (published,
 * in their scope: assigned to them in 'assigned' mode, and not conflicted) without a complete
 * review of theirs. The same rule as the dashboard's Send Reminders.
 */
export function owingReviewersSql(): SQL {
  return sql`
    select u.id, u.name, u.email,
           json_agg(json_build_object('id', o.id, 'number', o.number, 'title', o.title)
                    order by o.number) as owed
      from users u
      join opportunities o on o.status = 'published'
      left join reviews r on r.opportunity_id = o.id and r.reviewer_id = u.id
     where u.role = 'reviewer' and u.is_active and r.id is null
       and ${isInReviewerScopeSql(sql`u.id`, sql`o.id`)}
       and not ${hasConflictSql(sql`u.id`, sql`o.id`)}
     group by u.id, u.name, u.email`;
}

/** How many reviewers a reminder would reach if it went out now. */
export async function countOwingReviewers(db: Db): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from (${owingReviewersSql()}) as owing`,
  );
  return result.rows[0]?.count ?? 0;
}

/**
 * Records a receipt for every reviewer who owes work and has none for (deadline, offset) yet, and
 * answers those reviewers: the primary key lets one reminder through per reviewer, whichever
 * instance or run gets there first (the others' inserts do nothing).
 */
export async function claimReminderRecipients(
  db: Db,
  params: { deadline: Date; offsetMinutes: number },
): Promise<OwingReviewer[]> {
  const result = await db.execute<OwingReviewer>(sql`
    with owing as (${owingReviewersSql()}),
    claimed as (
      insert into review_reminder_receipts (reviewer_id, deadline, offset_minutes)
      select owing.id, ${params.deadline.toISOString()}::timestamptz, ${params.offsetMinutes}::int
        from owing
      on conflict do nothing
      returning reviewer_id
    )
    select owing.id, owing.name, owing.email, owing.owed
      from owing join claimed on claimed.reviewer_id = owing.id
     order by owing.email`);
  return result.rows;
}

export type ClockJobKind = 'close' | 'reminder';
export type ClockJobState = 'scheduled' | 'done' | 'skipped' | 'cancelled';

export type ClockJob = {
  id: string;
  kind: ClockJobKind;
  deadline: Date;
  offsetLabel: string;
  offsetMinutes: number;
  runAt: Date;
  state: ClockJobState;
  finishedAt: Date | null;
  sentCount: number | null;
};

type ClockJobRow = Omit<ClockJob, 'deadline' | 'runAt' | 'finishedAt'> & {
  deadline: string;
  runAt: string;
  finishedAt: string | null;
};

const jobColumns = sql`id, kind, ${isoTextSql(sql`deadline`)} as "deadline",
  offset_label as "offsetLabel", offset_minutes as "offsetMinutes",
  ${isoTextSql(sql`run_at`)} as "runAt", state, ${isoTextSql(sql`finished_at`)} as "finishedAt",
  sent_count as "sentCount"`;

function jobOf(row: ClockJobRow): ClockJob {
  return {
    ...row,
    deadline: new Date(row.deadline),
    runAt: new Date(row.runAt),
    finishedAt: row.finishedAt ? new Date(row.finishedAt) : null,
  };
}

export type DesiredJob = {
  kind: ClockJobKind;
  deadline: Date;
  offsetLabel: string;
  offsetMinutes: number;
  runAt: Date;
};

/**
 * Makes the scheduled jobs exactly `desired`: a scheduled job not in it is cancelled; a desired
 * job is inserted as scheduled while its time is ahead and as skipped when it has already passed
 * (never sent late); a cancelled one whose time is still ahead is scheduled again. Jobs done or
 * skipped stay as they are, so a reminder already sent for a (deadline, offset) never repeats.
 */
export async function reconcileClockJobs(db: Db, desired: DesiredJob[]): Promise<void> {
  const kinds = sql.param(desired.map((job) => job.kind));
  const deadlines = sql.param(desired.map((job) => job.deadline.toISOString()));
  const labels = sql.param(desired.map((job) => job.offsetLabel));
  const minutes = sql.param(desired.map((job) => job.offsetMinutes));
  const runAts = sql.param(desired.map((job) => job.runAt.toISOString()));
  const wanted = sql`unnest(${kinds}::review_clock_job_kind[], ${deadlines}::timestamptz[],
    ${labels}::text[], ${minutes}::int[], ${runAts}::timestamptz[])
    as wanted(kind, deadline, offset_label, offset_minutes, run_at)`;
  await db.execute(sql`
    update review_clock_jobs as job set state = 'cancelled', finished_at = now()
     where job.state = 'scheduled'
       and not exists (select 1 from ${wanted}
                        where wanted.kind = job.kind and wanted.deadline = job.deadline
                          and wanted.offset_minutes = job.offset_minutes)`);
  if (desired.length === 0) return;
  await db.execute(sql`
    insert into review_clock_jobs (kind, deadline, offset_label, offset_minutes, run_at, state, finished_at)
    select kind, deadline, offset_label, offset_minutes, run_at,
           case when run_at > now() then 'scheduled' else 'skipped' end::review_clock_job_state,
           case when run_at > now() then null else now() end
      from ${wanted}
    on conflict (kind, deadline, offset_minutes) do update
       set state = 'scheduled', finished_at = null, offset_label = excluded.offset_label
     where review_clock_jobs.state = 'cancelled' and excluded.run_at > now()`);
}

/** Marks the due close jobs done (reviewing was closed for them in the caller's transaction). */
export async function finishDueCloseJobs(db: Db): Promise<void> {
  await db.execute(sql`
    update review_clock_jobs set state = 'done', finished_at = now()
     where kind = 'close' and state = 'scheduled' and run_at <= now()`);
}

/** The next due job, claimed (row-locked) for the caller's transaction; others skip it. */
export async function claimDueClockJob(db: Db, now: Date | undefined): Promise<ClockJob | null> {
  const result = await db.execute<ClockJobRow>(sql`
    select ${jobColumns} from review_clock_jobs
     where state = 'scheduled' and run_at <= ${clockNowSql(now)}
     order by run_at, kind desc
     limit 1
       for update skip locked`);
  const row = result.rows[0];
  return row ? jobOf(row) : null;
}

export async function finishClockJob(
  db: Db,
  params: { id: string; state: Exclude<ClockJobState, 'scheduled'>; sentCount?: number },
): Promise<void> {
  await db.execute(sql`
    update review_clock_jobs
       set state = ${params.state}::review_clock_job_state, finished_at = now(),
           sent_count = ${params.sentCount ?? null}::int
     where id = ${params.id}`);
}

/** The reminder jobs of one deadline, and every batch sent (newest first, at most `limit`). */
export async function listReminderJobs(
  db: Db,
  params: { deadline: Date | null; historyLimit: number },
): Promise<{ ofDeadline: ClockJob[]; sent: ClockJob[] }> {
  const ofDeadline = params.deadline
    ? await db.execute<ClockJobRow>(sql`
        select ${jobColumns} from review_clock_jobs
         where kind = 'reminder' and deadline = ${params.deadline.toISOString()}::timestamptz`)
    : { rows: [] as ClockJobRow[] };
  const sent = await db.execute<ClockJobRow>(sql`
    select ${jobColumns} from review_clock_jobs
     where kind = 'reminder' and state = 'done'
     order by finished_at desc
     limit ${params.historyLimit}`);
  return { ofDeadline: ofDeadline.rows.map(jobOf), sent: sent.rows.map(jobOf) };
}
