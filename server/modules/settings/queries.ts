import { BALLOT_OPEN } from '@shared/ballot';
import { SHOW_DECISIONS_TO_REVIEWERS } from '@shared/decisions';
import { DISCUSSION_DIGEST_MINUTES, DISCUSSION_DIGEST_MINUTES_DEFAULT } from '@shared/discussion';
import { REVIEW_DEADLINE, REVIEW_PHASE, REVIEW_REMINDERS } from '@shared/review-clock';
import type { ReviewAssignmentMode } from '@shared/review-cycle-schemas';
import {
  REVIEW_ASSIGNMENT,
  REVIEWER_COMMENTS_AFTER_OWN_REVIEW,
  SHOW_REVIEWER_COMMENTS,
  SHOW_REVIEWER_NAMES,
} from '@shared/settings';
import {
  SETTING_VALUE_SCHEMAS,
  type SettingKey,
  type SettingValue,
} from '@shared/settings-schemas';
import { eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { reviewClockJobs, settings } from '../../db/schema/index';

type Db = Pick<Database, 'select' | 'insert'>;

/** The value every setting has while no row exists (CONTRACT.md; docs/review-cycle.md). */
export const SETTING_DEFAULTS = {
  [SHOW_REVIEWER_COMMENTS]: 'false',
  [REVIEW_ASSIGNMENT]: 'open',
  [REVIEWER_COMMENTS_AFTER_OWN_REVIEW]: 'false',
  [SHOW_REVIEWER_NAMES]: 'true',
  [REVIEW_PHASE]: 'open',
  [REVIEW_DEADLINE]: '',
  [REVIEW_REMINDERS]: '',
  [SHOW_DECISIONS_TO_REVIEWERS]: 'false',
  [DISCUSSION_DIGEST_MINUTES]: DISCUSSION_DIGEST_MINUTES_DEFAULT,
  [BALLOT_OPEN]: 'false',
} as const satisfies Record<SettingKey, SettingValue>;

export async function getSettingValue(db: Db, key: SettingKey): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1);
  return row?.value ?? SETTING_DEFAULTS[key];
}

/** The stored value when it is one the key takes; the default otherwise (a row written by hand). */
export function validSettingValue(key: SettingKey, stored: string): SettingValue {
  const parsed = SETTING_VALUE_SCHEMAS[key].safeParse(stored);
  return parsed.success ? parsed.data : SETTING_DEFAULTS[key];
}

export async function upsertSetting(db: Db, key: SettingKey, value: string) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/** Whether reviewers may read other reviewers' comments: the one reading of this switch. */
export async function getShowReviewerComments(db: Db): Promise<boolean> {
  return (await getSettingValue(db, SHOW_REVIEWER_COMMENTS)) === 'true';
}

export async function getReviewAssignmentMode(db: Db): Promise<ReviewAssignmentMode> {
  return validSettingValue(
    REVIEW_ASSIGNMENT,
    await getSettingValue(db, REVIEW_ASSIGNMENT),
  ) as ReviewAssignmentMode;
}

// The hot statements (the reviewer's list, detail and saves, the admin figures) read the settings
// they depend on inside their one statement: these fragments are that reading, an uncorrelated
// subquery on the settings key that PostgreSQL runs once per statement. Keys are constants of
// shared/settings-schemas.ts, written into the SQL so that a prepared statement's plan knows them.
// A stored value the key does not take reads as its default, as getSettingValue's callers do.

export function storedValueSql(key: SettingKey): SQL<string | null> {
  return sql<
    string | null
  >`(select ${settings.value} from ${settings} where ${settings.key} = ${sql.raw(`'${key}'`)})`;
}

/** Issue 35: reviewers see released outcomes ('true'; 'false' by default). */
export const showDecisionsToReviewersSql: SQL<boolean> = sql<boolean>`coalesce(${storedValueSql(SHOW_DECISIONS_TO_REVIEWERS)} = 'true', false)`;

/** true in 'assigned' mode: reviewers work only on what is assigned to them. */
export const isAssignedModeSql: SQL<boolean> = sql<boolean>`coalesce(${storedValueSql(REVIEW_ASSIGNMENT)} = 'assigned', false)`;

/** The spec's switch: others' comments reach reviewers at all. */
export const showReviewerCommentsSql: SQL<boolean> = sql<boolean>`coalesce(${storedValueSql(SHOW_REVIEWER_COMMENTS)} = 'true', false)`;

/** Others' comments only once the reader saved all five scores. */
export const commentsAfterOwnReviewSql: SQL<boolean> = sql<boolean>`coalesce(${storedValueSql(REVIEWER_COMMENTS_AFTER_OWN_REVIEW)} = 'true', false)`;

/** Others' comments carry their names (anything but a stored 'false' keeps the default). */
export const showReviewerNamesSql: SQL<boolean> = sql<boolean>`coalesce(${storedValueSql(SHOW_REVIEWER_NAMES)} <> 'false', true)`;

/** The mode's reading as plain SQL text, for statements written as text (the exports' queries). */
export const IS_ASSIGNED_MODE_SQL_TEXT = new PgDialect().sqlToQuery(isAssignedModeSql).sql;

// The review clock (issue 34). Reviewing is closed while the stored phase is 'closed' or once the
// deadline has passed by the database's clock: a save is refused from the deadline's instant on,
// on every instance alike, before the close job has even flipped the phase (decision 0028). The
// deadline is read there from the close job armed for it (review_clock_jobs: a typed instant on a
// partial index that is empty but for the armed jobs), so a save parses no text. The phase row's
// updated_at is when an admin (or the close job) closed it; the earlier of that and a passed
// deadline is when reviewing closed.

const isPhaseClosedSql = sql`coalesce(${storedValueSql(REVIEW_PHASE)} = 'closed', false)`;
const phaseUpdatedAtSql = sql`(select ${settings.updatedAt} from ${settings} where ${settings.key} = ${sql.raw(`'${REVIEW_PHASE}'`)})`;
// nullif: no deadline ('' or no row) is null, for which the STRICT function is not even called.
const deadlineInstantSql = sql`assay_instant(nullif(${storedValueSql(REVIEW_DEADLINE)}, ''))`;
const dueCloseJobsSql = sql`from ${reviewClockJobs} where ${reviewClockJobs.kind} = 'close'
  and ${reviewClockJobs.state} = 'scheduled' and ${reviewClockJobs.runAt} <= now()`;

/** Reviewing is closed now: no reviewer write is accepted. */
export const isReviewClosedSql: SQL<boolean> = sql<boolean>`(${isPhaseClosedSql} or exists (select 1 ${dueCloseJobsSql}))`;

/** When reviewing closed, or null while it is open. */
export const reviewClosedAtSql: SQL<Date | null> = sql<Date | null>`(case
  when ${isPhaseClosedSql} then least(${phaseUpdatedAtSql}, ${deadlineInstantSql})
  else (select min(${reviewClockJobs.runAt}) ${dueCloseJobsSql})
end)`;
