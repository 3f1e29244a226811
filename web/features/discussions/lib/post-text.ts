import type { DiscussionPerson } from '@shared/discussion-schemas';
import { longestLabelsFirst, mentionAt } from './mentions';

/**
 * A post's text as parts to render as elements: plain text, http(s) links and mentions. Posts are
 * plain text (issue 36): nothing in them is ever read as HTML, so each part becomes a text node or
 * an <a> whose href is a checked http(s) address, and a `<b>` typed by someone stays those
 * characters.
 */
export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; text: string };

const LINK = /\bhttps?:\/\/[^\s<>"]+/gi;
// Punctuation that ends a sentence more often than an address ("see https://x.org/a.").
const TRAILING = /[.,;:!?'"*_]+$/;

/** The link at the start of `candidate` without trailing punctuation or an unmatched bracket. */
function trimLink(candidate: string): string {
  let text = candidate;
  for (;;) {
    const before = text;
    text = text.replace(TRAILING, '');
    for (const [open, close] of [
      ['(', ')'],
      ['[', ']'],
    ] as const) {
      if (text.endsWith(close) && text.split(open).length < text.split(close).length) {
        text = text.slice(0, -1);
      }
    }
    if (text === before) return text;
  }
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function pushText(parts: TextPart[], text: string, mentions: readonly DiscussionPerson[]) {
  if (!text) return;
  let start = 0;
  if (mentions.length > 0) {
    for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
      const person = mentionAt(text, at, mentions);
      if (!person) continue;
      if (at > start) parts.push({ kind: 'text', text: text.slice(start, at) });
      const end = at + 1 + person.label.length;
      parts.push({ kind: 'mention', text: text.slice(at, end) });
      start = end;
      at = end - 1;
    }
  }
  if (start < text.length) parts.push({ kind: 'text', text: text.slice(start) });
}

/** `body` split into text, links and the mentions (`@Label`) of the people it mentions. */
export function partsOf(body: string, mentioned: readonly DiscussionPerson[] = []): TextPart[] {
  const labels = longestLabelsFirst(mentioned);
  const parts: TextPart[] = [];
  let start = 0;
  for (const match of body.matchAll(LINK)) {
    const text = trimLink(match[0]);
    if (!isHttpUrl(text)) continue;
    pushText(parts, body.slice(start, match.index), labels);
    parts.push({ kind: 'link', text, href: text });
    start = match.index + text.length;
  }
  pushText(parts, body.slice(start), labels);
  return parts;
}
