/**
 * The panel's deliberation (issue 36, docs/decisions/0030-deliberation.md): constants and texts
 * shared by the server and the pages, without zod (discussion-schemas.ts holds the contracts).
 */

/** The setting: at most one digest email per person per this many minutes ('5' to '1440'). */
export const DISCUSSION_DIGEST_MINUTES = 'discussion_digest_minutes';
export const DISCUSSION_DIGEST_MINUTES_DEFAULT = '15';
export const DISCUSSION_DIGEST_MINUTES_MIN = 5;
export const DISCUSSION_DIGEST_MINUTES_MAX = 1440;
export const DIGEST_MINUTES_MESSAGE = `Value must be a whole number of minutes from ${DISCUSSION_DIGEST_MINUTES_MIN} to ${DISCUSSION_DIGEST_MINUTES_MAX}`;

/** A post's text: 1 to 5,000 characters, plain text with line breaks. */
export const POST_BODY_MAX = 5000;
/** An author may edit or delete their own post for this long after posting. */
export const POST_EDIT_WINDOW_MINUTES = 15;
/** A hide reason and a resolution summary. */
export const HIDE_REASON_MAX = 500;
export const THREAD_SUMMARY_MAX = 2000;
/** Mentions in one post. */
export const MENTIONS_MAX = 20;

/** How an admin appears to reviewers while reviewer names are hidden. */
export const ADMIN_LABEL = 'Admin';

export const THREAD_STATES = ['open', 'resolved'] as const;
export type ThreadState = (typeof THREAD_STATES)[number];

/** What a reader sees of a post: its text, or that it was deleted by its author or hidden. */
export const POST_STATES = ['visible', 'deleted', 'hidden'] as const;
export type PostState = (typeof POST_STATES)[number];

export const POST_EDIT_WINDOW_MESSAGE = `Posts can be edited or deleted for ${POST_EDIT_WINDOW_MINUTES} minutes after posting`;
export const NOT_YOUR_POST_MESSAGE = 'Only the author may edit or delete a post';
export const POST_NOT_FOUND = 'Post not found';
export const POST_HIDDEN_MESSAGE = 'This post was hidden by an administrator';
export const POST_DELETED_MESSAGE = 'This post was deleted by its author';

/** The meeting view (issue 36 section 3). */
export const MEETING_CONFLICT_MESSAGE = 'You have a conflict with this item';
export const MEETING_NOT_IN_SCOPE_MESSAGE = 'This item is not assigned to you';
export const MEETING_NOT_ACTIVE_MESSAGE = 'No meeting is in progress';
/** The channel every instance LISTENs on; the payload is the meeting's new version. */
export const MEETING_CHANNEL = 'assay_meeting';
