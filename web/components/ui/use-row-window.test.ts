import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowWindowOf } from './use-row-window';

describe('rowWindowOf', () => {
  it('covers the rows in view plus the overscan', () => {
    // 36 px rows under a 40 px header, a 448 px viewport scrolled to 1,000 px.
    expect(
      rowWindowOf({
        count: 200,
        rowHeight: 36,
        headerHeight: 40,
        scrollTop: 1000,
        viewportHeight: 448,
        overscan: 4,
      }),
    ).toEqual({ first: 22, last: 44 });
    expect(
      rowWindowOf({ count: 200, rowHeight: 36, scrollTop: 0, viewportHeight: 448, overscan: 4 }),
    ).toEqual({ first: 0, last: 17 });
  });

  it('stays inside the list at its end and for short lists', () => {
    expect(
      rowWindowOf({ count: 200, rowHeight: 36, scrollTop: 7000, viewportHeight: 448, overscan: 4 }),
    ).toEqual({ first: 190, last: 200 });
    expect(
      rowWindowOf({ count: 2, rowHeight: 36, scrollTop: 0, viewportHeight: 448, overscan: 4 }),
    ).toEqual({ first: 0, last: 2 });
    expect(
      rowWindowOf({ count: 0, rowHeight: 36, scrollTop: 0, viewportHeight: 448, overscan: 4 }),
    ).toEqual({ first: 0, last: 0 });
  });

  it('always includes every row that is at least partly in view (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 0, max: 8 }),
        (count, scrollTop, viewportHeight, overscan) => {
          const rowHeight = 36;
          const headerHeight = 40;
          const range = rowWindowOf({
            count,
            rowHeight,
            headerHeight,
            scrollTop,
            viewportHeight,
            overscan,
          });
          expect(range.first).toBeGreaterThanOrEqual(0);
          expect(range.last).toBeLessThanOrEqual(count);
          expect(range.first).toBeLessThanOrEqual(range.last);
          // A second implementation: test every row's box against the viewport.
          for (let row = 0; row < count; row++) {
            const top = headerHeight + row * rowHeight;
            const visible =
              top + rowHeight > scrollTop + headerHeight && top < scrollTop + viewportHeight;
            if (visible) {
              expect(row).toBeGreaterThanOrEqual(range.first);
              expect(row).toBeLessThan(range.last);
            }
          }
          // And no more than the view and the overscan.
          expect(range.last - range.first).toBeLessThanOrEqual(
            Math.ceil(viewportHeight / rowHeight) + 1 + 2 * overscan,
          );
        },
      ),
    );
  });
});
