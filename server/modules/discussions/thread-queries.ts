import { and, asc, eq, inArray, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  discussionPosts,
  discussionReads,
  discussionThreads,
  opportunities,
} from '../../db/schema/index';
import { showReviewerNamesSql } from '../settings/queries';
import { mayReadThreadSql } from './access';

// A thread as a whole: who may read it (its head), how far each reader has read it, its state,
// and the unread counts across threads.

type Db = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

/** The reader's marker of how far they have read the thread (a left join: none before the first read). */
const isReadMarkerOf = (userId: string, opportunityId: SQLWrapper) =>
  and(eq(discussionReads.opportunityId, opportunityId), eq(discussionReads.userId, userId));

export type ThreadHead = {
  opportunityId: string;
  number: number;
  title: string;
  state: 'open' | 'resolved' | null;
  summary: string | null;
  resolvedAt: Date | null;
  /** `show_reviewer_names` as the statement read it. */
  showReviewerNames: boolean;
  /** The highest post seq the caller was shown, or null before their first read. */
  lastReadSeq: number | null;
};

/**
 * The thread of an opportunity the caller may read (mayReadThreadSql), with what its answer
 * needs besides the posts; undefined otherwise, whatever the reason. `lock` keeps the
 * opportunity from changing until the transaction ends (a post never lands on one unpublished
 * meanwhile).
 */
export async function findReadableThread(
  db: Db,
  params: { opportunityId: string; userId: string; lock?: boolean },
): Promise<ThreadHead | undefined> {
  const query = db
    .select({
      opportunityId: opportunities.id,
      number: opportunities.number,
      title: opportunities.title,
      state: discussionThreads.state,
      summary: discussionThreads.summary,
      resolvedAt: discussionThreads.resolvedAt,
      showReviewerNames: showReviewerNamesSql,
      lastReadSeq: discussionReads.lastReadSeq,
    })
    .from(opportunities)
    .leftJoin(discussionThreads, eq(discussionThreads.opportunityId, opportunities.id))
    .leftJoin(discussionReads, isReadMarkerOf(params.userId, opportunities.id))
    .where(
      and(
        eq(opportunities.id, params.opportunityId),
        mayReadThreadSql(sql`${params.userId}::uuid`, opportunities.id),
      ),
    );
  const [row] = params.lock ? await query.for('share', { of: opportunities }) : await query;
  return row;
}

/** The reader has seen the thread up to `seq` (never moves back: two tabs may race). */
export async function markRead(
  db: Db,
  params: { userId: string; opportunityId: string; seq: number },
): Promise<void> {
  await db
    .insert(discussionReads)
    .values({ userId: params.userId, opportunityId: params.opportunityId, lastReadSeq: params.seq })
    .onConflictDoUpdate({
      target: [discussionReads.userId, discussionReads.opportunityId],
      set: {
        lastReadSeq: sql`greatest(${discussionReads.lastReadSeq}, excluded.last_read_seq)`,
        updatedAt: sql`now()`,
      },
    });
}

/** Whether the opportunity exists (admins reach the thread of every one). */
export async function opportunityExists(db: Db, opportunityId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: opportunities.id })
    .from(opportunities)
    .where(eq(opportunities.id, opportunityId));
  return row !== undefined;
}

/**
 * Resolves the thread with its summary, unless it is resolved already (false then). The row is
 * written the first time; a concurrent resolve waits on it and finds it resolved.
 */
export async function resolveThread(
  db: Db,
  params: { opportunityId: string; summary: string; userId: string | null },
): Promise<boolean> {
  const values = {
    state: 'resolved' as const,
    summary: params.summary,
    resolvedBy: params.userId,
    resolvedAt: sql`now()`,
    updatedAt: sql`now()`,
  };
  const rows = await db
    .insert(discussionThreads)
    .values({ opportunityId: params.opportunityId, ...values })
    .onConflictDoUpdate({
      target: discussionThreads.opportunityId,
      set: values,
      setWhere: eq(discussionThreads.state, 'open'),
    })
    .returning({ opportunityId: discussionThreads.opportunityId });
  return rows.length > 0;
}

/** Reopens a resolved thread (its last summary stays); null when it was not resolved. */
export async function reopenThread(
  db: Db,
  opportunityId: string,
): Promise<{ summary: string } | null> {
  const [row] = await db
    .update(discussionThreads)
    .set({ state: 'open', updatedAt: sql`now()` })
    .where(
      and(
        eq(discussionThreads.opportunityId, opportunityId),
        eq(discussionThreads.state, 'resolved'),
      ),
    )
    .returning({ summary: discussionThreads.summary });
  return row ?? null;
}

/**
 * The caller's threads with posts new to them, in one statement: visible posts by others after
 * their last read, on threads they may read now.
 */
export async function listUnreadThreads(
  db: Db,
  userId: string,
): Promise<Array<{ opportunityId: string; unread: number }>> {
  return db
    .select({
      opportunityId: discussionPosts.opportunityId,
      unread: sql<number>`count(*)::int`,
    })
    .from(discussionPosts)
    .innerJoin(opportunities, eq(opportunities.id, discussionPosts.opportunityId))
    .leftJoin(discussionReads, isReadMarkerOf(userId, discussionPosts.opportunityId))
    .where(
      and(
        sql`${discussionPosts.authorId} <> ${userId}`,
        isNull(discussionPosts.deletedAt),
        isNull(discussionPosts.hiddenAt),
        sql`${discussionPosts.seq} > coalesce(${discussionReads.lastReadSeq}, 0)`,
        inArray(
          discussionPosts.opportunityId,
          db
            .select({ id: opportunities.id })
            .from(opportunities)
            .where(mayReadThreadSql(sql`${userId}::uuid`, opportunities.id)),
        ),
      ),
    )
    .groupBy(discussionPosts.opportunityId, opportunities.number)
    .orderBy(asc(opportunities.number));
}
