import { describe, expect, it } from 'vitest';
import { exactMean4 } from './describe-scores';

describe('exact rounded means', () => {
  it('round half away from zero on the exact mean, as PostgreSQL round(numeric, 4)', () => {
    // 1/32 = 0.03125 -> 0.0313; 1/160 = 0.00625 (one fifth of a point over 32 reviews) -> 0.0063.
    expect(exactMean4(1, 32)).toBe(0.0313);
    expect(exactMean4(1, 160)).toBe(0.0063);
    expect(exactMean4(-1, 160)).toBe(-0.0063);
    expect(exactMean4(17, 5 * 3)).toBe(1.1333);
    // 160 composites summing to 163 fifths: mean 0.20375, which floating point rounds down.
    expect(Math.round((163 / 800) * 10_000) / 10_000).toBe(0.2037);
    expect(exactMean4(163, 5 * 160)).toBe(0.2038);
    expect(exactMean4(0, 4)).toBe(0);
  });
});
