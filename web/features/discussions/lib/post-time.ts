import type { DiscussionPost } from '@shared/discussion-schemas';
import { formatDate } from '@web/lib/format-date';

/** 'Nov 22, 2026, 14:05' in the browser's time zone (by hand, like formatDate: no Intl data). */
export function formatPostTime(iso: string): string {
  const date = new Date(iso);
  const hh = String(date.getHours()).padStart(2, '0');
  const mm = String(date.getMinutes()).padStart(2, '0');
  return `${formatDate(iso)}, ${hh}:${mm}`;
}

/** Whether the caller may still edit or delete `post` at `now` (the server's window says so). */
export function isEditable(post: DiscussionPost, now: number): boolean {
  return (
    post.state === 'visible' && post.editableUntil !== null && Date.parse(post.editableUntil) > now
  );
}

/** The soonest moment after `now` at which one of `posts` stops being editable, or null. */
export function nextEditDeadline(posts: readonly DiscussionPost[], now: number): number | null {
  let soonest: number | null = null;
  for (const post of posts) {
    if (post.editableUntil === null) continue;
    const until = Date.parse(post.editableUntil);
    if (until > now && (soonest === null || until < soonest)) soonest = until;
  }
  return soonest;
}
