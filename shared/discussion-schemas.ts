import {
  HIDE_REASON_MAX,
  MENTIONS_MAX,
  POST_BODY_MAX,
  POST_STATES,
  THREAD_STATES,
  THREAD_SUMMARY_MAX,
} from './discussion';
import { discussionReasonSchema, rankIntervalSchema } from './results-schemas';
import { z } from './zod';

/**
 * Contracts of the panel's deliberation (issue 36, docs/decisions/0030-deliberation.md): one
 * thread per opportunity, mentions, unread counts and the meeting view. Everything is additive:
 * no spec'd call answers differently.
 *
 * Names: an answer to a reviewer never carries another reviewer's name, email or id while
 * `show_reviewer_names` is 'false' - authors and mentionable people are then labels ("Reviewer
 * B", the label of their comments; "Admin" for an administrator), and a mention is made by the
 * `handle` the thread's `mentionable` list gives, which is then the label, not an id. Admins and
 * (while names are shown) reviewers get user ids as handles.
 */

export const threadStateSchema = z.enum(THREAD_STATES);
export const postStateSchema = z.enum(POST_STATES);

// --- Requests ------------------------------------------------------------------------------------

const postBodySchema = z
  .string('Post text is required')
  .refine((body) => body.trim().length > 0, 'Post text is required')
  .refine(
    (body) => body.length <= POST_BODY_MAX,
    `Post text must be at most ${POST_BODY_MAX.toLocaleString('en-GB')} characters`,
  );

/** A person to tell about the post: a handle from the thread's `mentionable` list. */
const mentionsSchema = z
  .array(
    z.string('Each mention must be a handle').trim().min(1).max(200),
    'mentions must be a list of handles',
  )
  .max(MENTIONS_MAX, `At most ${MENTIONS_MAX} mentions in a post`)
  .optional()
  .transform((mentions) => [...new Set(mentions ?? [])]);

/** POST /api/opportunities/{id}/discussion and PATCH .../discussion/posts/{postId}. */
export const newPostSchema = z.object({ body: postBodySchema, mentions: mentionsSchema });
export type NewPostInput = z.input<typeof newPostSchema>;

/** POST /api/admin/discussion/posts/{postId}/hide */
export const hidePostSchema = z.object({
  reason: z
    .string('Reason is required')
    .trim()
    .min(1, 'Reason is required')
    .max(HIDE_REASON_MAX, `Reason must be at most ${HIDE_REASON_MAX} characters`),
});

/** POST /api/admin/opportunities/{id}/discussion/resolve */
export const resolveThreadSchema = z.object({
  summary: z
    .string('Summary is required')
    .trim()
    .min(1, 'Summary is required')
    .max(THREAD_SUMMARY_MAX, `Summary must be at most ${THREAD_SUMMARY_MAX} characters`),
});

export const discussionParamsSchema = z.object({ id: z.uuid('Invalid opportunity id') });
export const postParamsSchema = z.object({
  id: z.uuid('Invalid opportunity id'),
  postId: z.uuid('Invalid post id'),
});
export const adminPostParamsSchema = z.object({ postId: z.uuid('Invalid post id') });

// --- Answers -------------------------------------------------------------------------------------

/** Who wrote a post or may be mentioned, as the caller may know them. */
export const discussionPersonSchema = z.object({
  /** A user id for admins and while names are shown; the label itself for a reviewer otherwise. */
  handle: z.string(),
  /** The display name, else the name; or the label ("Reviewer B", "Admin"). */
  label: z.string(),
  role: z.enum(['admin', 'reviewer']),
});
export type DiscussionPerson = z.infer<typeof discussionPersonSchema>;

export const postRevisionSchema = z.object({
  kind: z.enum(['edit', 'delete']),
  /** The text before this change. */
  body: z.string(),
  changedAt: z.iso.datetime({ offset: true }),
});

export const discussionPostSchema = z.object({
  id: z.uuid(),
  author: discussionPersonSchema,
  /** The caller wrote it. */
  mine: z.boolean(),
  state: postStateSchema,
  /** The text; null when deleted or (for reviewers) hidden. */
  body: z.string().nullable(),
  /** The people mentioned, as the caller may know them. */
  mentions: z.array(discussionPersonSchema),
  createdAt: z.iso.datetime({ offset: true }),
  editedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Until when the caller may edit or delete it (their own, still in the window); else null. */
  editableUntil: z.iso.datetime({ offset: true }).nullable(),
  /** Admins only (null for reviewers): the hide reason, and the text before edits and deletion. */
  hiddenReason: z.string().nullable(),
  history: z.array(postRevisionSchema).nullable(),
});
export type DiscussionPost = z.infer<typeof discussionPostSchema>;

