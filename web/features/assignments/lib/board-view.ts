import type { AssignmentBoard, AssignmentPair, Conflict } from '@shared/review-cycle-schemas';

export type BoardReviewer = AssignmentBoard['reviewers'][number];
export type BoardOpportunity = AssignmentBoard['opportunities'][number];

/** What one reviewer x opportunity cell of the board shows. */
export type CellState = 'none' | 'assigned' | 'reviewed' | 'conflict' | 'conflict-assigned';

/**
 * One character per cell: a row's cells as a string, which a memoised row compares in one step,
 * so that a change re-renders only the rows it touches (25 rows x 50 cells on a page).
 */
const CODE: Record<CellState, string> = {
  none: '.',
  assigned: 'a',
  reviewed: 'r',
  conflict: 'c',
  'conflict-assigned': 'x',
};
const STATE_OF_CODE = Object.fromEntries(
  Object.entries(CODE).map(([state, code]) => [code, state as CellState]),
) as Record<string, CellState>;

export function cellStateOfCode(code: string): CellState {
  return STATE_OF_CODE[code] ?? 'none';
}

/** What a screen reader hears for a cell, after the reviewer and the opportunity. */
export const CELL_STATE_TEXT: Record<CellState, string> = {
  none: 'not assigned',
  assigned: 'assigned, not reviewed yet',
  reviewed: 'assigned, reviewed',
  conflict: 'conflict of interest',
  'conflict-assigned': 'conflict of interest, still assigned',
};

export const pairKey = (reviewerId: string, opportunityId: string) =>
  `${reviewerId}:${opportunityId}`;

export type BoardIndex = {
  assignments: Map<string, { hasReview: boolean }>;
  conflicts: Map<string, Conflict>;
};

/** The board's assignments and conflicts by pair, for constant-time cell look-ups. */
export function indexBoard(board: Pick<AssignmentBoard, 'assignments' | 'conflicts'>): BoardIndex {
  const assignments = new Map<string, { hasReview: boolean }>();
  for (const a of board.assignments) {
    assignments.set(pairKey(a.reviewerId, a.opportunityId), { hasReview: a.hasReview });
  }
  const conflicts = new Map<string, Conflict>();
  for (const c of board.conflicts) conflicts.set(pairKey(c.reviewerId, c.opportunityId), c);
  return { assignments, conflicts };
}

export function cellStateOf(index: BoardIndex, reviewerId: string, opportunityId: string) {
  const key = pairKey(reviewerId, opportunityId);
  const assignment = index.assignments.get(key);
  if (index.conflicts.has(key)) return assignment ? 'conflict-assigned' : 'conflict';
  if (!assignment) return 'none';
  return assignment.hasReview ? 'reviewed' : 'assigned';
}

/** A reviewer's cells across `opportunities`, one CODE character each. */
export function rowCodes(
  index: BoardIndex,
  reviewerId: string,
  opportunities: readonly BoardOpportunity[],
): string {
  let codes = '';
  for (const opportunity of opportunities) {
    codes += CODE[cellStateOf(index, reviewerId, opportunity.id)];
  }
  return codes;
}

export const isAssignedState = (state: CellState) =>
  state === 'assigned' || state === 'reviewed' || state === 'conflict-assigned';

/** Reviewers whose name, display name or email contains `query` (any case). */
export function filterReviewers(
  reviewers: readonly BoardReviewer[],
  query: string,
): BoardReviewer[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...reviewers];
  return reviewers.filter((reviewer) =>
    [reviewer.name, reviewer.displayName ?? '', reviewer.email].some((text) =>
      text.toLocaleLowerCase().includes(needle),
    ),
  );
}

/** The value of the batch filter that keeps every opportunity. */
export const ALL_BATCHES = '';

export function filterOpportunities(
  opportunities: readonly BoardOpportunity[],
  batch: string,
): BoardOpportunity[] {
  if (batch === ALL_BATCHES) return [...opportunities];
  return opportunities.filter((opportunity) => opportunity.batch === batch);
}

/** One page of `items` (pages count from 0; a page past the end shows the last one). */
export function pageOf<T>(items: readonly T[], page: number, size: number) {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(0, page), pageCount - 1);
  const start = current * size;
  return {
    items: items.slice(start, start + size),
    page: current,
    pageCount,
    /** 1-based positions of the first and last item shown (0 and 0 when there are none). */
    from: items.length === 0 ? 0 : start + 1,
    to: Math.min(items.length, start + size),
  };
}

/** The pairs of `reviewers` x `opportunities` in the given states. */
export function pairsIn(
  index: BoardIndex,
  reviewers: readonly { id: string }[],
  opportunities: readonly { id: string }[],
  states: readonly CellState[],
): AssignmentPair[] {
  const pairs: AssignmentPair[] = [];
  for (const reviewer of reviewers) {
    for (const opportunity of opportunities) {
      if (states.includes(cellStateOf(index, reviewer.id, opportunity.id))) {
        pairs.push({ reviewerId: reviewer.id, opportunityId: opportunity.id });
      }
    }
  }
  return pairs;
}

/** Of `pairs`, how many are assignments the reviewer already reviewed. */
export function reviewedAmong(index: BoardIndex, pairs: readonly AssignmentPair[]): number {
  return pairs.filter(
    (pair) => index.assignments.get(pairKey(pair.reviewerId, pair.opportunityId))?.hasReview,
  ).length;
}

export const opportunityLabel = (opportunity: Pick<BoardOpportunity, 'number' | 'title'>) =>
  `#${opportunity.number} ${opportunity.title}`;

/** A status other than published, said beside the number: reviewers do not see the opportunity. */
export function statusNote(opportunity: Pick<BoardOpportunity, 'status'>): string {
  return opportunity.status === 'published' ? '' : ` (${opportunity.status})`;
}
