/**
 * The review clock (issue 34): the phase, the deadline and the reminder offsets, without zod, so
 * that pages which only show the clock load no schema (decision 0026). The server validates with
 * the same functions (review-clock-schemas.ts wraps them), so a value means one thing on both
 * sides.
 */

/** 'open' (default: the spec's behaviour) or 'closed': no reviewer write is accepted. */
export const REVIEW_PHASE = 'review_phase';
/** An ISO 8601 instant with an offset, or '' (none, the default). */
export const REVIEW_DEADLINE = 'review_deadline';
/** Offsets before the deadline ('7d,2d,6h'), or '' (no reminders, the default). */
export const REVIEW_REMINDERS = 'review_reminders';

export const REVIEW_PHASES = ['open', 'closed'] as const;
export type ReviewPhase = (typeof REVIEW_PHASES)[number];

export const MAX_REMINDER_OFFSETS = 10;

/** The longest offset accepted: a year, so that a send time is always a representable instant. */
const MAX_OFFSET_MINUTES = 366 * 24 * 60;

export const DEADLINE_FORMAT_MESSAGE =
  'Deadline must be an ISO 8601 date and time with an offset, such as 2026-12-15T17:00:00+01:00, or empty';
export const REMINDERS_FORMAT_MESSAGE = `Reminders must be up to ${MAX_REMINDER_OFFSETS} offsets before the deadline, each a positive whole number with d, h or m, separated by commas (such as 7d,2d,6h), or empty`;
export const PHASE_VALUE_MESSAGE = "Value must be 'open' or 'closed'";

// Date, time to the minute, optional seconds and fraction, then Z or an offset: what PostgreSQL's
// timestamptz input reads as the same instant, and nothing it would read in the session's zone.
// Years 1000-9999, as the database's reading (assay_instant, migration 0005) takes them.
const INSTANT_PATTERN =
  /^([1-9]\d{3})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * The instant a deadline names, or null when the text is not a valid ISO 8601 instant with an
 * offset (a day that does not exist, 24:00, an offset beyond 15:59, no offset at all).
 */
export function parseDeadline(text: string): Date | null {
  const match = INSTANT_PATTERN.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s = '0', fraction = '0', zone, oh, om] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  const civil = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (civil.getUTCMonth() !== month - 1 || civil.getUTCDate() !== day) return null;
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    if (Number(oh) > 15 || Number(om) > 59) return null;
    offsetMinutes = (zone!.startsWith('-') ? -1 : 1) * (Number(oh) * 60 + Number(om));
  }
  const ms = Math.floor(Number(`0.${fraction}`) * 1000);
  return new Date(civil.getTime() + ms - offsetMinutes * 60_000);
}

/** The deadline's own UTC offset in minutes ('+01:00' is 60, 'Z' is 0), for showing it as set. */
export function deadlineOffsetMinutes(text: string): number {
  const match = INSTANT_PATTERN.exec(text);
  if (!match || match[8] === 'Z') return 0;
  return (match[8]!.startsWith('-') ? -1 : 1) * (Number(match[9]) * 60 + Number(match[10]));
}

export type ReminderOffset = {
  /** As written in the setting, normalised ('7d', '6h', '30m'). */
  label: string;
  minutes: number;
};

const UNIT_MINUTES = { d: 24 * 60, h: 60, m: 1 } as const;

/**
 * The offsets of `review_reminders`, longest first and without repeats (the same time written
 * twice, '1d,24h', is one reminder), or null when the text is not a list of offsets. '' is [].
 */
export function parseReminderOffsets(text: string): ReminderOffset[] | null {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const parts = trimmed.split(',').map((part) => part.trim().toLowerCase());
  if (parts.length > MAX_REMINDER_OFFSETS) return null;
  const byMinutes = new Map<number, ReminderOffset>();
  for (const part of parts) {
    const match = /^(\d{1,6})([dhm])$/.exec(part);
    if (!match) return null;
    const amount = Number(match[1]);
    const minutes = amount * UNIT_MINUTES[match[2] as keyof typeof UNIT_MINUTES];
    if (amount < 1 || minutes > MAX_OFFSET_MINUTES) return null;
    if (!byMinutes.has(minutes)) byMinutes.set(minutes, { label: `${amount}${match[2]}`, minutes });
  }
  return [...byMinutes.values()].sort((a, b) => b.minutes - a.minutes);
}

/** The offset as words: '7d' -> '7 days', '1h' -> '1 hour'. */
export function describeOffset(label: string): string {
  const match = /^(\d+)([dhm])$/.exec(label);
  if (!match) return label;
  const amount = Number(match[1]);
  const unit = { d: 'day', h: 'hour', m: 'minute' }[match[2] as 'd' | 'h' | 'm'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** The message of a reviewer write refused while reviewing is closed (409). */
export function reviewingClosedMessage(closedAt: Date): string {
  return `Reviewing closed on ${formatUtcInstant(closedAt)}`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * A deadline in words at its own offset, as the admin set it: '2026-12-15T17:00:00+01:00' reads
 * 'Tuesday 15 December 2026, 17:00 (UTC+01:00)'. Null for text that is not a deadline.
 */
export function formatDeadlineInWords(text: string): string | null {
  const at = parseDeadline(text);
  if (!at) return null;
  const offset = deadlineOffsetMinutes(text);
  const civil = new Date(at.getTime() + offset * 60_000);
  const hh = String(civil.getUTCHours()).padStart(2, '0');
  const mm = String(civil.getUTCMinutes()).padStart(2, '0');
  const sign = offset < 0 ? '-' : '+';
  const oh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const om = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${WEEKDAYS[civil.getUTCDay()]} ${civil.getUTCDate()} ${MONTHS[civil.getUTCMonth()]} ${civil.getUTCFullYear()}, ${hh}:${mm} (UTC${sign}${oh}:${om})`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** '15 December 2026, 16:00 UTC': an instant in words that every reader reads the same way. */
export function formatUtcInstant(at: Date): string {
  const hh = String(at.getUTCHours()).padStart(2, '0');
  const mm = String(at.getUTCMinutes()).padStart(2, '0');
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${hh}:${mm} UTC`;
}
