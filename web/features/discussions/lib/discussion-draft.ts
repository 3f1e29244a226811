import type { DiscussionPerson } from '@shared/discussion-schemas';

/**
 * The post being written for one opportunity's thread, kept in sessionStorage until it is posted,
 * so that a reload (or leaving the page and coming back in this tab) finds it again. `picked` are
 * the people chosen from the mention list, whose handles go out while their `@Label` stays.
 */
export type PostDraft = { body: string; picked: DiscussionPerson[] };

export const EMPTY_DRAFT: PostDraft = { body: '', picked: [] };

const keyOf = (opportunityId: string) => `assay.discussion-draft.${opportunityId}`;

const isPerson = (value: unknown): value is DiscussionPerson =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as DiscussionPerson).handle === 'string' &&
  typeof (value as DiscussionPerson).label === 'string';

export function readPostDraft(opportunityId: string): PostDraft {
  try {
    const raw = sessionStorage.getItem(keyOf(opportunityId));
    if (!raw) return EMPTY_DRAFT;
    const parsed = JSON.parse(raw) as Partial<PostDraft>;
    return {
      body: typeof parsed.body === 'string' ? parsed.body : '',
      picked: Array.isArray(parsed.picked) ? parsed.picked.filter(isPerson) : [],
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

export function writePostDraft(opportunityId: string, draft: PostDraft): void {
  try {
    if (draft.body === '') sessionStorage.removeItem(keyOf(opportunityId));
    else sessionStorage.setItem(keyOf(opportunityId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the draft still lives in the editor while the page is open.
  }
}
