const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/** An ISO timestamp as a short calendar date ('Nov 22, 2026'). */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}
