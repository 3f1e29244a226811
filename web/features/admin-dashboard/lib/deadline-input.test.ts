import { parseDeadline } from '@shared/review-clock';
import { afterEach, describe, expect, it } from 'vitest';
import { deadlineFromLocalInput, localInputFromDeadline } from './deadline-input';

const originalTimeZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTimeZone;
});

describe('the deadline input', () => {
  it("writes the local time with the browser's offset on that date", () => {
    process.env.TZ = 'Europe/Paris';
    expect(deadlineFromLocalInput('2026-12-15T17:00')).toBe('2026-12-15T17:00:00+01:00');
    expect(deadlineFromLocalInput('2026-07-01T09:30')).toBe('2026-07-01T09:30:00+02:00');
    process.env.TZ = 'America/Los_Angeles';
    expect(deadlineFromLocalInput('2026-12-15T08:00')).toBe('2026-12-15T08:00:00-08:00');
    process.env.TZ = 'UTC';
    expect(deadlineFromLocalInput('2026-12-15T16:00')).toBe('2026-12-15T16:00:00+00:00');
  });

  it('writes a time the clock change skips as the instant the browser reads it as', () => {
    process.env.TZ = 'Europe/Paris';
    const written = deadlineFromLocalInput('2026-03-29T02:30')!;
    expect(parseDeadline(written)?.getTime()).toBe(new Date(2026, 2, 29, 2, 30).getTime());
  });

  it('refuses what is not a date and time', () => {
    expect(deadlineFromLocalInput('')).toBeNull();
    expect(deadlineFromLocalInput('2026-12-15')).toBeNull();
  });

  it("shows a deadline set in another zone in the browser's", () => {
    process.env.TZ = 'Europe/Paris';
    expect(localInputFromDeadline('2026-12-15T11:00:00-05:00')).toBe('2026-12-15T17:00');
    expect(localInputFromDeadline(null)).toBe('');
  });
});
