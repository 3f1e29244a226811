import {
  NOT_YOUR_POST_MESSAGE,
  POST_DELETED_MESSAGE,
  POST_EDIT_WINDOW_MESSAGE,
  POST_HIDDEN_MESSAGE,
  POST_NOT_FOUND,
} from '@shared/discussion';
import type { DiscussionPost, DiscussionThread, UnreadThreads } from '@shared/discussion-schemas';
import type { Database } from '../../db/client';
import { conflict, forbidden, notFound } from '../../http/errors';
import { OPPORTUNITY_NOT_FOUND } from '../reviewer-workspace/policy';
import { resolveMentions } from './mentions';
import { listThreadPeople } from './people';
import { presentPost, presentThread, type Viewer } from './presenter';
import {
  type DigestItem,
  editPost as editPostRow,
  insertPost,
  insertRevision,
  type LockedPost,
  listEarlierPosters,
  listPosts,
  listRevisions,
  lockPost,
  markPostDeleted,
  queueDigestItems,
} from './queries';
import { findReadableThread, listUnreadThreads, markRead, type ThreadHead } from './thread-queries';

type Db = Parameters<typeof listPosts>[0];
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A post's text and mentions as newPostSchema hands them over (mentions: distinct handles). */
export type PostInput = { body: string; mentions: string[] };

/** Who calls: the signed-in user. */
export type Caller = { id: string; role: 'admin' | 'reviewer' };

/** Posts are new for the unread count while someone else wrote them and they are shown. */
const isNewTo = (
  post: { authorId: string; seq: number; deletedAt: Date | null; hiddenAt: Date | null },
  userId: string,
  lastReadSeq: number | null,
) =>
  post.authorId !== userId &&
  post.deletedAt === null &&
  post.hiddenAt === null &&
  post.seq > (lastReadSeq ?? 0);

const viewerOf = (head: ThreadHead, caller: Caller): Viewer => ({
  userId: caller.id,
  role: caller.role,
  showReviewerNames: head.showReviewerNames,
});

/** The thread the caller may read, or 404 as for an unpublished opportunity. */
export async function readableThreadOrRefuse(
  db: Db,
  params: { opportunityId: string; caller: Caller; lock?: boolean },
): Promise<ThreadHead> {
  const head = await findReadableThread(db, {
    opportunityId: params.opportunityId,
    userId: params.caller.id,
    lock: params.lock,
  });
  if (!head) throw notFound(OPPORTUNITY_NOT_FOUND);
  return head;
}

/**
 * GET .../discussion: the posts, the thread's state, and what was new to the caller before this
 * read; the read then marks the thread read up to its last post (`markAsRead: false` for the
 * answers of resolve and reopen).
 */
export async function readThread(
  db: Db,
  params: { opportunityId: string; caller: Caller; markAsRead?: boolean },
): Promise<DiscussionThread> {
  const { opportunityId, caller } = params;
  const head = await readableThreadOrRefuse(db, params);
  const viewer = viewerOf(head, caller);
  const [posts, people, revisions] = await Promise.all([
    listPosts(db, { opportunityId, userId: caller.id }),
    listThreadPeople(db, opportunityId),
    caller.role === 'admin' ? listRevisions(db, { opportunityId }) : [],
  ]);
  const unread = posts.filter((post) => isNewTo(post, caller.id, head.lastReadSeq)).length;
  const lastSeq = posts.at(-1)?.seq ?? 0;
  if (params.markAsRead !== false && lastSeq > (head.lastReadSeq ?? 0)) {
    await markRead(db, { userId: caller.id, opportunityId, seq: lastSeq });
  }
  return presentThread(head, { viewer, people, posts, revisions, unread });
}

/** One post as the caller sees it, read in the transaction that changed it. */
export async function presentOnePost(
  tx: Db,
  params: { head: ThreadHead; caller: Caller; postId: string },
): Promise<DiscussionPost> {
  const { head, caller, postId } = params;
  const opportunityId = head.opportunityId;
  // One statement after the other: a transaction's connection runs one at a time.
  const [post] = await listPosts(tx, { opportunityId, userId: caller.id, postId });
  const people = await listThreadPeople(tx, opportunityId);
  const revisions =
    caller.role === 'admin' ? await listRevisions(tx, { opportunityId, postId }) : [];
  return presentPost(post!, {
    viewer: viewerOf(head, caller),
    people: new Map(people.map((person) => [person.id, person])),
    revisions,
  });
}

