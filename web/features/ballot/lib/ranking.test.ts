import { describe, expect, it } from 'vitest';
import { ordinal } from './ordinal';
import {
  canMoveDown,
  canMoveUp,
  canTieWithAbove,
  canUntie,
  dropAt,
  moveDown,
  moveUp,
  placesOf,
  rank,
  rankingOf,
  tieWithAbove,
  unrank,
  untie,
} from './ranking';

describe('ranking changes', () => {
  const ranking = [['a'], ['b', 'c'], ['d']];

  it('moves a candidate alone past the group above or below it', () => {
    expect(moveUp(ranking, 'd')).toEqual([['a'], ['d'], ['b', 'c']]);
    expect(moveDown(ranking, 'a')).toEqual([['b', 'c'], ['a'], ['d']]);
    expect(canMoveUp(ranking, 'a')).toBe(false);
    expect(canMoveDown(ranking, 'd')).toBe(false);
  });

  it('takes a tied candidate out of its tie, above or below it', () => {
    expect(moveUp(ranking, 'c')).toEqual([['a'], ['c'], ['b'], ['d']]);
    expect(moveDown(ranking, 'b')).toEqual([['a'], ['c'], ['b'], ['d']]);
    expect(untie(ranking, 'b')).toEqual([['a'], ['c'], ['b'], ['d']]);
    expect(canUntie(ranking, 'a')).toBe(false);
    expect(canUntie(ranking, 'b')).toBe(true);
  });

  it('ties with the group above, dropping a group left empty', () => {
    expect(tieWithAbove(ranking, 'd')).toEqual([['a'], ['b', 'c', 'd']]);
    expect(tieWithAbove(ranking, 'b')).toEqual([['a', 'b'], ['c'], ['d']]);
    expect(canTieWithAbove(ranking, 'a')).toBe(false);
  });

  it('ranks last and unranks', () => {
    expect(rank(ranking, 'e')).toEqual([['a'], ['b', 'c'], ['d'], ['e']]);
    expect(unrank(ranking, 'a')).toEqual([['b', 'c'], ['d']]);
    expect(unrank(ranking, 'b')).toEqual([['a'], ['c'], ['d']]);
  });

  it('drops into a group, between groups and out of the ranking', () => {
    expect(dropAt(ranking, 'a', { kind: 'group', index: 2 })).toEqual([
      ['b', 'c'],
      ['d', 'a'],
    ]);
    expect(dropAt(ranking, 'a', { kind: 'gap', index: 2 })).toEqual([['b', 'c'], ['a'], ['d']]);
    expect(dropAt(ranking, 'e', { kind: 'gap', index: 0 })).toEqual([['e'], ...ranking]);
    expect(dropAt(ranking, 'e', { kind: 'group', index: 0 })).toEqual([
      ['a', 'e'],
      ['b', 'c'],
      ['d'],
    ]);
    expect(dropAt(ranking, 'c', { kind: 'unranked' })).toEqual([['a'], ['b'], ['d']]);
    expect(dropAt(ranking, 'b', { kind: 'group', index: 1 })).toEqual(ranking);
  });

  it('numbers places by the candidates above and cleans a saved ranking', () => {
    expect(placesOf(ranking)).toEqual([1, 2, 4]);
    expect(rankingOf([['x', 'a'], ['a'], ['b']], ['a', 'b'])).toEqual([['a'], ['b']]);
  });

  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 103].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '103rd',
    ]);
  });
});
