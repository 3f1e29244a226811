import type { Comment, Review } from '@shared/reviewer-schemas';
import { apiJson } from '@web/lib/api-client';
import type { ReviewPayload } from '../lib/review-values';

/** SPEC.md section 7: a save posts the review, then the comments. */
export async function postReviewAndComments(
  opportunityId: string,
  payload: ReviewPayload,
): Promise<void> {
  await apiJson<Review>('POST', '/api/reviewer/reviews', { opportunityId, ...payload.scores });
  await apiJson<Comment>('POST', '/api/reviewer/comments', { opportunityId, ...payload.comments });
}
