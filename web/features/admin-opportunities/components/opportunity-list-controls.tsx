import type { OpportunityStatus } from '@shared/opportunity-schemas';
import { ALL, ListFilters, SelectFilter } from '@web/components/ui/list-filters';
import { SearchInput } from '@web/components/ui/search-input';
import { STATUS_LABELS } from '../lib/opportunity-form-values';

export type OpportunityFilters = { status: OpportunityStatus | typeof ALL; batch: string };

export const noOpportunityFilters: OpportunityFilters = { status: ALL, batch: ALL };

const statusOptions = Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }));

/** Search (number, title, batch, tags), the status filter and, when batches exist, the batch one. */
export function OpportunityListControls({
  query,
  onQueryChange,
  filters,
  onFiltersChange,
  batches,
  shown,
  total,
  isLoading,
}: {
  query: string;
  onQueryChange: (query: string) => void;
  filters: OpportunityFilters;
  onFiltersChange: (filters: OpportunityFilters) => void;
  batches: string[];
  shown: number;
  total: number;
  /** The list is still loading: the count is left blank. */
  isLoading?: boolean;
}) {
  return (
    <ListFilters shown={shown} total={total} isLoading={isLoading}>
      <SearchInput
        className="w-full sm:w-72"
        aria-label="Search opportunities"
        placeholder="Search number, title, batch, tags..."
        value={query}
        onValueChange={onQueryChange}
      />
      <SelectFilter
        id="status-filter"
        label="Status"
        allLabel="All Statuses"
        options={statusOptions}
        value={filters.status}
        onValueChange={(status) =>
          onFiltersChange({ ...filters, status: status as OpportunityFilters['status'] })
        }
      />
      {batches.length > 0 ? (
        <SelectFilter
          id="batch-filter"
          label="Batch"
          allLabel="All Batches"
          className="w-48"
          options={batches.map((name) => ({ value: name, label: name }))}
          value={filters.batch}
          onValueChange={(batch) => onFiltersChange({ ...filters, batch })}
        />
      ) : null}
    </ListFilters>
  );
}
