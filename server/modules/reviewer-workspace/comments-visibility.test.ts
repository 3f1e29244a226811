import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commentsVisibilityOf, reviewerLabel } from './comments-visibility';

describe('reviewerLabel', () => {
  it('names the first comments A..Z, then AA, AB, ... like spreadsheet columns', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(reviewerLabel)).toEqual([
      'Reviewer A',
      'Reviewer B',
      'Reviewer Z',
      'Reviewer AA',
      'Reviewer AB',
      'Reviewer AZ',
      'Reviewer BA',
      'Reviewer ZZ',
      'Reviewer AAA',
    ]);
  });

  it('gives every index its own label, read back to the index (a second implementation)', () => {
    const indexOf = (label: string) =>
      [...label.replace('Reviewer ', '')].reduce((n, c) => n * 26 + (c.charCodeAt(0) - 64), 0) - 1;
    fc.assert(
      fc.property(fc.nat(1_000_000), (index) => {
        const label = reviewerLabel(index);
        expect(label).toMatch(/^Reviewer [A-Z]+$/);
        expect(indexOf(label)).toBe(index);
      }),
    );
  });
});

describe('commentsVisibilityOf', () => {
  const base = {
    hasConflict: false,
    showReviewerComments: true,
    commentsAfterOwnReview: false,
    hasOwnReview: false,
  };

  it('follows the spec switch when nothing else is on', () => {
    expect(commentsVisibilityOf(base)).toBe('visible');
    expect(commentsVisibilityOf({ ...base, showReviewerComments: false })).toBe('disabled');
  });

  it('hides until the own review with "after own review", then shows', () => {
    expect(commentsVisibilityOf({ ...base, commentsAfterOwnReview: true })).toBe(
      'after_own_review',
    );
    expect(
      commentsVisibilityOf({ ...base, commentsAfterOwnReview: true, hasOwnReview: true }),
    ).toBe('visible');
  });

  it('closes them on a conflict whatever else is set, and never shows them with the switch off', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), (show, after, reviewed) => {
        const input = {
          showReviewerComments: show,
          commentsAfterOwnReview: after,
          hasOwnReview: reviewed,
        };
        expect(commentsVisibilityOf({ ...input, hasConflict: true })).toBe('conflict');
        const open = commentsVisibilityOf({ ...input, hasConflict: false });
        expect(open === 'visible').toBe(show && (!after || reviewed));
      }),
    );
  });
});
