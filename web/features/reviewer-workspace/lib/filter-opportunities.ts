import type { ReviewerOpportunity, ReviewStatus } from '@shared/reviewer-schemas';

export type StatusFilter = 'all' | ReviewStatus;

export const STATUS_FILTER_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Status' },
  { value: 'not_started', label: 'Not Started' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'done', label: 'Done' },
];

export const isStatusFilter = (value: string): value is StatusFilter =>
  STATUS_FILTER_OPTIONS.some((option) => option.value === value);

/** Case-insensitive search over title and description, then the status filter. */
export function filterOpportunities(
  opportunities: readonly ReviewerOpportunity[],
  filters: { search: string; status: StatusFilter },
): ReviewerOpportunity[] {
  const needle = filters.search.trim().toLowerCase();
  return opportunities.filter(
    (opportunity) =>
      (filters.status === 'all' || opportunity.reviewStatus === filters.status) &&
      (needle === '' ||
        opportunity.title.toLowerCase().includes(needle) ||
        opportunity.description.toLowerCase().includes(needle)),
  );
}

export function isFiltering(filters: { search: string; status: StatusFilter }): boolean {
  return filters.search.trim() !== '' || filters.status !== 'all';
}

/** The opportunities before and after `id` in list order (null at the ends or when unknown). */
export function neighboursOf(
  opportunities: readonly ReviewerOpportunity[] | undefined,
  id: string,
): { previous: ReviewerOpportunity | null; next: ReviewerOpportunity | null } {
  const index = opportunities?.findIndex((o) => o.id === id) ?? -1;
  if (!opportunities || index < 0) return { previous: null, next: null };
  return {
    previous: opportunities[index - 1] ?? null,
    next: opportunities[index + 1] ?? null,
  };
}

/** "3.4000" -> "3.40". */
export function formatComposite(composite: string | number): string {
  return Number(composite).toFixed(2);
}
