import type { AssignmentBoard, AssignmentPair } from '@shared/review-cycle-schemas';
import { pairKey } from './board-view';

/**
 * The board as the server now holds it after `pairs` were added or removed, worked out from the
 * board the screen has, so a cell shows its new state as soon as the server has said yes; the
 * refetch that follows brings the server's own figures. Pairs already in that state change
 * nothing; a removed pair's saved review leaves the reviewed counts with it.
 */
export function patchBoard(
  board: AssignmentBoard,
  pairs: readonly AssignmentPair[],
  change: 'add' | 'remove',
): AssignmentBoard {
  const existing = new Map(
    board.assignments.map((a) => [pairKey(a.reviewerId, a.opportunityId), a]),
  );
  const touched = new Map<
    string,
    { reviewerId: string; opportunityId: string; hasReview: boolean }
  >();
  for (const pair of pairs) {
    const key = pairKey(pair.reviewerId, pair.opportunityId);
    const current = existing.get(key);
    if (change === 'add' && !current) touched.set(key, { ...pair, hasReview: false });
    if (change === 'remove' && current) touched.set(key, current);
  }
  if (touched.size === 0) return board;
  const sign = change === 'add' ? 1 : -1;
  const delta = (pick: (a: { reviewerId: string; opportunityId: string }) => string) => {
    const counts = new Map<string, { assigned: number; reviewed: number }>();
    for (const a of touched.values()) {
      const entry = counts.get(pick(a)) ?? { assigned: 0, reviewed: 0 };
      entry.assigned += sign;
      if (a.hasReview) entry.reviewed += sign;
      counts.set(pick(a), entry);
    }
    return counts;
  };
  const byReviewer = delta((a) => a.reviewerId);
  const byOpportunity = delta((a) => a.opportunityId);
  const apply = <T extends { id: string; assigned: number; reviewed: number }>(
    row: T,
    counts: Map<string, { assigned: number; reviewed: number }>,
  ): T => {
    const change = counts.get(row.id);
    return change
      ? {
          ...row,
          assigned: row.assigned + change.assigned,
          reviewed: row.reviewed + change.reviewed,
        }
      : row;
  };
  return {
    ...board,
    reviewers: board.reviewers.map((r) => apply(r, byReviewer)),
    opportunities: board.opportunities.map((o) => apply(o, byOpportunity)),
    assignments:
      change === 'add'
        ? [...board.assignments, ...touched.values()]
        : board.assignments.filter((a) => !touched.has(pairKey(a.reviewerId, a.opportunityId))),
  };
}
