const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function count(amount: number, unit: string): string {
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/**
 * A duration as the two largest whole units that say it ('2 days 4 hours', '3 hours 5 minutes',
 * '12 minutes'), rounded down so that a countdown never promises more time than is left; under a
 * minute, 'less than a minute'.
 */
export function formatTimeLeft(ms: number): string {
  if (ms < MINUTE) return 'less than a minute';
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (days > 0)
    return hours > 0 ? `${count(days, 'day')} ${count(hours, 'hour')}` : count(days, 'day');
  if (hours > 0) {
    return minutes > 0
      ? `${count(hours, 'hour')} ${count(minutes, 'minute')}`
      : count(hours, 'hour');
  }
  return count(minutes, 'minute');
}
