import { describe, expect, it } from 'vitest';
import { compositeOf, compositeOfPartial, toNumericText, weightedCompositeOf } from './scoring';
import { initialsOf, truncate } from './text';

const scores = {
  strategicAlignment: 4,
  sustainability: 3,
  technologyReadiness: 5,
  marketPotential: 2,
  businessPotential: 3,
};

describe('scoring', () => {
  it('composite is the plain mean', () => {
    expect(compositeOf(scores)).toBeCloseTo(3.4, 10);
    expect(toNumericText(compositeOf(scores))).toBe('3.4000');
    expect(toNumericText(compositeOf({ ...scores, businessPotential: 4 }))).toBe('3.6000');
  });

  it('partial scores have no composite', () => {
    expect(compositeOfPartial({ ...scores, marketPotential: null })).toBeNull();
    expect(compositeOfPartial(scores)).toBeCloseTo(3.4, 10);
  });

  it('weighted composite follows the export weighting', () => {
    // 0.35*2 + 0.25*5 + 0.25*3 + 0.15*((4+3)/2) = 0.7 + 1.25 + 0.75 + 0.525
    expect(weightedCompositeOf(scores)).toBeCloseTo(3.225, 10);
  });
});

describe('text', () => {
  it('truncates with an ellipsis only when longer', () => {
    expect(truncate('abcdef', 3)).toBe('abc...');
    expect(truncate('abc', 3)).toBe('abc');
  });

  it('initials take up to two words, with a fallback', () => {
    expect(initialsOf('ada king lovelace', 'AD')).toBe('AK');
    expect(initialsOf('  ', 'AD')).toBe('AD');
    expect(initialsOf(null, 'RE')).toBe('RE');
  });
});
