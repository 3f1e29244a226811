import type { AssignmentBoard } from '@shared/review-cycle-schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { patchBoard } from './board-patch';
import { pairKey } from './board-view';

const ids = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}`);

/** A board whose counts are worked out from its assignments, as the server's are. */
function boardOf(
  reviewerIds: string[],
  opportunityIds: string[],
  assignments: AssignmentBoard['assignments'],
): AssignmentBoard {
  const countOf = (pick: (a: AssignmentBoard['assignments'][number]) => boolean) => ({
    assigned: assignments.filter(pick).length,
    reviewed: assignments.filter((a) => pick(a) && a.hasReview).length,
  });
  return {
    mode: 'assigned',
    batches: [],
    reviewers: reviewerIds.map((id) => ({
      id,
      name: id,
      displayName: null,
      email: `${id}@example.com`,
      ...countOf((a) => a.reviewerId === id),
    })),
    opportunities: opportunityIds.map((id, i) => ({
      id,
      number: i + 1,
      title: id,
      status: 'published' as const,
      batch: null,
      ...countOf((a) => a.opportunityId === id),
    })),
    assignments,
    conflicts: [],
  };
}

const reviewerIds = ids('r', 4);
const opportunityIds = ids('o', 3);
const pairArb = fc.record({
  reviewerId: fc.constantFrom(...reviewerIds),
  opportunityId: fc.constantFrom(...opportunityIds),
});
const assignmentsArb = fc
  .uniqueArray(fc.record({ pair: pairArb, hasReview: fc.boolean() }), {
    selector: ({ pair }) => pairKey(pair.reviewerId, pair.opportunityId),
    maxLength: 12,
  })
  .map((rows) => rows.map(({ pair, hasReview }) => ({ ...pair, hasReview })));

describe('patching the board after a change the server accepted', () => {
  it('gives the board the server would answer: the same pairs, counts worked out afresh', () => {
    fc.assert(
      fc.property(
        assignmentsArb,
        fc.array(pairArb, { maxLength: 8 }),
        fc.constantFrom('add' as const, 'remove' as const),
        (assignments, pairs, change) => {
          const before = boardOf(reviewerIds, opportunityIds, assignments);
          const patched = patchBoard(before, pairs, change);
          const asked = new Set(pairs.map((p) => pairKey(p.reviewerId, p.opportunityId)));
          const expected =
            change === 'add'
              ? [
                  ...assignments,
                  ...[...asked]
                    .filter(
                      (key) =>
                        !assignments.some((a) => pairKey(a.reviewerId, a.opportunityId) === key),
                    )
                    .map((key) => {
                      const [reviewerId, opportunityId] = key.split(':') as [string, string];
                      return { reviewerId, opportunityId, hasReview: false };
                    }),
                ]
              : assignments.filter((a) => !asked.has(pairKey(a.reviewerId, a.opportunityId)));
          const sortKey = (a: { reviewerId: string; opportunityId: string }) =>
            pairKey(a.reviewerId, a.opportunityId);
          expect(
            [...patched.assignments].sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
          ).toEqual([...expected].sort((a, b) => sortKey(a).localeCompare(sortKey(b))));
          expect(patched).toEqual(boardOf(reviewerIds, opportunityIds, patched.assignments));
        },
      ),
    );
  });

  it('returns the same board when nothing changes', () => {
    const board = boardOf(reviewerIds, opportunityIds, [
      { reviewerId: 'r0', opportunityId: 'o0', hasReview: true },
    ]);
    expect(patchBoard(board, [{ reviewerId: 'r0', opportunityId: 'o0' }], 'add')).toBe(board);
    expect(patchBoard(board, [{ reviewerId: 'r1', opportunityId: 'o0' }], 'remove')).toBe(board);
  });
});
