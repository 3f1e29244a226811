import { type ALL, ListFilters, SelectFilter } from '@web/components/ui/list-filters';
import { SearchInput } from '@web/components/ui/search-input';

export type ReviewerStatusFilter = typeof ALL | 'active' | 'inactive';

const statusOptions = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** Search (name, email, display name) and the Active/Inactive filter. */
export function ReviewerListControls({
  query,
  onQueryChange,
  status,
  onStatusChange,
  shown,
  total,
  isLoading,
}: {
  query: string;
  onQueryChange: (query: string) => void;
  status: ReviewerStatusFilter;
  onStatusChange: (status: ReviewerStatusFilter) => void;
  shown: number;
  total: number;
  /** The list is still loading: the count is left blank. */
  isLoading?: boolean;
}) {
  return (
    <ListFilters shown={shown} total={total} isLoading={isLoading}>
      <SearchInput
        className="w-full sm:w-72"
        aria-label="Search reviewers"
        placeholder="Search name or email..."
        value={query}
        onValueChange={onQueryChange}
      />
      <SelectFilter
        id="reviewer-status-filter"
        label="Status"
        allLabel="All Statuses"
        options={statusOptions}
        value={status}
        onValueChange={(value) => onStatusChange(value as ReviewerStatusFilter)}
      />
    </ListFilters>
  );
}
