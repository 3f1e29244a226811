const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * An ISO timestamp as a short calendar date in the browser's time zone ('Nov 22, 2026'): what
 * `Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' })` writes,
 * spelled out by hand (decision 0022). The first DateTimeFormat a page builds loads the browser's
 * date data, 40-55 ms of main thread on a desktop and four times that on a phone, in the task
 * that draws the page; the Date getters read the same time zone for nothing.
 */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/**
 * An instant as a date and time in the browser's time zone with that zone's UTC offset on that
 * date ('Dec 15, 2026, 17:00 (UTC+01:00)'), by hand like formatDate: a deadline read on a page
 * that otherwise formats nothing should not load the browser's date data for it. The offset
 * stands in for the zone's name, which only Intl knows, and leaves no doubt which 17:00 it is.
 */
export function formatDateTime(at: string | Date): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  const hh = String(date.getHours()).padStart(2, '0');
  const mm = String(date.getMinutes()).padStart(2, '0');
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}, ${hh}:${mm} (${utcOffsetLabel(date)})`;
}

/** The browser's UTC offset at `date` as '+01:00' / '-05:30' (what an ISO 8601 offset writes). */
export function utcOffsetOf(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function utcOffsetLabel(date: Date): string {
  return date.getTimezoneOffset() === 0 ? 'UTC' : `UTC${utcOffsetOf(date)}`;
}
