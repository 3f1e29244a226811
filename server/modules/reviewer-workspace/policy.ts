import { notFound } from '../../http/errors';
import type { CallerCycle } from './queries';

/** The only opportunity status a reviewer may see or work on (CONTRACT.md "Reviewers and opportunities"). */
export const REVIEWER_VISIBLE_STATUS = 'published' as const;

export const OPPORTUNITY_NOT_FOUND = 'Opportunity not found';

/**
 * `isInScope: false` is an opportunity outside the caller's scope: in 'assigned' mode, one not
 * assigned to them (issue 18). It answers like an unpublished one.
 */
export function canReviewerSeeOpportunity(opportunity: {
  status: string;
  isInScope?: boolean;
}): boolean {
  return opportunity.status === REVIEWER_VISIBLE_STATUS && opportunity.isInScope !== false;
}

/**
 * Answers a draft, archived, unknown or (in 'assigned' mode) unassigned opportunity alike with
 * 404, so that a reviewer cannot tell any of them from one that does not exist.
 */
export function assertReviewerCanSeeOpportunity<T extends { status: string; isInScope?: boolean }>(
  opportunity: T | undefined,
): asserts opportunity is T {
  if (!opportunity || !canReviewerSeeOpportunity(opportunity)) {
    throw notFound(OPPORTUNITY_NOT_FOUND);
  }
}

/** In scope: every opportunity in 'open' mode, only assigned ones in 'assigned' mode. */
export function isInScope(cycle: Pick<CallerCycle, 'assignedMode' | 'isAssigned'>): boolean {
  return !cycle.assignedMode || cycle.isAssigned;
}
