import type { CommentsVisibility } from '@shared/review-cycle-schemas';

/**
 * Whether others' comments reach this reviewer on this opportunity, and if not why (issue 18,
 * docs/review-cycle.md): a declared conflict closes them first, then the spec's switch, then
 * "only after the reviewer's own review" until the reviewer saved all five scores (a review row
 * exists only with all five).
 */
export function commentsVisibilityOf(input: {
  hasConflict: boolean;
  showReviewerComments: boolean;
  commentsAfterOwnReview: boolean;
  hasOwnReview: boolean;
}): CommentsVisibility {
  if (input.hasConflict) return 'conflict';
  if (!input.showReviewerComments) return 'disabled';
  if (input.commentsAfterOwnReview && !input.hasOwnReview) return 'after_own_review';
  return 'visible';
}

/**
 * The label that stands for a reviewer when names are hidden: 'Reviewer A' for the first comment
 * saved on the opportunity, ..., 'Reviewer Z', then 'Reviewer AA', 'Reviewer AB', ... (bijective
 * base 26, like spreadsheet columns), so every index has its own label.
 */
export function reviewerLabel(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return `Reviewer ${letters}`;
}
