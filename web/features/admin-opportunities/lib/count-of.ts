/** '1 review', '12 reviews': a count with its noun, for the deletion's confirmation and toast. */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
