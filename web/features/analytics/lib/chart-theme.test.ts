import { describe, expect, it } from 'vitest';
import { sideAxisLabel } from './chart-theme';

describe('sideAxisLabel', () => {
  it('turns a left title up and a right title down, inside the axis, centred on it', () => {
    expect(sideAxisLabel('Reviews', 'left')).toEqual({
      value: 'Reviews',
      angle: -90,
      position: 'insideLeft',
      fill: 'var(--muted-foreground)',
      fontSize: 12,
      style: { textAnchor: 'middle' },
    });
    expect(sideAxisLabel('Avg Score', 'right')).toMatchObject({
      value: 'Avg Score',
      angle: 90,
      position: 'insideRight',
    });
  });
});
