import { percentileBand } from '@shared/decisions';
import { describe, expect, it } from 'vitest';
import { decisionFlagsOf } from './evidence';

describe('decisionFlagsOf', () => {
  it('flags a declined or waitlisted one only when its whole interval lies within the top A', () => {
    expect(decisionFlagsOf('declined', { low: 1, high: 3 }, 3)).toEqual(['ranked-above-accepted']);
    expect(decisionFlagsOf('waitlisted', { low: 2, high: 2 }, 3)).toEqual([
      'ranked-above-accepted',
    ]);
    // Straddling place A: not sure enough to contradict.
    expect(decisionFlagsOf('declined', { low: 2, high: 4 }, 3)).toEqual([]);
    expect(decisionFlagsOf('shortlisted', { low: 1, high: 1 }, 3)).toEqual([]);
    expect(decisionFlagsOf('withdrawn', { low: 1, high: 1 }, 3)).toEqual([]);
  });

  it('flags an accepted one only when its whole interval lies below place A', () => {
    expect(decisionFlagsOf('accepted', { low: 4, high: 9 }, 3)).toEqual(['ranked-below-declined']);
    expect(decisionFlagsOf('accepted', { low: 3, high: 9 }, 3)).toEqual([]);
    expect(decisionFlagsOf('accepted', { low: 1, high: 2 }, 3)).toEqual([]);
  });

  it('flags nothing without an interval or without an accepted one', () => {
    expect(decisionFlagsOf('declined', null, 3)).toEqual([]);
    expect(decisionFlagsOf('declined', { low: 1, high: 1 }, 0)).toEqual([]);
  });
});

describe('percentileBand', () => {
  it('names the smallest band that holds the rank, never more flattering than the rank', () => {
    expect(percentileBand(1, 50)).toBe('top 10%');
    expect(percentileBand(5, 50)).toBe('top 10%');
    expect(percentileBand(6, 50)).toBe('top 20%');
    expect(percentileBand(11, 50)).toBe('top 25%');
    expect(percentileBand(13, 50)).toBe('top 50%');
    expect(percentileBand(26, 50)).toBe('the lower half');
    expect(percentileBand(1, 3)).toBe('top 50%');
    expect(percentileBand(2, 3)).toBe('the lower half');
    expect(percentileBand(null, 50)).toBeNull();
  });
});
