import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { opportunities } from './opportunities';
import { users } from './users';

// The panel's deliberation (issue 36, decision 0030): one thread per opportunity, its posts with
// their history, what each person has read, the digest emails' queue, and the meeting's agenda.

export const discussionThreadState = pgEnum('discussion_thread_state', ['open', 'resolved']);

/**
 * A thread's state. A thread exists for every opportunity; this row is written the first time it
 * is resolved (no row: open, no summary).
 */
export const discussionThreads = pgTable('discussion_threads', {
  opportunityId: uuid('opportunity_id')
    .primaryKey()
    .references(() => opportunities.id, { onDelete: 'cascade' }),
  state: discussionThreadState('state').notNull().default('open'),
  /** The admin's summary when resolved (kept when reopened, shown as the last summary). */
  summary: text('summary').notNull().default(''),
  resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A post. `seq` orders every post of every thread (what a reader has read is the highest seq
 * seen). An author's edit or delete keeps the earlier text in discussion_post_revisions; a
 * deleted post keeps its row (deleted_at) so that the thread's order and the history stay.
 */
export const discussionPosts = pgTable(
  'discussion_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    opportunityId: uuid('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** The people the post mentions, as user ids (each may read the thread when posted). */
    mentions: uuid('mentions').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    index('discussion_posts_thread_idx').on(t.opportunityId, t.seq),
    index('discussion_posts_author_idx').on(t.authorId, t.opportunityId),
    check('discussion_posts_body_length', sql`char_length(${t.body}) between 1 and 5000`),
  ],
);

export const discussionRevisionKind = pgEnum('discussion_revision_kind', ['edit', 'delete']);

/** The text a post had before each edit or its deletion (admins read it). */
export const discussionPostRevisions = pgTable(
  'discussion_post_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => discussionPosts.id, { onDelete: 'cascade' }),
    kind: discussionRevisionKind('kind').notNull(),
    body: text('body').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discussion_post_revisions_post_idx').on(t.postId, t.changedAt)],
);

/** How far each person has read each thread: the highest post seq they were shown. */
export const discussionReads = pgTable(
  'discussion_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    opportunityId: uuid('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.opportunityId], name: 'discussion_reads_pkey' })],
);

export const discussionDigestReason = pgEnum('discussion_digest_reason', [
  'mention',
  'participant',
]);

/**
 * A post someone is to be told about in their next digest, written in the post's transaction.
 * `sent_at` is set by the digest that told them (or `dropped_at` when, by then, they may no
 * longer read it or the post is gone): the key makes "nothing twice" a property of the rows.
 */
export const discussionDigestItems = pgTable(
  'discussion_digest_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => discussionPosts.id, { onDelete: 'cascade' }),
    reason: discussionDigestReason('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    droppedAt: timestamp('dropped_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId], name: 'discussion_digest_items_pkey' }),
    index('discussion_digest_items_pending_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.sentAt} is null and ${t.droppedAt} is null`),
  ],
);

/** When each person was last sent a digest: at most one per `discussion_digest_minutes`. */
export const discussionDigestState = pgTable('discussion_digest_state', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
});

/**
 * The meeting (one row, id 1): its agenda of opportunity ids in order and the item now under
 * discussion. `version` grows with every change; the change's transaction NOTIFYs
 * `assay_meeting` with it, so every instance tells its open meeting pages.
 */
export const meetingState = pgTable(
  'meeting_state',
  {
    id: smallint('id').primaryKey().default(1),
    active: boolean('active').notNull().default(false),
    agenda: uuid('agenda').array().notNull().default(sql`'{}'::uuid[]`),
    /** Index into agenda of the item now under discussion. */
    currentIndex: integer('current_index').notNull().default(0),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('meeting_state_single_row', sql`${t.id} = 1`)],
);
