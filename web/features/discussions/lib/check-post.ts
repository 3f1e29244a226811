import { MENTIONS_MAX, POST_BODY_MAX } from '@shared/discussion';
import type { DiscussionPerson } from '@shared/discussion-schemas';
import { formatCount } from '@web/lib/format-count';
import { mentionedHandles } from './mentions';

// The server's own messages (shared/discussion-schemas.ts), checked here without loading zod.
export const POST_REQUIRED_MESSAGE = 'Post text is required';
export const POST_TOO_LONG_MESSAGE = `Post text must be at most ${formatCount(POST_BODY_MAX)} characters`;
export const TOO_MANY_MENTIONS_MESSAGE = `At most ${MENTIONS_MAX} mentions in a post`;

/**
 * The mentions a post's text carries (of `people`: those picked from the list and the thread's
 * mentionable), or why the server would refuse it as it is: blank, too long, too many mentions.
 */
export function checkPost(
  body: string,
  people: readonly DiscussionPerson[],
): { mentions: string[]; problem: null } | { mentions: null; problem: string } {
  if (body.trim() === '') return { mentions: null, problem: POST_REQUIRED_MESSAGE };
  if (body.length > POST_BODY_MAX) return { mentions: null, problem: POST_TOO_LONG_MESSAGE };
  const mentions = mentionedHandles(body, people);
  if (mentions.length > MENTIONS_MAX) return { mentions: null, problem: TOO_MANY_MENTIONS_MESSAGE };
  return { mentions, problem: null };
}
