/**
 * The order of every 'top opportunities by composite' list (docs/figures.md): highest average
 * composite first (as rounded to 4 decimals, the value the lists show), then more reviews, then
 * the lower number. The dashboard's SQL orders the same way; this is the order the web client
 * sorts the analytics rows in.
 */
export type CompositeRanked = { number: number; reviewCount: number; avgComposite: number };

export function compareByCompositeRank(a: CompositeRanked, b: CompositeRanked): number {
  return b.avgComposite - a.avgComposite || b.reviewCount - a.reviewCount || a.number - b.number;
}
