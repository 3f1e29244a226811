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
