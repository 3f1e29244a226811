import { createHash } from 'node:crypto';
import type { AutoAssignPlan, AutoAssignRequest } from '@shared/review-cycle-schemas';
import type { Database } from '../../db/client';
import { conflict } from '../../http/errors';
import { lockReviewCycle } from '../review-cycle/lock';
import { planAutoAssign } from './auto-assign';
import { readAutoAssignInput } from './queries';
import { type AssignmentChangeContext, assignPairs } from './service';

export const PLAN_CHANGED_MESSAGE =
  'The assignments, conflicts or reviewers changed since the preview: preview again before applying';

/**
 * Auto-assign's preview and apply (POST /api/admin/assignments/auto). The fingerprint is a hash
 * of everything the plan is computed from (the request and the input rows), so an apply that
 * names the preview's fingerprint applies exactly the plan that was shown, or answers 409. Apply
 * reads the input under the review cycle lock and writes the plan in the same transaction.
 */
export async function autoAssign(
  db: Database,
  request: AutoAssignRequest,
  context: AssignmentChangeContext,
): Promise<AutoAssignPlan> {
  const plan = async (tx: Pick<Database, 'execute'>) => {
    const input = await readAutoAssignInput(tx, { batch: request.batch });
    const settings = {
      perOpportunity: request.perOpportunity,
      maxPerReviewer: request.maxPerReviewer,
      batch: request.batch ?? null,
    };
    const fingerprint = createHash('sha256')
      .update(JSON.stringify({ settings, input }))
      .digest('base64url');
    const result = planAutoAssign({
      ...input,
      perOpportunity: request.perOpportunity,
      maxPerReviewer: request.maxPerReviewer,
    });
    return { fingerprint, result, settings };
  };

  if (!request.apply) {
    const { fingerprint, result } = await db.transaction(plan, {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    return { fingerprint, applied: false, ...result };
  }
  return db.transaction(async (tx) => {
    await lockReviewCycle(tx);
    const { fingerprint, result, settings } = await plan(tx);
    if (request.fingerprint !== undefined && request.fingerprint !== fingerprint) {
      throw conflict(PLAN_CHANGED_MESSAGE);
    }
    await assignPairs(tx, result.added, {
      ...context,
      action: 'assignment.auto_assign',
      details: { ...settings, unplaced: result.unplaced },
    });
    return { fingerprint, applied: true, ...result };
  });
}
