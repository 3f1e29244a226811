/** Rounds to the 4 decimals of every number in the results (and of numeric(10,4) composites). */
export function round4(value: number): number {
  const rounded = Math.round(value * 10_000) / 10_000;
  return rounded === 0 ? 0 : rounded; // no -0
}

/**
 * Ranks 1..n (highest value first) of the entries that are not NaN; null for NaN. Entries are in
 * opportunity-number order, and ties go to the lower number: values are compared at the 4
 * decimals shown, so two means that differ only by floating-point noise count as tied.
 */
export function rankDescending(values: ArrayLike<number>): Array<number | null> {
  const order = Array.from({ length: values.length }, (_, index) => index)
    .filter((index) => !Number.isNaN(values[index]!))
    .sort((a, b) => round4(values[b]!) - round4(values[a]!) || a - b);
  const ranks: Array<number | null> = Array.from({ length: values.length }, () => null);
  order.forEach((index, position) => {
    ranks[index] = position + 1;
  });
  return ranks;
}
