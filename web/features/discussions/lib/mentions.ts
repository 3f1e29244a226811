import type { DiscussionPerson } from '@shared/discussion-schemas';

/**
 * Mentions while typing (issue 36): `@` followed by the start of someone's label opens the list
 * of people the thread's `mentionable` gives; picking one writes `@Label `. What is sent is the
 * handle of each person whose `@Label` is still in the text when it is posted.
 */

/** The `@...` being typed just before the caret: where its `@` stands and what follows it. */
export type MentionQuery = { start: number; query: string };

// The longest text after an `@` still read as the start of a label ("Reviewer AB" and more).
const QUERY_MAX = 40;
const WORD_CHARACTER = /[\p{L}\p{N}_]/u;

/** The mention being typed at `caret`, or null (an email address's `@` is none). */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const from = Math.max(0, caret - QUERY_MAX - 1);
  const start = text.lastIndexOf('@', caret - 1);
  if (start < from) return null;
  if (start > 0 && WORD_CHARACTER.test(text[start - 1]!)) return null;
  const query = text.slice(start + 1, caret);
  if (/[\n@]/.test(query) || query.startsWith(' ')) return null;
  return { start, query };
}

/** The people whose label, or a word of it, starts with `query` (case ignored), at most `max`. */
export function matchingPeople(
  people: readonly DiscussionPerson[],
  query: string,
  max = 8,
): DiscussionPerson[] {
  const wanted = query.toLocaleLowerCase();
  return people
    .filter((person) => {
      const label = person.label.toLocaleLowerCase();
      return label.startsWith(wanted) || label.split(/\s+/).some((word) => word.startsWith(wanted));
    })
    .slice(0, max);
}

/** The text with the mention being typed replaced by `@Label `, and the caret after it. */
export function insertMention(
  text: string,
  caret: number,
  mention: MentionQuery,
  person: DiscussionPerson,
): { text: string; caret: number } {
  const inserted = `@${person.label} `;
  // A space already after the caret is not doubled.
  const rest = text.slice(caret).replace(/^ /, '');
  return {
    text: text.slice(0, mention.start) + inserted + rest,
    caret: mention.start + inserted.length,
  };
}

/** People sorted longest label first, as `mentionAt` wants them. */
export function longestLabelsFirst<T extends { label: string }>(people: readonly T[]): T[] {
  return people
    .filter((person) => person.label !== '')
    .sort((a, b) => b.label.length - a.label.length);
}

/**
 * The person whose `@Label` is written as a whole mention at `at` (an `@` not inside a word, the
 * label not running on into one), the longest label winning: "@Ann Lee" is Ann Lee, not Ann.
 * `people` sorted by `longestLabelsFirst`.
 */
export function mentionAt<T extends { label: string }>(
  text: string,
  at: number,
  people: readonly T[],
): T | undefined {
  if (text[at] !== '@' || (at > 0 && WORD_CHARACTER.test(text[at - 1]!))) return undefined;
  return people.find((person) => {
    const end = at + 1 + person.label.length;
    return (
      text.startsWith(person.label, at + 1) &&
      (end === text.length || !WORD_CHARACTER.test(text[end]!))
    );
  });
}

/**
 * The handles to send with `text`: each person (picked from the list, or one of `mentionable`
 * written out by hand) whose `@Label` is still in it, once each.
 */
export function mentionedHandles(text: string, people: readonly DiscussionPerson[]): string[] {
  const sorted = longestLabelsFirst(people);
  const handles = new Set<string>();
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    const person = mentionAt(text, at, sorted);
    if (person) handles.add(person.handle);
  }
  return [...handles];
}