export const discussionThreadSchema = z.object({
  opportunityId: z.uuid(),
  number: z.int(),
  title: z.string(),
  state: threadStateSchema,
  /** The summary while resolved (and the last one after reopening); null when never resolved. */
  summary: z.string().nullable(),
  resolvedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Posts oldest first. */
  posts: z.array(discussionPostSchema),
  /** Posts new to the caller before this read (the read marks them read). */
  unread: z.int().nonnegative(),
  /** The people who may read the thread, whom a post may mention (the caller left out). */
  mentionable: z.array(discussionPersonSchema),
});
export type DiscussionThread = z.infer<typeof discussionThreadSchema>;

/** GET /api/discussions/unread: threads the caller may read with posts new to them. */
export const unreadThreadsSchema = z.object({
  threads: z.array(z.object({ opportunityId: z.uuid(), unread: z.int().positive() })),
  /** Threads with new posts. */
  total: z.int().nonnegative(),
});
export type UnreadThreads = z.infer<typeof unreadThreadsSchema>;

// --- The meeting ---------------------------------------------------------------------------------

/** PUT /api/admin/meeting: the agenda in order (its first item is "now" when it starts). */
export const putMeetingSchema = z.object({
  agenda: z
    .array(z.uuid('Each id must be a UUID'), 'agenda must be a list of opportunity ids')
    .max(50, 'At most 50 items')
    .refine((ids) => new Set(ids).size === ids.length, 'Each opportunity may appear only once'),
});

/** POST /api/admin/meeting/current: move "now" to this agenda position (0-based). */
export const moveMeetingSchema = z.object({
  index: z.int('Index must be a whole number').min(0, 'Index must be 0 or more'),
});

/** The figures a meeting item shows (from Results; null without reviews). */
export const meetingFiguresSchema = z.object({
  reviewCount: z.int().nonnegative(),
  rawComposite: z.number().nullable(),
  calibratedComposite: z.number().nullable(),
  calibratedRank: z.int().positive().nullable(),
  calibratedRankInterval: rankIntervalSchema.nullable(),
  sd: z.number().nullable(),
  flags: z.array(discussionReasonSchema),
});

export const adminMeetingItemSchema = z.object({
  opportunityId: z.uuid(),
  number: z.int(),
  title: z.string(),
  reasons: z.array(discussionReasonSchema),
  figures: meetingFiguresSchema,
  threadState: threadStateSchema,
  postCount: z.int().nonnegative(),
});

/** GET /api/admin/meeting */
export const adminMeetingSchema = z.object({
  active: z.boolean(),
  version: z.int().nonnegative(),
  currentIndex: z.int().nonnegative(),
  agenda: z.array(adminMeetingItemSchema),
  /** The Results discussion queue in its order: what "Start" puts on the agenda. */
  suggested: z.array(z.uuid()),
});
export type AdminMeeting = z.infer<typeof adminMeetingSchema>;

/** What a signed-in person sees of one agenda item. */
export const meetingItemViewSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('item'),
    opportunityId: z.uuid(),
    number: z.int(),
    title: z.string(),
    imageUrl: z.string().nullable(),
    figures: meetingFiguresSchema,
    /** The caller may read and post on its thread (a reviewer: after their own review, when so set). */
    canDiscuss: z.boolean(),
    /** Why not, when canDiscuss is false. */
    discussBlockedReason: z.string().nullable(),
  }),
  /** "You have a conflict with this item" (MEETING_CONFLICT_MESSAGE); nothing of the item. */
  z.object({ kind: z.literal('conflict'), message: z.string() }),
  /** Outside the caller's scope ('assigned' mode); nothing of the item. */
  z.object({ kind: z.literal('not_in_scope'), message: z.string() }),
]);
export type MeetingItemView = z.infer<typeof meetingItemViewSchema>;

/** GET /api/meeting (signed-in): now and next, as the caller may see them. */
export const meetingViewSchema = z.object({
  active: z.boolean(),
  version: z.int().nonnegative(),
  /** 1-based position of "now" and the agenda's length (0 when inactive). */
  position: z.int().nonnegative(),
  total: z.int().nonnegative(),
  now: meetingItemViewSchema.nullable(),
  next: meetingItemViewSchema.nullable(),
});
export type MeetingView = z.infer<typeof meetingViewSchema>;
