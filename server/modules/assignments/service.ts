import type { AssignmentPair } from '@shared/review-cycle-schemas';
import type { Database } from '../../db/client';
import { conflict, HttpError, notFound } from '../../http/errors';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { queueAssignmentEmails } from '../mail/notifications';
import { lockReviewCycle } from '../review-cycle/lock';
import {
  deleteAssignments,
  findAssignedWithWork,
  findConflictedPairs,
  findKnownIds,
  insertAssignments,
  type PairWithNames,
} from './queries';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Who changes assignments, and where the links of the emails it causes point. */
export type AssignmentChangeContext = { actor: AuditActor; publicUrl: string };

const pairKey = (pair: AssignmentPair) => `${pair.reviewerId}|${pair.opportunityId}`;

export function distinctPairs(pairs: readonly AssignmentPair[]): AssignmentPair[] {
  const seen = new Map<string, AssignmentPair>();
  for (const pair of pairs) {
    if (!seen.has(pairKey(pair))) {
      seen.set(pairKey(pair), { reviewerId: pair.reviewerId, opportunityId: pair.opportunityId });
    }
  }
  return [...seen.values()];
}

const listOf = (items: string[], max = 5) =>
  items.length <= max
    ? items.join(', ')
    : `${items.slice(0, max).join(', ')} and ${items.length - max} more`;

export const conflictedPairsMessage = (pairs: PairWithNames[]) =>
  `${pairs.length === 1 ? 'This reviewer has' : `${pairs.length} of these reviewers have`} a conflict of interest: ${listOf(
    pairs.map((p) => `${p.reviewerName} with #${p.opportunityNumber}`),
  )}. Nothing was assigned.`;

/**
 * Inserts the pairs and queues their emails, in the caller's transaction (which holds the review
 * cycle lock and has checked them): what add, import and auto-assign's apply share.
 */
export async function assignPairs(
  tx: Transaction,
  pairs: readonly AssignmentPair[],
  context: AssignmentChangeContext & { action: string; details?: Record<string, unknown> },
): Promise<{ added: AssignmentPair[]; alreadyAssigned: number }> {
  const added = await insertAssignments(tx, pairs, context.actor.userId);
  if (added.length > 0) {
    await recordAudit(tx, context.actor, {
      action: context.action,
      entityType: 'assignment',
      changes: {
        ...context.details,
        added: added.map((p) => [p.reviewerId, p.opportunityId]),
      },
    });
    await queueAssignmentEmails(tx, added, context.publicUrl);
  }
  return { added, alreadyAssigned: pairs.length - added.length };
}

/**
 * Adds assignments (idempotent: pairs already assigned are counted, not errors). Unknown
 * reviewers or opportunities are 404 and a pair with a conflict of interest 409, and then
 * nothing of the request is added.
 */
export async function addAssignments(
  db: Database,
  requested: readonly AssignmentPair[],
  context: AssignmentChangeContext,
): Promise<{ added: number; alreadyAssigned: number }> {
  const pairs = distinctPairs(requested);
  return db.transaction(async (tx) => {
    await lockReviewCycle(tx);
    const known = await findKnownIds(tx, {
      reviewerIds: [...new Set(pairs.map((p) => p.reviewerId))],
      opportunityIds: [...new Set(pairs.map((p) => p.opportunityId))],
    });
    const unknownReviewers = [...new Set(pairs.map((p) => p.reviewerId))].filter(
      (id) => !known.reviewerIds.has(id),
    );
    if (unknownReviewers.length > 0) {
      throw notFound(`Reviewer not found: ${listOf(unknownReviewers)}`);
    }
    const unknownOpportunities = [...new Set(pairs.map((p) => p.opportunityId))].filter(
      (id) => !known.opportunityIds.has(id),
    );
    if (unknownOpportunities.length > 0) {
      throw notFound(`Opportunity not found: ${listOf(unknownOpportunities)}`);
    }
    const conflicted = await findConflictedPairs(tx, pairs);
    if (conflicted.length > 0) throw conflict(conflictedPairsMessage(conflicted));
    const { added, alreadyAssigned } = await assignPairs(tx, pairs, {
      ...context,
      action: 'assignment.add',
    });
    return { added: added.length, alreadyAssigned };
  });
}

export const reviewedRemovalMessage = (count: number) =>
  `${count === 1 ? 'One of these assignments has' : `${count} of these assignments have`} a saved review or comment. Confirm to remove ${count === 1 ? 'it' : 'them'}: the work is kept, but while reviewers work on their assignments it is left out of every figure.`;

/**
 * Removes assignments (pairs not assigned are skipped). When a removed pair already has the
 * reviewer's review or comment, the call needs `confirmReviewed` (otherwise 409 with how many, and
 * nothing is removed): the work is never deleted, and in 'assigned' mode it leaves the figures.
 */
export async function removeAssignments(
  db: Database,
  input: { pairs: readonly AssignmentPair[]; confirmReviewed?: boolean | undefined },
  actor: AuditActor,
): Promise<{ removed: number; reviewsExcluded: number }> {
  const pairs = distinctPairs(input.pairs);
  return db.transaction(async (tx) => {
    await lockReviewCycle(tx);
    const assigned = await findAssignedWithWork(tx, pairs);
    const withWork = assigned.filter((p) => p.hasReview || p.hasComment);
    if (withWork.length > 0 && !input.confirmReviewed) {
      throw new HttpError(409, reviewedRemovalMessage(withWork.length), undefined, {
        reviewed: withWork.length,
      });
    }
    const removed = await deleteAssignments(tx, assigned);
    const reviewsExcluded = assigned.filter((p) => p.hasReview).length;
    if (removed > 0) {
      await recordAudit(tx, actor, {
        action: 'assignment.remove',
        entityType: 'assignment',
        changes: {
          removed: assigned.map((p) => [p.reviewerId, p.opportunityId]),
          withWork: withWork.map((p) => [p.reviewerId, p.opportunityId]),
          reviewsExcluded,
        },
      });
    }
    return { removed, reviewsExcluded };
  });
}
