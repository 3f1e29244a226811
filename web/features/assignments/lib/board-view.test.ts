import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CellState,
  cellStateOf,
  cellStateOfCode,
  filterOpportunities,
  filterReviewers,
  indexBoard,
  pageOf,
  pairsIn,
  reviewedAmong,
  rowCodes,
} from './board-view';

const reviewer = (id: string, name: string, email = `${id}@example.com`) => ({
  id,
  name,
  displayName: null,
  email,
  assigned: 0,
  reviewed: 0,
});
const opportunity = (id: string, number: number, batch: string | null = null) => ({
  id,
  number,
  title: `Opportunity ${number}`,
  status: 'published' as const,
  batch,
  assigned: 0,
  reviewed: 0,
});
const conflict = (reviewerId: string, opportunityId: string) => ({
  id: `${reviewerId}-${opportunityId}`,
  reviewerId,
  opportunityId,
  reason: null,
  declaredBy: 'reviewer' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('board view', () => {
  const index = indexBoard({
    assignments: [
      { reviewerId: 'r1', opportunityId: 'o1', hasReview: true },
      { reviewerId: 'r1', opportunityId: 'o2', hasReview: false },
      { reviewerId: 'r2', opportunityId: 'o2', hasReview: false },
    ],
    conflicts: [conflict('r2', 'o2'), conflict('r2', 'o3')],
  });

  it('tells each cell state apart, a conflict first', () => {
    expect(cellStateOf(index, 'r1', 'o1')).toBe('reviewed');
    expect(cellStateOf(index, 'r1', 'o2')).toBe('assigned');
    expect(cellStateOf(index, 'r1', 'o3')).toBe('none');
    expect(cellStateOf(index, 'r2', 'o2')).toBe('conflict-assigned');
    expect(cellStateOf(index, 'r2', 'o3')).toBe('conflict');
  });

  it("writes a row's cells as one code each, which read back as the same states", () => {
    const columns = ['o1', 'o2', 'o3'].map((id, i) => opportunity(id, i + 1));
    for (const id of ['r1', 'r2', 'r3']) {
      const codes = rowCodes(index, id, columns);
      expect(codes).toHaveLength(3);
      expect([...codes].map(cellStateOfCode)).toEqual(
        columns.map((column) => cellStateOf(index, id, column.id)),
      );
    }
    expect(rowCodes(index, 'r2', columns)).toBe('.xc');
  });

  it('lists the pairs in the wanted states, and counts the reviewed among them', () => {
    const rows = [{ id: 'r1' }, { id: 'r2' }];
    const columns = [{ id: 'o1' }, { id: 'o2' }, { id: 'o3' }];
    const assigned: CellState[] = ['assigned', 'reviewed', 'conflict-assigned'];
    const pairs = pairsIn(index, rows, columns, assigned);
    expect(pairs).toEqual([
      { reviewerId: 'r1', opportunityId: 'o1' },
      { reviewerId: 'r1', opportunityId: 'o2' },
      { reviewerId: 'r2', opportunityId: 'o2' },
    ]);
    expect(reviewedAmong(index, pairs)).toBe(1);
    expect(pairsIn(index, rows, columns, ['none'])).toEqual([
      { reviewerId: 'r1', opportunityId: 'o3' },
      { reviewerId: 'r2', opportunityId: 'o1' },
    ]);
  });

  it('filters reviewers by name, display name or email, in any case', () => {
    const list = [
      reviewer('a', 'Amara Okafor', 'amara@uni.test'),
      { ...reviewer('b', 'Benjamin Hartley'), displayName: 'Ben' },
      reviewer('c', 'Chen Wei', 'cw@labs.test'),
    ];
    expect(filterReviewers(list, '  okaf ').map((r) => r.id)).toEqual(['a']);
    expect(filterReviewers(list, 'BEN').map((r) => r.id)).toEqual(['b']);
    expect(filterReviewers(list, 'labs.test').map((r) => r.id)).toEqual(['c']);
    expect(filterReviewers(list, '').map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('filters opportunities by exact batch', () => {
    const list = [
      opportunity('1', 1, 'Spring'),
      opportunity('2', 2, 'Spring 2'),
      opportunity('3', 3),
    ];
    expect(filterOpportunities(list, 'Spring').map((o) => o.id)).toEqual(['1']);
    expect(filterOpportunities(list, '').map((o) => o.id)).toEqual(['1', '2', '3']);
  });

  it('pages every item exactly once, in order, with the positions it says', () => {
    fc.assert(
      fc.property(fc.nat(120), fc.integer({ min: 1, max: 30 }), (count, size) => {
        const items = Array.from({ length: count }, (_, i) => i);
        const { pageCount } = pageOf(items, 0, size);
        const seen: number[] = [];
        for (let page = 0; page < pageCount; page += 1) {
          const shown = pageOf(items, page, size);
          expect(shown.page).toBe(page);
          if (count > 0) expect(shown.items).toEqual(items.slice(shown.from - 1, shown.to));
          seen.push(...shown.items);
        }
        expect(seen).toEqual(items);
        // A page past the end (the list shrank under a filter) shows the last one.
        expect(pageOf(items, pageCount + 3, size).page).toBe(pageCount - 1);
      }),
    );
  });
});
