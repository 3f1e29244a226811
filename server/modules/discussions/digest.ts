import { DISCUSSION_DIGEST_MINUTES } from '@shared/discussion';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  discussionDigestItems,
  discussionDigestState,
  discussionPosts,
  opportunities,
  users,
} from '../../db/schema/index';
import { absoluteLink, queueEmails } from '../mail/outbox';
import { type DigestPost, discussionDigestEmail } from '../mail/templates';
import { clockNowSql } from '../review-clock/queries';
import { getSettingValue, showReviewerNamesSql, validSettingValue } from '../settings/queries';
import { mayReadThreadSql } from './access';
import { listThreadPeople } from './people';
import { presentPerson, type Viewer } from './presenter';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Clock = { now: Date | undefined };

export type DigestRunResult = {
  /** Digest emails queued by this run. */
  emails: number;
  /** Items dropped: the recipient may no longer read the thread, or the post is gone. */
  dropped: number;
};

/** How many recipients one run handles at most (the next run continues). */
const RECIPIENTS_PER_RUN = 200;

/** Serialises the digest runs of every instance. */
async function lockDigests(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('assay.discussion-digest'))`);
}

/** Someone with pending items whose last digest is at least `minutes` old (or who never had one). */
async function nextDueRecipient(
  tx: Transaction,
  params: Clock & { minutes: number },
): Promise<string | undefined> {
  const result = await tx.execute<{ userId: string }>(sql`
    select i.user_id as "userId"
      from ${discussionDigestItems} i
      left join ${discussionDigestState} s on s.user_id = i.user_id
     where i.sent_at is null and i.dropped_at is null
       and (s.last_sent_at is null
            or s.last_sent_at <= ${clockNowSql(params.now)} - make_interval(mins => ${params.minutes}::int))
     order by i.user_id
     limit 1`);
  return result.rows[0]?.userId;
}

/**
 * Drops the recipient's pending items they are not to be told about any more: they may no longer
 * read the thread (mayReadThreadSql at send time: a conflict declared since, a deactivated
 * account, ...), or the post was deleted or hidden.
 */
async function dropUnsendable(tx: Transaction, params: Clock & { userId: string }) {
  const result = await tx.execute(sql`
    update ${discussionDigestItems} i set dropped_at = ${clockNowSql(params.now)}
      from ${discussionPosts} p
     where p.id = i.post_id and i.user_id = ${params.userId}
       and i.sent_at is null and i.dropped_at is null
       and (p.deleted_at is not null or p.hidden_at is not null
            or not ${mayReadThreadSql(sql`${params.userId}::uuid`, sql`p.opportunity_id`)})`);
  return result.rowCount ?? 0;
}

/** The recipient's pending items with their posts, by thread number then post, locked. */
function lockPendingItems(tx: Transaction, userId: string) {
  return tx
    .select({
      postId: discussionPosts.id,
      reason: discussionDigestItems.reason,
      opportunityId: opportunities.id,
      number: opportunities.number,
      title: opportunities.title,
      authorId: discussionPosts.authorId,
      body: discussionPosts.body,
    })
    .from(discussionDigestItems)
    .innerJoin(discussionPosts, eq(discussionPosts.id, discussionDigestItems.postId))
    .innerJoin(opportunities, eq(opportunities.id, discussionPosts.opportunityId))
    .where(
      and(
        eq(discussionDigestItems.userId, userId),
        isNull(discussionDigestItems.sentAt),
        isNull(discussionDigestItems.droppedAt),
      ),
    )
    .orderBy(asc(opportunities.number), asc(discussionPosts.seq))
    .for('update', { of: discussionDigestItems });
}

type PendingItem = Awaited<ReturnType<typeof lockPendingItems>>[number];

async function findRecipient(tx: Transaction, userId: string) {
  const [row] = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      showReviewerNames: showReviewerNamesSql,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

/** Where the recipient reads the thread: the reviewer's page, or the admin's decision page. */
function threadPath(role: 'admin' | 'reviewer', opportunityId: string): string {
  return role === 'admin'
    ? `/admin/results/decisions/${opportunityId}#discussion`
    : `/reviewer/opportunities/${opportunityId}#discussion`;
}

