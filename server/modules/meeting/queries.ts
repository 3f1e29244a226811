import type { ThreadState } from '@shared/discussion';
import { MEETING_CHANNEL } from '@shared/discussion';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  discussionPosts,
  discussionThreads,
  meetingState,
  opportunities,
} from '../../db/schema/index';
import { mayReadThreadSql } from '../discussions/access';
import { hasConflictSql, isInReviewerScopeSql } from '../review-cycle/scope';
import { REVIEWER_VISIBLE_STATUS } from '../reviewer-workspace/policy';

type Db = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

/** The meeting as stored: its agenda as written (deleted opportunities may still be named). */
export type MeetingRow = {
  active: boolean;
  agenda: string[];
  currentIndex: number;
  version: number;
};

/** No row yet: the meeting has never been changed. */
export const NO_MEETING: MeetingRow = { active: false, agenda: [], currentIndex: 0, version: 0 };

const meetingColumns = {
  active: meetingState.active,
  agenda: meetingState.agenda,
  currentIndex: meetingState.currentIndex,
  version: meetingState.version,
};

export async function readMeeting(db: Db): Promise<MeetingRow> {
  const [row] = await db.select(meetingColumns).from(meetingState).where(eq(meetingState.id, 1));
  return row ?? NO_MEETING;
}

/** The meeting's version alone: what an event stream announces. */
export async function readMeetingVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: meetingState.version })
    .from(meetingState)
    .where(eq(meetingState.id, 1));
  return row?.version ?? 0;
}

/**
 * The meeting row, locked until the transaction ends (made first when missing), so that two
 * admins' changes apply one after the other, each to the state the other left.
 */
export async function lockMeeting(db: Db): Promise<MeetingRow> {
  await db.insert(meetingState).values({ id: 1 }).onConflictDoNothing();
  const [row] = await db
    .select(meetingColumns)
    .from(meetingState)
    .where(eq(meetingState.id, 1))
    .for('update');
  return row!;
}

/**
 * Writes the meeting with the next version, and NOTIFYs every instance's listener with it: the
 * notification is delivered when (and only if) the transaction commits.
 */
export async function writeMeeting(
  db: Db,
  values: Omit<MeetingRow, 'version'> & { updatedBy: string | null },
): Promise<number> {
  const [row] = await db
    .insert(meetingState)
    .values({ id: 1, ...values, version: 1, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: meetingState.id,
      set: { ...values, version: sql`${meetingState.version} + 1`, updatedAt: sql`now()` },
    })
    .returning({ version: meetingState.version });
  const version = row!.version;
  await db.execute(sql`select pg_notify(${MEETING_CHANNEL}, ${String(version)})`);
  return version;
}

/** Which of these opportunities exist. */
export async function existingOpportunityIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: opportunities.id })
    .from(opportunities)
    .where(inArray(opportunities.id, ids));
  return new Set(rows.map((row) => row.id));
}

export type AgendaRow = {
  id: string;
  number: number;
  title: string;
  threadState: ThreadState;
  /** Posts shown to readers: neither deleted by their author nor hidden. */
  postCount: number;
};

/** The agenda's opportunities that exist, with their thread's state and size (any order). */
export async function listAgendaRows(db: Db, ids: string[]): Promise<AgendaRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: opportunities.id,
      number: opportunities.number,
      title: opportunities.title,
      threadState: sql<ThreadState>`coalesce(${discussionThreads.state}, 'open')`,
      postCount: sql<number>`(select count(*)::int from ${discussionPosts}
        where ${discussionPosts.opportunityId} = ${opportunities.id}
          and ${discussionPosts.deletedAt} is null
          and ${discussionPosts.hiddenAt} is null)`,
    })
    .from(opportunities)
    .leftJoin(discussionThreads, eq(discussionThreads.opportunityId, opportunities.id))
    .where(inArray(opportunities.id, ids));
}

export type ViewerRow = {
  id: string;
  number: number;
  title: string;
  imageUrl: string | null;
  /** The viewer has a conflict of interest with it. */
  isConflicted: boolean;
  /** Published and in the viewer's scope (as a reviewer; 'assigned' mode: assigned to them). */
  isInScope: boolean;
  /** The viewer may read and post on its thread (the one rule of discussions/access.ts). */
  canDiscuss: boolean;
};

/**
 * The agenda's opportunities that exist, each with what the viewer may see of it, judged by the
 * database in this one statement (any order).
 */
export async function listViewerRows(db: Db, userId: string, ids: string[]): Promise<ViewerRow[]> {
  if (ids.length === 0) return [];
  const viewer = sql`${userId}::uuid`;
  // Qualified by hand: a select list of one table writes its columns unqualified, and inside
  // the predicates' subqueries a bare "id" would name their own tables' columns.
  const opportunityId = sql`${opportunities}.${sql.identifier('id')}`;
  return db
    .select({
      id: opportunities.id,
      number: opportunities.number,
      title: opportunities.title,
      imageUrl: opportunities.imageUrl,
      isConflicted: hasConflictSql(viewer, opportunityId),
      isInScope: sql<boolean>`(${opportunities.status} = ${REVIEWER_VISIBLE_STATUS} and ${isInReviewerScopeSql(viewer, opportunityId)})`,
      canDiscuss: mayReadThreadSql(viewer, opportunityId),
    })
    .from(opportunities)
    .where(inArray(opportunities.id, ids));
}
