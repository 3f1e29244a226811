import { describe, expect, it } from 'vitest';
import { krippendorffAlpha, reliabilityOf } from './krippendorff-alpha';

// The reliability data of Krippendorff, "Computing Krippendorff's Alpha-Reliability" (2011):
// four observers, twelve units, missing values (null). Unit 12 has a single value and is dropped.
const OBSERVERS = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
  [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
];
const UNITS = OBSERVERS[0]!.map((_, unit) =>
  OBSERVERS.map((values) => values[unit]).filter((value): value is number => value != null),
);

describe('Krippendorff alpha', () => {
  it('reproduces the canonical example: interval 0.849, nominal 0.743', () => {
    expect(krippendorffAlpha(UNITS, 'interval')!.toFixed(3)).toBe('0.849');
    expect(krippendorffAlpha(UNITS, 'nominal')!.toFixed(3)).toBe('0.743');
  });

  it('does not depend on the order of units or of values within a unit', () => {
    const shuffled = [...UNITS].reverse().map((unit) => [...unit].reverse());
    expect(krippendorffAlpha(shuffled)).toBeCloseTo(krippendorffAlpha(UNITS)!, 12);
  });

  it('is 1 for perfect agreement and about 0 or below for values unrelated to the unit', () => {
    expect(
      krippendorffAlpha([
        [1, 1],
        [3, 3, 3],
        [5, 5],
      ]),
    ).toBe(1);
    expect(
      krippendorffAlpha([
        [1, 5],
        [5, 1],
        [1, 5],
        [5, 1],
      ]),
    ).toBeLessThan(0);
  });

  it('is undefined without a unit of two values or without variation', () => {
    expect(krippendorffAlpha([])).toBeNull();
    expect(krippendorffAlpha([[3], [4], [5]])).toBeNull();
    expect(krippendorffAlpha([[3, 3], [3, 3, 3], [1]])).toBeNull();
  });

  it('reads alpha as reliable from 0.800, tentative from 0.667, otherwise unreliable', () => {
    expect(reliabilityOf(null)).toEqual({ alpha: null, reading: 'not-enough-data' });
    expect(reliabilityOf(0.8).reading).toBe('reliable');
    expect(reliabilityOf(0.79996).reading).toBe('reliable'); // shown as 0.8000
    expect(reliabilityOf(0.7999).reading).toBe('tentative');
    expect(reliabilityOf(0.667).reading).toBe('tentative');
    expect(reliabilityOf(0.6669).reading).toBe('unreliable');
    expect(reliabilityOf(-0.2)).toEqual({ alpha: -0.2, reading: 'unreliable' });
  });
});