/** The threads of the items in order, each post quoted under its author as the viewer knows them. */
async function digestThreads(
  tx: Transaction,
  params: { items: PendingItem[]; viewer: Viewer; publicUrl: string },
) {
  const { items, viewer } = params;
  const threadIds = [...new Set(items.map((item) => item.opportunityId))];
  const threads = [];
  for (const opportunityId of threadIds) {
    const people = new Map(
      (await listThreadPeople(tx, opportunityId)).map((person) => [person.id, person]),
    );
    const posts = items.filter((item) => item.opportunityId === opportunityId);
    threads.push({
      number: posts[0]!.number,
      title: posts[0]!.title,
      link: absoluteLink(params.publicUrl, threadPath(viewer.role, opportunityId)),
      posts: posts.map(
        (item): DigestPost => ({
          author: presentPerson(people.get(item.authorId)!, viewer).label,
          body: item.body,
          mentionsYou: item.reason === 'mention',
        }),
      ),
    });
  }
  return threads;
}

/** One recipient's digest: drop what they may not be told, then one email of the rest. */
async function sendDigest(
  tx: Transaction,
  params: Clock & { userId: string; minutes: number; publicUrl: string },
  result: DigestRunResult,
) {
  const { userId, now } = params;
  result.dropped += await dropUnsendable(tx, { userId, now });
  const items = await lockPendingItems(tx, userId);
  if (items.length === 0) return;
  const recipient = await findRecipient(tx, userId);
  const viewer: Viewer = {
    userId,
    role: recipient.role,
    showReviewerNames: recipient.showReviewerNames,
  };
  const threads = await digestThreads(tx, { items, viewer, publicUrl: params.publicUrl });
  result.emails += await queueEmails(tx, [
    {
      recipientId: userId,
      recipientEmail: recipient.email,
      type: 'discussion_digest',
      content: discussionDigestEmail({ name: recipient.name, threads, minutes: params.minutes }),
    },
  ]);
  await tx
    .update(discussionDigestItems)
    .set({ sentAt: clockNowSql(now) })
    .where(
      and(
        eq(discussionDigestItems.userId, userId),
        inArray(
          discussionDigestItems.postId,
          items.map((item) => item.postId),
        ),
      ),
    );
  await tx
    .insert(discussionDigestState)
    .values({ userId, lastSentAt: clockNowSql(now) })
    .onConflictDoUpdate({
      target: discussionDigestState.userId,
      set: { lastSentAt: clockNowSql(now) },
    });
}

/**
 * Sends the discussion digests that are due (issue 36): to each person with posts to be told
 * about, at most one email per `discussion_digest_minutes`, by the database's clock (`now` only
 * for tests: a test clock, the same rule). One recipient per transaction under one lock: any
 * number of instances may run this at once, and since an item is marked sent in the transaction
 * that queues its email, nothing is sent twice, across restarts too.
 */
export async function runDiscussionDigests(
  db: Database,
  options: { publicUrl: string; now?: Date },
): Promise<DigestRunResult> {
  const result: DigestRunResult = { emails: 0, dropped: 0 };
  const minutes = Number(
    validSettingValue(
      DISCUSSION_DIGEST_MINUTES,
      await getSettingValue(db, DISCUSSION_DIGEST_MINUTES),
    ),
  );
  for (let i = 0; i < RECIPIENTS_PER_RUN; i++) {
    const handled = await db.transaction(async (tx) => {
      await lockDigests(tx);
      const userId = await nextDueRecipient(tx, { now: options.now, minutes });
      if (!userId) return false;
      await sendDigest(
        tx,
        { userId, now: options.now, minutes, publicUrl: options.publicUrl },
        result,
      );
      return true;
    });
    if (!handled) break;
  }
  return result;
}
