import { POST_DELETED_MESSAGE, POST_NOT_FOUND } from '@shared/discussion';
import type { DiscussionPost, DiscussionThread } from '@shared/discussion-schemas';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { OPPORTUNITY_NOT_FOUND } from '../reviewer-workspace/policy';
import { lockPost, setPostHidden } from './queries';
import { type Caller, presentOnePost, readableThreadOrRefuse, readThread } from './service';
import {
  opportunityExists,
  reopenThread as reopenThreadRow,
  resolveThread as resolveThreadRow,
} from './thread-queries';

// The admin's moderation of the threads (issue 36): hiding a post with a reason and showing it
// again, resolving a thread with a summary and reopening it; each change audited in its
// transaction.

export const THREAD_ALREADY_RESOLVED = 'This discussion is already resolved';
export const THREAD_ALREADY_OPEN = 'This discussion is already open';
export const POST_ALREADY_HIDDEN = 'This post is already hidden';
export const POST_NOT_HIDDEN = 'This post is not hidden';

/** An admin hides a post with a reason, or (reason null) shows it again; audited. */
export async function setHidden(
  db: Database,
  params: { postId: string; reason: string | null; caller: Caller },
  actor: AuditActor,
): Promise<DiscussionPost> {
  const { postId, reason, caller } = params;
  return db.transaction(async (tx) => {
    const post = await lockPost(tx, { postId });
    if (!post) throw notFound(POST_NOT_FOUND);
    if (post.deletedAt) throw conflict(POST_DELETED_MESSAGE);
    if (reason !== null && post.hiddenAt) throw conflict(POST_ALREADY_HIDDEN);
    if (reason === null && !post.hiddenAt) throw conflict(POST_NOT_HIDDEN);
    await setPostHidden(tx, {
      postId,
      hidden: reason === null ? null : { by: caller.id, reason },
    });
    await recordAudit(tx, actor, {
      action: reason === null ? 'discussion.unhide' : 'discussion.hide',
      entityType: 'discussion_post',
      entityId: postId,
      changes: {
        opportunityId: post.opportunityId,
        ...(reason === null
          ? { before: { hiddenReason: post.hiddenReason }, after: { hidden: false } }
          : { before: { hidden: false }, after: { hiddenReason: reason } }),
      },
    });
    const head = await readableThreadOrRefuse(tx, {
      opportunityId: post.opportunityId,
      caller,
    });
    return presentOnePost(tx, { head, caller, postId });
  });
}

/** An admin resolves the thread with a summary, or (summary null) reopens it; audited. */
export async function setResolved(
  db: Database,
  params: { opportunityId: string; summary: string | null; caller: Caller },
  actor: AuditActor,
): Promise<DiscussionThread> {
  const { opportunityId, summary, caller } = params;
  await db.transaction(async (tx) => {
    if (!(await opportunityExists(tx, opportunityId))) throw notFound(OPPORTUNITY_NOT_FOUND);
    if (summary !== null) {
      const resolved = await resolveThreadRow(tx, { opportunityId, summary, userId: caller.id });
      if (!resolved) throw conflict(THREAD_ALREADY_RESOLVED);
      await recordAudit(tx, actor, {
        action: 'discussion.resolve',
        entityType: 'opportunity',
        entityId: opportunityId,
        changes: { before: { state: 'open' }, after: { state: 'resolved', summary } },
      });
    } else {
      const reopened = await reopenThreadRow(tx, opportunityId);
      if (!reopened) throw conflict(THREAD_ALREADY_OPEN);
      await recordAudit(tx, actor, {
        action: 'discussion.reopen',
        entityType: 'opportunity',
        entityId: opportunityId,
        changes: {
          before: { state: 'resolved', summary: reopened.summary },
          after: { state: 'open' },
        },
      });
    }
  });
  return readThread(db, { opportunityId, caller, markAsRead: false });
}
