import type {
  adminConflictSchema,
  Conflict,
  ownConflictSchema,
} from '@shared/review-cycle-schemas';
import type { z } from 'zod';
import type { ConflictRow, ConflictWithNamesRow } from './queries';

export function presentConflict(row: ConflictRow): Conflict {
  return {
    id: row.id,
    reviewerId: row.reviewerId,
    opportunityId: row.opportunityId,
    reason: row.reason,
    declaredBy: row.declaredBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentAdminConflict(
  row: ConflictWithNamesRow,
): z.infer<typeof adminConflictSchema> {
  return {
    ...presentConflict(row),
    reviewer: { name: row.reviewerName, email: row.reviewerEmail },
    opportunity: { number: row.opportunityNumber, title: row.opportunityTitle },
  };
}

/** The caller's own conflict, as the reviewer sees it. */
export function presentOwnConflict(row: ConflictRow): z.infer<typeof ownConflictSchema> {
  return { reason: row.reason, declaredAt: row.createdAt.toISOString() };
}
