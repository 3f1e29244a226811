/** '1 review', '12 reviews', '3 opportunities': a count with its noun, for confirmations and toasts. */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}
