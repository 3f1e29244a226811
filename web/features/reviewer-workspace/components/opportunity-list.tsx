import { LIST_SKELETONS } from '@shared/limits';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { SearchInput } from '@web/components/ui/search-input';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';
import { useDeferredData } from '@web/lib/use-deferred-data';
import FileSearch from 'lucide-react/icons/file-search';
import Inbox from 'lucide-react/icons/inbox';
import LayoutGrid from 'lucide-react/icons/layout-grid';
import List from 'lucide-react/icons/list';
import type { ReactNode } from 'react';
import { useReviewerOpportunities, useReviewerScope } from '../api/reviewer-workspace-queries';
import { useAutoRedirect } from '../hooks/use-auto-redirect';
import { useSessionState } from '../hooks/use-session-state';
import {
  filterOpportunities,
  isFiltering,
  isStatusFilter,
  STATUS_FILTER_OPTIONS,
  type StatusFilter,
} from '../lib/filter-opportunities';
import { isListLayout, type ListLayout, OpportunityCard } from './opportunity-card';

type OpportunityListProps = {
  /** The header's search text: the list's own box (on phones) edits the same value. */
  search: string;
  onSearchChange: (value: string) => void;
  /** Posts new to the reviewer per opportunity's discussion (issue 36), once known. */
  newPosts?: ReadonlyMap<string, number>;
};

/** The reviewer's list of published opportunities (SPEC.md section 2). */
export function OpportunityList({ search, onSearchChange, newPosts }: OpportunityListProps) {
  const query = useReviewerOpportunities();
  const { isError, refetch } = query;
  // The cards are drawn in a background render that React splits into slices (decision 0022):
  // drawn as the answer arrived, 50 cards took one task of a phone's main thread (issue 17).
  const { data: opportunities, isWaiting } = useDeferredData(query.data);
  const isPending = query.isPending || isWaiting;
  const [status, setStatus] = useSessionState<StatusFilter>(
    'assay.reviewer-list.status',
    'all',
    isStatusFilter,
  );
  const [layout, setLayout] = useSessionState<ListLayout>(
    'assay.reviewer-list.layout',
    'grid',
    isListLayout,
  );
  const isRedirecting = useAutoRedirect(query.data);

  const filters = { search, status };
  const shown = opportunities ? filterOpportunities(opportunities, filters) : [];
  const count = opportunities?.length ?? 0;
  // An empty list in 'assigned' mode means nothing is assigned yet, not nothing published.
  const scope = useReviewerScope({ enabled: opportunities !== undefined && count === 0 });
  const nothingAssigned = scope.data?.mode === 'assigned';

  return (
    <div className="space-y-6">
      <PageHeader
        title="Opportunities"
        subtitle={isPending ? '\u00a0' : `${count} opportunities available for review`}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {/* The header's search box is hidden on phones; this one edits the same text there. */}
        <SearchInput
          className="flex-1 md:hidden"
          placeholder="Search opportunities..."
          aria-label="Search by title or description"
          value={search}
          onValueChange={onSearchChange}
        />
        <div className="flex items-center gap-2 sm:ml-auto">
          <select
            aria-label="Filter by status"
            value={status}
            onChange={(event) => setStatus(event.target.value as StatusFilter)}
            className="h-9 flex-1 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 sm:w-44 sm:flex-none"
          >
            {STATUS_FILTER_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of two toggle buttons. */}
          <div role="group" aria-label="Layout" className="flex rounded-md border p-0.5">
            <LayoutButton
              label="Grid view"
              isActive={layout === 'grid'}
              onClick={() => setLayout('grid')}
            >
              <LayoutGrid aria-hidden="true" />
            </LayoutButton>
            <LayoutButton
              label="List view"
              isActive={layout === 'list'}
              onClick={() => setLayout('list')}
            >
              <List aria-hidden="true" />
            </LayoutButton>
          </div>
        </div>
      </div>

      {isPending || (isRedirecting && !isError) ? (
        <ListSkeletons layout={layout} />
      ) : isError ? (
        <EmptyState
          icon={<Inbox aria-hidden="true" className="size-10" />}
          title="Error Loading Opportunities"
          hint="Please try again"
          action={
            <Button variant="outline" onClick={() => refetch()}>
              Retry
            </Button>
          }
        />
      ) : shown.length === 0 ? (
        isFiltering(filters) ? (
          <EmptyState
            icon={<FileSearch aria-hidden="true" className="size-10" />}
            title="No Opportunities Found"
            hint="Try adjusting your search or filters"
          />
        ) : (
          <EmptyState
            icon={<Inbox aria-hidden="true" className="size-10" />}
            title={nothingAssigned ? 'Nothing Assigned to You Yet' : 'No Opportunities Yet'}
            hint={
              nothingAssigned
                ? 'Opportunities will appear here once administrators assign them to you'
                : 'Opportunities will appear here once published by administrators'
            }
          />
        )
      ) : (
        <ul
          aria-label="Opportunities"
          data-layout={layout}
          className={cn(
            'grid gap-4',
            layout === 'grid' ? 'sm:grid-cols-2 lg:grid-cols-3' : 'grid-cols-1',
          )}
        >
          {shown.map((opportunity) => (
            <OpportunityCard
              key={opportunity.id}
              opportunity={opportunity}
              layout={layout}
              newPosts={newPosts?.get(opportunity.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function LayoutButton({
  label,
  isActive,
  onClick,
  children,
}: {
  label: string;
  isActive: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant={isActive ? 'secondary' : 'ghost'}
      size="icon"
      className="size-8"
      aria-label={label}
      aria-pressed={isActive}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

function ListSkeletons({ layout }: { layout: ListLayout }) {
  return (
    <div
      role="status"
      aria-label="Loading opportunities"
      className={cn(
        'grid gap-4',
        layout === 'grid' ? 'sm:grid-cols-2 lg:grid-cols-3' : 'grid-cols-1',
      )}
    >
      {Array.from({ length: LIST_SKELETONS }, (_, index) => (
        <div
          key={index}
          data-testid="opportunity-skeleton"
          className="space-y-3 rounded-xl border p-4"
        >
          <Skeleton className="aspect-[4/3] w-full" />
          <Skeleton className="h-4 w-1/4" />
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-4 w-full" />
        </div>
      ))}
    </div>
  );
}

function EmptyState({
  icon,
  title,
  hint,
  action,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
      <div className="text-muted-foreground">{icon}</div>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-sm text-sm text-muted-foreground">{hint}</p>
      {action}
    </div>
  );
}
