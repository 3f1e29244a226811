import type { Database } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { assertReviewingOpen } from '../review-clock/service';
import { lockReviewCycle } from '../review-cycle/lock';
import { assertReviewerCanSeeOpportunity } from '../reviewer-workspace/policy';
import { lockOpportunityStatus } from '../reviewer-workspace/save-queries';
import {
  type ConflictRow,
  deleteConflict,
  findConflictOfPair,
  findReviewerAndOpportunity,
  insertConflictIfNew,
} from './queries';

type Pair = { reviewerId: string; opportunityId: string };

export const CONFLICT_NOT_FOUND = 'Conflict not found';
export const REVIEWER_NOT_FOUND = 'Reviewer not found';
export const OPPORTUNITY_NOT_FOUND = 'Opportunity not found';

export const conflictAlreadyRecorded = (name: string, number: number) =>
  `${name} already has a conflict of interest with #${number}`;

/** What the audit log keeps of a conflict (its history once withdrawn). */
function auditedConflict(row: ConflictRow) {
  return {
    reviewerId: row.reviewerId,
    opportunityId: row.opportunityId,
    reason: row.reason,
    declaredBy: row.declaredBy,
    createdAt: row.createdAt,
  };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Inserts the pair's conflict unless it has one, and audits an insert as `action`: the new row,
 * or null when the pair already had a conflict (nothing written, nothing audited).
 */
async function insertAndAudit(
  tx: Transaction,
  params: Parameters<typeof insertConflictIfNew>[1],
  actor: AuditActor,
  action: 'conflict.declare' | 'conflict.record',
): Promise<ConflictRow | null> {
  const inserted = await insertConflictIfNew(tx, params);
  if (!inserted) return null;
  await recordAudit(tx, actor, {
    action,
    entityType: 'conflict',
    entityId: inserted.id,
    changes: { after: auditedConflict(inserted) },
  });
  return inserted;
}

/**
 * A reviewer declares a conflict with an opportunity they can see (else the one 404). Declaring
 * again changes nothing and answers the first declaration (idempotent: a double click or a retry
 * is not an error, and the first reason stands; only an admin withdraws).
 */
export async function declareConflict(
  db: Database,
  params: Pair & { reason: string | null },
  actor: AuditActor,
): Promise<ConflictRow> {
  return db.transaction(async (tx) => {
    await lockReviewCycle(tx);
    // Issue 34: a declaration is a reviewer write like a save, refused while reviewing is closed.
    await assertReviewingOpen(tx);
    assertReviewerCanSeeOpportunity(await lockOpportunityStatus(tx, params));
    const inserted = await insertAndAudit(
      tx,
      { ...params, declaredBy: 'reviewer', createdBy: params.reviewerId },
      actor,
      'conflict.declare',
    );
    return inserted ?? (await findConflictOfPair(tx, params))!;
  });
}

/** An admin records a conflict for a reviewer account (any opportunity status); 409 if the pair has one. */
export async function recordConflict(
  db: Database,
  params: Pair & { reason: string | null },
  actor: AuditActor,
): Promise<ConflictRow> {
  return db.transaction(async (tx) => {
    await lockReviewCycle(tx);
    const { reviewer, opportunity } = await findReviewerAndOpportunity(tx, params);
    if (!reviewer) throw notFound(REVIEWER_NOT_FOUND);
    if (!opportunity) throw notFound(OPPORTUNITY_NOT_FOUND);
    const inserted = await insertAndAudit(
      tx,
      { ...params, declaredBy: 'admin', createdBy: actor.userId },
      actor,
      'conflict.record',
    );
    if (!inserted) throw conflict(conflictAlreadyRecorded(reviewer.name, opportunity.number));
    return inserted;
  });
}

/** Withdraws (deletes) a conflict; the audit row keeps what it was. Admins only (the route's scope). */
export async function withdrawConflict(
  db: Database,
  id: string,
  actor: AuditActor,
): Promise<ConflictRow> {
  return db.transaction(async (tx) => {
    await lockReviewCycle(tx);
    const removed = await deleteConflict(tx, id);
    if (!removed) throw notFound(CONFLICT_NOT_FOUND);
    await recordAudit(tx, actor, {
      action: 'conflict.withdraw',
      entityType: 'conflict',
      entityId: id,
      changes: { before: auditedConflict(removed) },
    });
    return removed;
  });
}