/** The mentioned first, then the earlier posters; never the author; each person once. */
function digestItemsFor(params: {
  authorId: string;
  mentions: string[];
  participants: string[];
}): DigestItem[] {
  const items = new Map<string, DigestItem>();
  for (const userId of params.mentions) items.set(userId, { userId, reason: 'mention' });
  for (const userId of params.participants) {
    if (!items.has(userId)) items.set(userId, { userId, reason: 'participant' });
  }
  items.delete(params.authorId);
  return [...items.values()];
}

/**
 * POST .../discussion: the post as sent, its mentions checked all or nothing, the digest items of
 * the mentioned and of everyone who posted before, and the thread read for the author up to it,
 * in one transaction. Reviewing closed does not close the discussion.
 */
export async function addPost(
  db: Database,
  params: { opportunityId: string; caller: Caller; input: PostInput },
): Promise<DiscussionPost> {
  const { opportunityId, caller, input } = params;
  return db.transaction(async (tx) => {
    const head = await readableThreadOrRefuse(tx, { opportunityId, caller, lock: true });
    // Most posts mention nobody: the thread's people are then read once, for the answer.
    const mentions =
      input.mentions.length === 0
        ? []
        : await resolveMentions(tx, {
            opportunityId,
            viewer: viewerOf(head, caller),
            handles: input.mentions,
            people: await listThreadPeople(tx, opportunityId),
          });
    const post = await insertPost(tx, {
      opportunityId,
      authorId: caller.id,
      body: input.body,
      mentions,
    });
    const participants = await listEarlierPosters(tx, { opportunityId, seq: post.seq });
    await queueDigestItems(tx, {
      postId: post.id,
      items: digestItemsFor({ authorId: caller.id, mentions, participants }),
    });
    await markRead(tx, { userId: caller.id, opportunityId, seq: post.seq });
    return presentOnePost(tx, { head, caller, postId: post.id });
  });
}

/**
 * The author's own post, locked, while they may still change it: 404 when the thread or post is
 * not theirs to see, 403 for someone else's post, 409 once deleted, hidden or past the window.
 */
async function ownChangeablePost(
  tx: Transaction,
  params: { opportunityId: string; postId: string; caller: Caller },
): Promise<{ head: ThreadHead; post: LockedPost }> {
  const head = await readableThreadOrRefuse(tx, { ...params, lock: true });
  const post = await lockPost(tx, params);
  if (!post) throw notFound(POST_NOT_FOUND);
  if (post.authorId !== params.caller.id) throw forbidden(NOT_YOUR_POST_MESSAGE);
  if (post.deletedAt) throw conflict(POST_DELETED_MESSAGE);
  if (post.hiddenAt) throw conflict(POST_HIDDEN_MESSAGE);
  if (!post.isInWindow) throw conflict(POST_EDIT_WINDOW_MESSAGE);
  return { head, post };
}

/** PATCH .../posts/{postId}: the earlier text kept as a revision; new mentions are told. */
export async function editPost(
  db: Database,
  params: {
    opportunityId: string;
    postId: string;
    caller: Caller;
    input: PostInput;
  },
): Promise<DiscussionPost> {
  const { opportunityId, postId, caller, input } = params;
  return db.transaction(async (tx) => {
    const { head, post } = await ownChangeablePost(tx, params);
    const mentions = await resolveMentions(tx, {
      opportunityId,
      viewer: viewerOf(head, caller),
      handles: input.mentions,
      people: await listThreadPeople(tx, opportunityId),
    });
    await insertRevision(tx, { postId, kind: 'edit', body: post.body });
    await editPostRow(tx, { postId, body: input.body, mentions });
    const added = mentions.filter((id) => !post.mentions.includes(id));
    await queueDigestItems(tx, {
      postId,
      items: added.map((userId) => ({ userId, reason: 'mention' as const })),
    });
    return presentOnePost(tx, { head, caller, postId });
  });
}

/** DELETE .../posts/{postId}: the row stays as 'deleted', its text kept as a revision. */
export async function deletePost(
  db: Database,
  params: { opportunityId: string; postId: string; caller: Caller },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { post } = await ownChangeablePost(tx, params);
    await insertRevision(tx, { postId: post.id, kind: 'delete', body: post.body });
    await markPostDeleted(tx, post.id);
  });
}

/** GET /api/discussions/unread: the caller's threads with posts new to them, in one statement. */
export async function unreadThreads(db: Db, caller: Caller): Promise<UnreadThreads> {
  const threads = await listUnreadThreads(db, caller.id);
  return { threads, total: threads.length };
}
