import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

// The second implementation: the Intl formatting formatCount stands in for (decision 0026).
const intl = (value: number) => value.toLocaleString('en');

describe('formatCount', () => {
  it('groups thousands as English number formatting does', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(2000)).toBe('2,000');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(-12_345)).toBe('-12,345');
  });

  it('agrees with toLocaleString("en") from -10^7 to 10^12', () => {
    const values = [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
    for (let value = -10_000_000; value <= 10_000_000; value += 997) values.push(value);
    for (let power = 0; power <= 12; power++) {
      const base = 10 ** power;
      values.push(base - 1, base, base + 1, 7 * base + 3);
    }
    for (const value of values) expect(formatCount(value), String(value)).toBe(intl(value));
  });

  it('refuses a fraction rather than write it wrong', () => {
    expect(() => formatCount(1.5)).toThrow(RangeError);
  });
});
