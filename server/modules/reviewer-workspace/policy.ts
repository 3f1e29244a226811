import { notFound } from '../../http/errors';

/** The only opportunity status a reviewer may see or work on (CONTRACT.md "Reviewers and opportunities"). */
export const REVIEWER_VISIBLE_STATUS = 'published' as const;

export const OPPORTUNITY_NOT_FOUND = 'Opportunity not found';

export function canReviewerSeeOpportunity(opportunity: { status: string }): boolean {
  return opportunity.status === REVIEWER_VISIBLE_STATUS;
}

/**
 * Answers a draft, archived or unknown opportunity alike with 404, so that a reviewer cannot
 * tell an unpublished opportunity from one that does not exist.
 */
export function assertReviewerCanSeeOpportunity<T extends { status: string }>(
  opportunity: T | undefined,
): asserts opportunity is T {
  if (!opportunity || !canReviewerSeeOpportunity(opportunity)) {
    throw notFound(OPPORTUNITY_NOT_FOUND);
  }
}
