import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

// The second implementation: the Intl formatter formatDate stands in for (decision 0022).
const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

describe('formatDate', () => {
  it('writes the date as en-US short dates do', () => {
    expect(formatDate('2026-11-22T12:00:00.000Z')).toBe(
      intl.format(new Date('2026-11-22T12:00:00.000Z')),
    );
    expect(formatDate('2026-11-22T12:00:00.000Z')).toMatch(/^Nov 2[123], 2026$/);
  });

  it('agrees with Intl.DateTimeFormat on every day of four years, at every hour', () => {
    const start = Date.UTC(2024, 0, 1);
    for (let hour = 0; hour < 4 * 366 * 24; hour += 7) {
      const iso = new Date(start + hour * 3_600_000).toISOString();
      expect(formatDate(iso), iso).toBe(intl.format(new Date(iso)));
    }
  });
});
