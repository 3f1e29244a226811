import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROW_BLOCK, rowRange, rowSegments } from './row-window';

const uniform = (height: number) => () => height;

describe('rowRange', () => {
  it('answers the whole blocks that overlap the band', () => {
    // Rows of 50 px: the band 120-480 px covers rows 2 to 9, which lie in the first block.
    expect(rowRange(200, uniform(50), 120, 480)).toEqual({ start: 0, end: 10 });
    // 980-1520 px: rows 19 to 30, so blocks 1 to 3.
    expect(rowRange(200, uniform(50), 980, 1520)).toEqual({ start: 10, end: 40 });
  });

  it('stops at the last row, and keeps one block when the band lies past either end', () => {
    expect(rowRange(25, uniform(50), 900, 5000)).toEqual({ start: 10, end: 25 });
    expect(rowRange(25, uniform(50), 9000, 9500)).toEqual({ start: 20, end: 25 });
    expect(rowRange(25, uniform(50), -2000, -100)).toEqual({ start: 0, end: 10 });
    expect(rowRange(0, uniform(50), 0, 800)).toEqual({ start: 0, end: 0 });
  });

  it('follows rows of different heights', () => {
    // Rows 0-9 are 100 px, the rest 10 px: 1000 px is where row 10 starts.
    const height = (index: number) => (index < 10 ? 100 : 10);
    expect(rowRange(100, height, 1000, 1150)).toEqual({ start: 10, end: 30 });
  });

  it('always holds every row that overlaps the band (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 120 }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: -500, max: 20_000 }),
        fc.integer({ min: 0, max: 3000 }),
        (heights, top, span) => {
          const range = rowRange(heights.length, (i) => heights[i]!, top, top + span);
          expect(range.start % ROW_BLOCK).toBe(0);
          expect(range.end).toBeLessThanOrEqual(heights.length);
          expect(range.end).toBeGreaterThan(range.start);
          let y = 0;
          heights.forEach((height, index) => {
            if (y + height > top && y < top + span) {
              expect(index).toBeGreaterThanOrEqual(range.start);
              expect(index).toBeLessThan(range.end);
            }
            y += height;
          });
        },
      ),
    );
  });
});

describe('rowSegments', () => {
  it('puts gaps of the missing rows around the range', () => {
    expect(rowSegments(100, uniform(40), { start: 20, end: 40 }, null)).toEqual([
      { kind: 'gap', from: 0, to: 20, height: 800 },
      { kind: 'rows', from: 20, to: 40 },
      { kind: 'gap', from: 40, to: 100, height: 2400 },
    ]);
    expect(rowSegments(30, uniform(40), { start: 0, end: 30 }, null)).toEqual([
      { kind: 'rows', from: 0, to: 30 },
    ]);
  });

  it('adds the pinned row where it lies, before or after the range', () => {
    expect(rowSegments(100, uniform(10), { start: 50, end: 60 }, 3)).toEqual([
      { kind: 'gap', from: 0, to: 3, height: 30 },
      { kind: 'rows', from: 3, to: 4 },
      { kind: 'gap', from: 4, to: 50, height: 460 },
      { kind: 'rows', from: 50, to: 60 },
      { kind: 'gap', from: 60, to: 100, height: 400 },
    ]);
    expect(rowSegments(100, uniform(10), { start: 0, end: 10 }, 99)).toEqual([
      { kind: 'rows', from: 0, to: 10 },
      { kind: 'gap', from: 10, to: 99, height: 890 },
      { kind: 'rows', from: 99, to: 100 },
    ]);
    // Inside the range, or gone from the list: nothing more.
    expect(rowSegments(100, uniform(10), { start: 0, end: 10 }, 5)).toHaveLength(2);
    expect(rowSegments(100, uniform(10), { start: 0, end: 10 }, -1)).toHaveLength(2);
  });

  it('covers every row once, in order, the gaps as high as their rows (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 80 }), { minLength: 1, maxLength: 200 }),
        fc.nat(),
        fc.nat(),
        fc.option(fc.nat(), { nil: null }),
        (heights, a, b, pin) => {
          const count = heights.length;
          const start = a % count;
          const end = start + (b % (count - start + 1));
          const pinned = pin === null ? null : pin % count;
          const segments = rowSegments(count, (i) => heights[i]!, { start, end }, pinned);
          let next = 0;
          for (const segment of segments) {
            expect(segment.from).toBe(next);
            expect(segment.to).toBeGreaterThan(segment.from);
            if (segment.kind === 'gap') {
              const rows = heights.slice(segment.from, segment.to);
              expect(segment.height).toBe(rows.reduce((sum, h) => sum + h, 0));
            }
            next = segment.to;
          }
          expect(next).toBe(count);
          const drawn = segments.flatMap((segment) =>
            segment.kind === 'rows'
              ? Array.from({ length: segment.to - segment.from }, (_, i) => segment.from + i)
              : [],
          );
          for (let index = start; index < end; index++) expect(drawn).toContain(index);
          if (pinned !== null) expect(drawn).toContain(pinned);
          expect(drawn.length).toBe(
            end - start + (pinned !== null && (pinned < start || pinned >= end) ? 1 : 0),
          );
        },
      ),
    );
  });
});
