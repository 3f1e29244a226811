import { describe, expect, it } from 'vitest';
import { clearDraftIfSaved, draftStorageKey, readDraft, writeDraft } from './draft-storage';
import { emptyComments, type ReviewValues } from './review-values';

const key = { userId: 'user-1', opportunityId: 'opp-1' };
const values: ReviewValues = {
  scores: { strategicAlignment: 4, sustainability: 2 },
  comments: { ...emptyComments, challenges: 'Line one\nLine two' },
};

describe('draft storage', () => {
  it('keeps partial scores and comments per user and opportunity', () => {
    writeDraft(key, values);
    expect(readDraft(key)).toEqual(values);
    expect(readDraft({ ...key, userId: 'user-2' })).toBeNull();
    expect(readDraft({ ...key, opportunityId: 'opp-2' })).toBeNull();
  });

  it('drops what is not a valid score or text, and survives garbage', () => {
    localStorage.setItem(
      draftStorageKey(key),
      JSON.stringify({
        scores: { strategicAlignment: 9, sustainability: 3, x: 1 },
        comments: { challenges: 5 },
      }),
    );
    expect(readDraft(key)).toEqual({ scores: { sustainability: 3 }, comments: emptyComments });
    localStorage.setItem(draftStorageKey(key), '{not json');
    expect(readDraft(key)).toBeNull();
  });

  it('is cleared by a save of exactly its input only', () => {
    writeDraft(key, values);
    clearDraftIfSaved(key, { ...values, scores: { ...values.scores, sustainability: 3 } });
    expect(readDraft(key)).toEqual(values);
    clearDraftIfSaved(key, values);
    expect(readDraft(key)).toBeNull();
  });
});
