import { describe, expect, it } from 'vitest';
import { formatTimeLeft } from './format-time-left';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatTimeLeft', () => {
  it('says the two largest units, rounded down', () => {
    expect(formatTimeLeft(2 * DAY + 4 * HOUR + 59 * MINUTE)).toBe('2 days 4 hours');
    expect(formatTimeLeft(DAY)).toBe('1 day');
    expect(formatTimeLeft(DAY + HOUR)).toBe('1 day 1 hour');
    expect(formatTimeLeft(3 * HOUR + 5 * MINUTE + 59_000)).toBe('3 hours 5 minutes');
    expect(formatTimeLeft(HOUR)).toBe('1 hour');
    expect(formatTimeLeft(12 * MINUTE)).toBe('12 minutes');
    expect(formatTimeLeft(MINUTE)).toBe('1 minute');
    expect(formatTimeLeft(59_999)).toBe('less than a minute');
  });
});
