import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import { assertReviewerCanSeeOpportunity, canReviewerSeeOpportunity } from './policy';

describe('reviewer opportunity policy', () => {
  it('lets reviewers see published opportunities only', () => {
    expect(canReviewerSeeOpportunity({ status: 'published' })).toBe(true);
    expect(canReviewerSeeOpportunity({ status: 'draft' })).toBe(false);
    expect(canReviewerSeeOpportunity({ status: 'archived' })).toBe(false);
  });

  it('answers drafts, archived and unknown opportunities alike with 404', () => {
    for (const opportunity of [undefined, { status: 'draft' }, { status: 'archived' }]) {
      let thrown: unknown;
      try {
        assertReviewerCanSeeOpportunity(opportunity);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(HttpError);
      expect(thrown).toMatchObject({ statusCode: 404, message: 'Opportunity not found' });
    }
    expect(() => assertReviewerCanSeeOpportunity({ status: 'published' })).not.toThrow();
  });
});
