import { describe, expect, it } from 'vitest';
import { nextCell } from './heatmap-keys';

const key = (name: string, modifiers: { ctrlKey?: boolean; altKey?: boolean } = {}) => ({
  key: name,
  ctrlKey: modifiers.ctrlKey ?? false,
  metaKey: false,
  altKey: modifiers.altKey ?? false,
});
const table = { rows: 200, columns: 50, page: 10 };

describe('nextCell', () => {
  it('moves one cell with the arrows and stops at the edges', () => {
    expect(nextCell(key('ArrowDown'), { row: 3, column: 4 }, table)).toEqual({ row: 4, column: 4 });
    expect(nextCell(key('ArrowUp'), { row: 3, column: 4 }, table)).toEqual({ row: 2, column: 4 });
    expect(nextCell(key('ArrowLeft'), { row: 3, column: 4 }, table)).toEqual({ row: 3, column: 3 });
    expect(nextCell(key('ArrowRight'), { row: 3, column: 4 }, table)).toEqual({
      row: 3,
      column: 5,
    });
    expect(nextCell(key('ArrowUp'), { row: 0, column: 0 }, table)).toEqual({ row: 0, column: 0 });
    expect(nextCell(key('ArrowRight'), { row: 199, column: 49 }, table)).toEqual({
      row: 199,
      column: 49,
    });
  });

  it('goes to the row ends with Home/End and the table corners with Ctrl', () => {
    expect(nextCell(key('Home'), { row: 7, column: 9 }, table)).toEqual({ row: 7, column: 0 });
    expect(nextCell(key('End'), { row: 7, column: 9 }, table)).toEqual({ row: 7, column: 49 });
    expect(nextCell(key('Home', { ctrlKey: true }), { row: 7, column: 9 }, table)).toEqual({
      row: 0,
      column: 0,
    });
    expect(nextCell(key('End', { ctrlKey: true }), { row: 7, column: 9 }, table)).toEqual({
      row: 199,
      column: 49,
    });
  });

  it('pages by the given rows, clamped', () => {
    expect(nextCell(key('PageDown'), { row: 5, column: 2 }, table)).toEqual({ row: 15, column: 2 });
    expect(nextCell(key('PageUp'), { row: 5, column: 2 }, table)).toEqual({ row: 0, column: 2 });
    expect(nextCell(key('PageDown'), { row: 195, column: 2 }, table)).toEqual({
      row: 199,
      column: 2,
    });
  });

  it('ignores other keys, Alt, and an empty table', () => {
    expect(nextCell(key('a'), { row: 0, column: 0 }, table)).toBeNull();
    expect(nextCell(key('Tab'), { row: 0, column: 0 }, table)).toBeNull();
    expect(nextCell(key('ArrowDown', { altKey: true }), { row: 0, column: 0 }, table)).toBeNull();
    expect(nextCell(key('ArrowDown'), { row: 0, column: 0 }, { ...table, rows: 0 })).toBeNull();
  });
});
