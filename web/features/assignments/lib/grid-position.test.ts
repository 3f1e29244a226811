import { describe, expect, it } from 'vitest';
import { clampPosition, nextPosition } from './grid-position';

const size = { rows: 3, cols: 4 };

describe('grid position', () => {
  it('moves one step with the arrows and stops at the edges and at the corner', () => {
    expect(nextPosition({ row: 1, col: 1 }, 'ArrowRight', size)).toEqual({ row: 1, col: 2 });
    expect(nextPosition({ row: 1, col: 1 }, 'ArrowDown', size)).toEqual({ row: 2, col: 1 });
    expect(nextPosition({ row: 1, col: 1 }, 'ArrowUp', size)).toEqual({ row: 0, col: 1 });
    expect(nextPosition({ row: 1, col: 1 }, 'ArrowLeft', size)).toEqual({ row: 1, col: 0 });
    expect(nextPosition({ row: 1, col: 0 }, 'ArrowUp', size)).toBeNull();
    expect(nextPosition({ row: 0, col: 1 }, 'ArrowLeft', size)).toBeNull();
    expect(nextPosition({ row: 3, col: 4 }, 'ArrowDown', size)).toBeNull();
    expect(nextPosition({ row: 3, col: 4 }, 'ArrowRight', size)).toBeNull();
    expect(nextPosition({ row: 1, col: 1 }, 'a', size)).toBeNull();
  });

  it('goes to the ends of a row with Home and End, and of the grid with Ctrl', () => {
    expect(nextPosition({ row: 2, col: 3 }, 'Home', size)).toEqual({ row: 2, col: 0 });
    expect(nextPosition({ row: 0, col: 3 }, 'Home', size)).toEqual({ row: 0, col: 1 });
    expect(nextPosition({ row: 2, col: 1 }, 'End', size)).toEqual({ row: 2, col: 4 });
    expect(nextPosition({ row: 2, col: 3 }, 'Home', size, true)).toEqual({ row: 1, col: 1 });
    expect(nextPosition({ row: 1, col: 1 }, 'End', size, true)).toEqual({ row: 3, col: 4 });
    expect(nextPosition({ row: 0, col: 3 }, 'Home', { rows: 0, cols: 4 }, true)).toEqual({
      row: 0,
      col: 1,
    });
  });

  it('keeps the tab stop inside a grid that shrank', () => {
    expect(clampPosition({ row: 9, col: 9 }, size)).toEqual({ row: 3, col: 4 });
    expect(clampPosition({ row: 2, col: 2 }, { rows: 0, cols: 3 })).toEqual({ row: 0, col: 2 });
    // Down to the corner (a header row's last column gone): the first header instead.
    expect(clampPosition({ row: 0, col: 2 }, { rows: 4, cols: 0 })).toEqual({ row: 1, col: 0 });
  });
});
