import type { ReviewerActivityPoint } from './analytics-data';

/** Reviewers per page of the activity chart: every name stays readable under its bars. */
export const ACTIVITY_PAGE_SIZE = 25;

export const ACTIVITY_SORTS = [
  { id: 'name', label: 'Name' },
  { id: 'reviews-desc', label: 'Most reviews' },
  { id: 'reviews-asc', label: 'Fewest reviews' },
  { id: 'average-desc', label: 'Highest average' },
  { id: 'average-asc', label: 'Lowest average' },
] as const;
export type ActivitySort = (typeof ACTIVITY_SORTS)[number]['id'];

/**
 * The reviewers in `sort` order. 'name' keeps the server's order (by name); ties keep it too, and
 * reviewers without an average come last in both average orders.
 */
export function sortReviewerActivity(
  points: ReviewerActivityPoint[],
  sort: ActivitySort,
): ReviewerActivityPoint[] {
  if (sort === 'name') return points;
  const byAverage = (direction: 1 | -1) => (a: ReviewerActivityPoint, b: ReviewerActivityPoint) => {
    if (a.avgComposite === null || b.avgComposite === null) {
      return (a.avgComposite === null ? 1 : 0) - (b.avgComposite === null ? 1 : 0);
    }
    return direction * (a.avgComposite - b.avgComposite);
  };
  const compare = {
    'reviews-desc': (a: ReviewerActivityPoint, b: ReviewerActivityPoint) =>
      b.reviewCount - a.reviewCount,
    'reviews-asc': (a: ReviewerActivityPoint, b: ReviewerActivityPoint) =>
      a.reviewCount - b.reviewCount,
    'average-desc': byAverage(-1),
    'average-asc': byAverage(1),
  }[sort];
  return [...points].sort(compare);
}

/** Page `page` (from 0, clamped) of the sorted reviewers, and what the pager says about it. */
export function activityPage(points: ReviewerActivityPoint[], page: number) {
  const pages = Math.max(1, Math.ceil(points.length / ACTIVITY_PAGE_SIZE));
  const current = Math.min(Math.max(0, page), pages - 1);
  const start = current * ACTIVITY_PAGE_SIZE;
  const items = points.slice(start, start + ACTIVITY_PAGE_SIZE);
  return {
    items,
    page: current,
    pages,
    label: `Reviewers ${start + 1}–${start + items.length} of ${points.length}`,
  };
}
