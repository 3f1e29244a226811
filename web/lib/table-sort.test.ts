import { describe, expect, it } from 'vitest';
import { compareSortValues, matchesSearch, nextSort, sortRows } from './table-sort';

describe('sortRows', () => {
  const rows = [
    { name: 'beta', n: 10, batch: null },
    { name: 'Alpha', n: 2, batch: 'B' },
    { name: 'gamma', n: 1, batch: 'a' },
  ];
  const sortValueOf = {
    name: (r: (typeof rows)[number]) => r.name,
    n: (r: (typeof rows)[number]) => r.n,
    batch: (r: (typeof rows)[number]) => r.batch,
  };

  it('sorts text without regard to case, numbers as numbers, either way', () => {
    const names = (key: 'name' | 'n', direction: 'ascending' | 'descending') =>
      sortRows(rows, { key, direction }, sortValueOf).map((r) => r.name);
    expect(names('name', 'ascending')).toEqual(['Alpha', 'beta', 'gamma']);
    expect(names('name', 'descending')).toEqual(['gamma', 'beta', 'Alpha']);
    expect(names('n', 'ascending')).toEqual(['gamma', 'Alpha', 'beta']);
  });

  it('puts empty values last in both directions', () => {
    for (const direction of ['ascending', 'descending'] as const) {
      expect(sortRows(rows, { key: 'batch', direction }, sortValueOf).at(-1)?.name).toBe('beta');
    }
    expect(compareSortValues('', 'x', 'descending')).toBe(1);
  });

  it('compares digits in text by value (#9 before #10)', () => {
    expect(compareSortValues('Batch 9', 'Batch 10', 'ascending')).toBeLessThan(0);
  });
});

describe('nextSort', () => {
  it('reverses the sorted column and starts another ascending', () => {
    expect(nextSort({ key: 'a', direction: 'ascending' }, 'a')).toEqual({
      key: 'a',
      direction: 'descending',
    });
    expect(nextSort({ key: 'a', direction: 'descending' }, 'a').direction).toBe('ascending');
    expect(nextSort({ key: 'a', direction: 'descending' }, 'b')).toEqual({
      key: 'b',
      direction: 'ascending',
    });
  });
});

describe('matchesSearch', () => {
  it('needs every word somewhere, in any case; an empty query matches all', () => {
    expect(matchesSearch('#12 Solar roofs Spring energy', 'solar SPRING')).toBe(true);
    expect(matchesSearch('#12 Solar roofs Spring energy', 'solar water')).toBe(false);
    expect(matchesSearch('anything', '   ')).toBe(true);
  });
});
