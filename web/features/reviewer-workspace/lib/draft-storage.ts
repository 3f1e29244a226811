import { CRITERION_KEYS } from '@shared/criteria';
import { SCORE_MAX, SCORE_MIN } from '@shared/limits';
import {
  COMMENT_FIELDS,
  emptyComments,
  type PartialScores,
  type ReviewValues,
  sameValues,
} from './review-values';

/*
 * Unsaved input of one reviewer for one opportunity, kept in localStorage until the server has
 * it, so partial scores and comment text survive a reload, a crash or a closed tab.
 */

const PREFIX = 'assay.review-draft';

export type DraftKey = { userId: string; opportunityId: string };

export function draftStorageKey({ userId, opportunityId }: DraftKey): string {
  return `${PREFIX}.${userId}.${opportunityId}`;
}

export function writeDraft(key: DraftKey, values: ReviewValues): void {
  try {
    localStorage.setItem(
      draftStorageKey(key),
      JSON.stringify({ ...values, savedAt: new Date().toISOString() }),
    );
  } catch {
    // Storage full or disabled: the visible save state still tells the reviewer what is saved.
  }
}

/** The stored draft, or null when none or unreadable; invalid parts are dropped. */
export function readDraft(key: DraftKey): ReviewValues | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(draftStorageKey(key));
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { scores?: unknown; comments?: unknown };
    const scores: PartialScores = {};
    const storedScores = (parsed.scores ?? {}) as Record<string, unknown>;
    for (const criterion of CRITERION_KEYS) {
      const value = storedScores[criterion];
      if (
        Number.isInteger(value) &&
        (value as number) >= SCORE_MIN &&
        (value as number) <= SCORE_MAX
      )
        scores[criterion] = value as number;
    }
    const comments = { ...emptyComments };
    const storedComments = (parsed.comments ?? {}) as Record<string, unknown>;
    for (const { key: field } of COMMENT_FIELDS) {
      const value = storedComments[field];
      if (typeof value === 'string') comments[field] = value;
    }
    return { scores, comments };
  } catch {
    return null;
  }
}

export function clearDraft(key: DraftKey): void {
  try {
    localStorage.removeItem(draftStorageKey(key));
  } catch {
    // Nothing stored then.
  }
}

/** Removes the draft only if it holds exactly `values`: newer input stays until it is saved. */
export function clearDraftIfSaved(key: DraftKey, values: ReviewValues): void {
  const draft = readDraft(key);
  if (draft && sameValues(draft, values)) clearDraft(key);
}
