import { POST_EDIT_WINDOW_MINUTES } from '@shared/discussion';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  discussionDigestItems,
  discussionPostRevisions,
  discussionPosts,
} from '../../db/schema/index';

// A thread's posts: reading them (with the author's window by the database's clock), writing,
// editing, deleting and hiding them, their history, and whom to tell about each.

type Db = Pick<Database, 'select' | 'selectDistinct' | 'insert' | 'update' | 'execute'>;

/** An author's own post may still be changed: visible, and within the window by the database's clock. */
const isInEditWindowSql = sql<boolean>`(${discussionPosts.deletedAt} is null
  and ${discussionPosts.hiddenAt} is null
  and ${discussionPosts.createdAt} + ${sql.raw(`interval '${POST_EDIT_WINDOW_MINUTES} minutes'`)} > now())`;

export type PostRow = {
  id: string;
  seq: number;
  opportunityId: string;
  authorId: string;
  body: string;
  mentions: string[];
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  /** The caller wrote it and may still edit or delete it (by the database's clock). */
  isEditable: boolean;
};

/** A thread's posts oldest first, or one post of it, as `userId` may act on them. */
export async function listPosts(
  db: Db,
  params: { opportunityId: string; userId: string; postId?: string },
): Promise<PostRow[]> {
  return db
    .select({
      id: discussionPosts.id,
      seq: discussionPosts.seq,
      opportunityId: discussionPosts.opportunityId,
      authorId: discussionPosts.authorId,
      body: discussionPosts.body,
      mentions: discussionPosts.mentions,
      createdAt: discussionPosts.createdAt,
      editedAt: discussionPosts.editedAt,
      deletedAt: discussionPosts.deletedAt,
      hiddenAt: discussionPosts.hiddenAt,
      hiddenReason: discussionPosts.hiddenReason,
      isEditable: sql<boolean>`(${discussionPosts.authorId} = ${params.userId} and ${isInEditWindowSql})`,
    })
    .from(discussionPosts)
    .where(
      and(
        eq(discussionPosts.opportunityId, params.opportunityId),
        params.postId ? eq(discussionPosts.id, params.postId) : undefined,
      ),
    )
    .orderBy(asc(discussionPosts.seq));
}

export type RevisionRow = typeof discussionPostRevisions.$inferSelect;

/** The earlier texts of a thread's posts (or of one post), oldest first: admins read them. */
export async function listRevisions(
  db: Db,
  params: { opportunityId: string; postId?: string },
): Promise<RevisionRow[]> {
  const rows = await db
    .select({ revision: discussionPostRevisions })
    .from(discussionPostRevisions)
    .innerJoin(discussionPosts, eq(discussionPosts.id, discussionPostRevisions.postId))
    .where(
      and(
        eq(discussionPosts.opportunityId, params.opportunityId),
        params.postId ? eq(discussionPosts.id, params.postId) : undefined,
      ),
    )
    .orderBy(asc(discussionPostRevisions.changedAt), asc(discussionPostRevisions.id));
  return rows.map((row) => row.revision);
}

export async function insertPost(
  db: Db,
  values: { opportunityId: string; authorId: string; body: string; mentions: string[] },
): Promise<{ id: string; seq: number }> {
  const [row] = await db
    .insert(discussionPosts)
    .values(values)
    .returning({ id: discussionPosts.id, seq: discussionPosts.seq });
  return row!;
}

/** Everyone who posted on the thread before `seq`, deleted posts included. */
export async function listEarlierPosters(
  db: Db,
  params: { opportunityId: string; seq: number },
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ authorId: discussionPosts.authorId })
    .from(discussionPosts)
    .where(
      and(
        eq(discussionPosts.opportunityId, params.opportunityId),
        lt(discussionPosts.seq, params.seq),
      ),
    );
  return rows.map((row) => row.authorId);
}

export type DigestItem = { userId: string; reason: 'mention' | 'participant' };

/**
 * Queues the people to tell about a post in their next digest, once per (person, post). A
 * mention outranks being a participant while the item is still pending.
 */
export async function queueDigestItems(
  db: Db,
  params: { postId: string; items: DigestItem[] },
): Promise<void> {
  if (params.items.length === 0) return;
  await db
    .insert(discussionDigestItems)
    .values(params.items.map((item) => ({ ...item, postId: params.postId })))
    .onConflictDoUpdate({
      target: [discussionDigestItems.userId, discussionDigestItems.postId],
      set: {
        reason: sql`case when excluded.reason = 'mention' then excluded.reason else ${discussionDigestItems.reason} end`,
      },
      setWhere: and(isNull(discussionDigestItems.sentAt), isNull(discussionDigestItems.droppedAt)),
    });
}

export type LockedPost = {
  id: string;
  authorId: string;
  body: string;
  mentions: string[];
  deletedAt: Date | null;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  opportunityId: string;
  /** Still within the edit window by the database's clock (the transaction's now()). */
  isInWindow: boolean;
};

/** A post of the thread (or of any thread without `opportunityId`), locked until the transaction ends. */
export async function lockPost(
  db: Db,
  params: { postId: string; opportunityId?: string },
): Promise<LockedPost | undefined> {
  const [row] = await db
    .select({
      id: discussionPosts.id,
      authorId: discussionPosts.authorId,
      body: discussionPosts.body,
      mentions: discussionPosts.mentions,
      deletedAt: discussionPosts.deletedAt,
      hiddenAt: discussionPosts.hiddenAt,
      hiddenReason: discussionPosts.hiddenReason,
      opportunityId: discussionPosts.opportunityId,
      isInWindow: isInEditWindowSql,
    })
    .from(discussionPosts)
    .where(
      and(
        eq(discussionPosts.id, params.postId),
        params.opportunityId ? eq(discussionPosts.opportunityId, params.opportunityId) : undefined,
      ),
    )
    .for('update');
  return row;
}

/** Keeps the text a post had before an edit or its deletion. */
export async function insertRevision(
  db: Db,
  values: { postId: string; kind: 'edit' | 'delete'; body: string },
): Promise<void> {
  await db.insert(discussionPostRevisions).values(values);
}

/** The author's edit: the new text and mentions, edited now. */
export async function editPost(
  db: Db,
  params: { postId: string; body: string; mentions: string[] },
): Promise<void> {
  await db
    .update(discussionPosts)
    .set({ body: params.body, mentions: params.mentions, editedAt: sql`now()` })
    .where(eq(discussionPosts.id, params.postId));
}

/** The author's deletion: the row stays (the thread's order, the history), its text is not shown. */
export async function markPostDeleted(db: Db, postId: string): Promise<void> {
  await db
    .update(discussionPosts)
    .set({ deletedAt: sql`now()` })
    .where(eq(discussionPosts.id, postId));
}

/** An admin hides a post with a reason, or (reason null) shows it again. */
export async function setPostHidden(
  db: Db,
  params: { postId: string; hidden: { by: string | null; reason: string } | null },
): Promise<void> {
  const { hidden } = params;
  await db
    .update(discussionPosts)
    .set({
      hiddenAt: hidden ? sql`now()` : null,
      hiddenBy: hidden?.by ?? null,
      hiddenReason: hidden?.reason ?? null,
    })
    .where(eq(discussionPosts.id, params.postId));
}
