import type { LetterEditor, PutLetterInput } from '@shared/decision-schemas';
import {
  LETTER_COMMENT_FIELDS,
  LETTER_DEFAULT_FIELDS,
  type LetterCommentField,
} from '@shared/decisions';

export type LetterSource = LetterEditor['sources'][number];

/** One comment's place in the letter as the editor holds it. */
export type ItemDraft = { included: boolean; text: string };

export const itemKey = (reviewerId: string, field: LetterCommentField) => `${reviewerId}/${field}`;

/** The saved letter's items by their key. */
export function initialDrafts(items: LetterEditor['items']): Map<string, ItemDraft> {
  return new Map(
    items.map((item) => [
      itemKey(item.reviewerId, item.field),
      { included: true, text: item.text },
    ]),
  );
}

/** A comment's text, or null when the reviewer left the field empty. */
export function commentOf(source: LetterSource, field: LetterCommentField): string | null {
  const text = source.fields[field];
  return text?.trim() ? text : null;
}

/** The fields the editor offers for one reviewer: the defaults (all with `showAll`), and any included. */
export function offeredFields(
  source: LetterSource,
  showAll: boolean,
  isIncluded: (field: LetterCommentField) => boolean,
): LetterCommentField[] {
  return LETTER_COMMENT_FIELDS.filter(
    (field) =>
      commentOf(source, field) !== null &&
      (showAll || LETTER_DEFAULT_FIELDS.includes(field) || isIncluded(field)),
  );
}

/** True when the letter's text of a comment is not the reviewer's (an admin redacted it). */
export function isRedacted(text: string, original: string | null): boolean {
  return text.trim() !== (original ?? '').trim();
}

/**
 * The PUT body: the included comments in the order of the reviewers and of the form's fields, or
 * the problem that stops it (an included comment left empty).
 */
export function letterBody(
  sources: readonly LetterSource[],
  drafts: ReadonlyMap<string, ItemDraft>,
  message: string,
  includeBand: boolean,
): { body: PutLetterInput } | { problem: string } {
  const items: { reviewerId: string; field: LetterCommentField; text: string }[] = [];
  for (const source of sources) {
    for (const field of LETTER_COMMENT_FIELDS) {
      const draft = drafts.get(itemKey(source.reviewerId, field));
      if (!draft?.included) continue;
      const text = draft.text.trim();
      if (!text) {
        return {
          problem: `${source.label}'s comment is empty: leave it out instead`,
        };
      }
      items.push({ reviewerId: source.reviewerId, field, text });
    }
  }
  return { body: { message, includeBand, items } };
}
