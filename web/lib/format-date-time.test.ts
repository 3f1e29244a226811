import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime, utcOffsetOf } from './format-date';

const originalTimeZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTimeZone;
});

describe('formatDateTime', () => {
  it("writes the instant in the browser's zone with that date's offset", () => {
    process.env.TZ = 'Europe/Paris';
    expect(formatDateTime('2026-12-15T16:00:00.000Z')).toBe('Dec 15, 2026, 17:00 (UTC+01:00)');
    expect(formatDateTime('2026-07-01T07:30:00.000Z')).toBe('Jul 1, 2026, 09:30 (UTC+02:00)');
    process.env.TZ = 'America/St_Johns';
    expect(formatDateTime('2026-12-15T16:00:00.000Z')).toBe('Dec 15, 2026, 12:30 (UTC-03:30)');
    process.env.TZ = 'UTC';
    expect(formatDateTime(new Date('2026-12-15T16:00:00.000Z'))).toBe('Dec 15, 2026, 16:00 (UTC)');
  });

  it('writes offsets as ISO 8601 does', () => {
    process.env.TZ = 'Asia/Kolkata';
    expect(utcOffsetOf(new Date('2026-12-15T16:00:00.000Z'))).toBe('+05:30');
  });
});
