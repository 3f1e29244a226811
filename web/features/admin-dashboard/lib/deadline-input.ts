import { parseDeadline } from '@shared/review-clock';
import { utcOffsetOf } from '@web/lib/format-date';

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const pad = (value: number) => String(value).padStart(2, '0');

/** A Date's local date and time as a datetime-local input writes them ('2026-12-15T17:00'). */
function localFieldsOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A datetime-local input's value as the deadline the server takes: that local time with the
 * browser's UTC offset on that date (not today's: a December deadline set in July carries
 * winter time), '2026-12-15T17:00:00+01:00'. Null for an empty or unreadable value. A time that
 * a clock change skips (02:30 on the spring-forward night) is the instant the browser reads it
 * as, written with the fields and offset of that instant, so the text and the instant agree.
 */
export function deadlineFromLocalInput(value: string): string | null {
  const match = LOCAL_INPUT.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s = '0'] = match;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(date.getTime())) return null;
  return `${localFieldsOf(date)}:${pad(date.getSeconds())}${utcOffsetOf(date)}`;
}

/** The deadline as set, in the browser's time zone, for the datetime-local input; '' for none. */
export function localInputFromDeadline(deadline: string | null): string {
  const at = deadline ? parseDeadline(deadline) : null;
  return at ? localFieldsOf(at) : '';
}
