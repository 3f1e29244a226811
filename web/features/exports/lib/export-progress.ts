import { lazyValue } from '@web/lib/lazy-value';

/** How much of an export has arrived; `total` only when the server said how long it is. */
export type ExportProgress = { received: number; total: number | null };

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;
const oneDecimal = lazyValue(() => new Intl.NumberFormat('en', { maximumFractionDigits: 1 }));

/** Bytes for people: '512 B', '1.2 KB', '3.4 MB' (binary multiples, as file managers show). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : oneDecimal().format(value)} ${UNITS[unit]}`;
}

/** Whole percent received, capped at 100; null without a known, non-zero total. */
export function percentOf({ received, total }: ExportProgress): number | null {
  if (!total) return null;
  return Math.min(100, Math.floor((received / total) * 100));
}

/** '1.2 MB received', or '1.2 MB of 3.4 MB (35%)' when the total is known. */
export function exportProgressText(progress: ExportProgress): string {
  const percent = percentOf(progress);
  const received = formatBytes(progress.received);
  return percent === null || progress.total === null
    ? `${received} received`
    : `${received} of ${formatBytes(progress.total)} (${percent}%)`;
}
