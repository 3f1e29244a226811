import { MAX_OPPORTUNITIES } from '@shared/limits';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { ALL } from '@web/components/ui/list-filters';
import { useReturnFocus } from '@web/lib/use-return-focus';
import { useRowSelection } from '@web/lib/use-row-selection';
import { useTableView } from '@web/lib/use-table-view';
import { AlertCircle, FileText, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useChangeOpportunityStatus, useOpportunities } from '../api/opportunity-queries';
import { batchesOf, nextOpportunityNumber } from '../lib/opportunity-form-values';
import {
  initialOpportunitySort,
  opportunitySearchText,
  opportunitySortValues,
} from '../lib/opportunity-table-view';
import { OpportunitiesTable, OpportunitiesTableSkeleton } from './opportunities-table';
import { OpportunityBulkActions } from './opportunity-bulk-actions';
import { type OpportunityDialogState, OpportunityFormDialog } from './opportunity-form-dialog';
import { noOpportunityFilters, OpportunityListControls } from './opportunity-list-controls';

function AddOpportunityButton({ onClick }: { onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden="true" />
      Add Opportunity
    </Button>
  );
}

/** The admin opportunities screen (SPEC.md section 2). */
export function OpportunitiesScreen() {
  const opportunities = useOpportunities();
  const changeStatus = useChangeOpportunityStatus();
  const [dialog, setDialog] = useState<OpportunityDialogState | null>(null);
  const [filters, setFilters] = useState(noOpportunityFilters);

  const all = opportunities.data ?? [];
  const batches = useMemo(() => batchesOf(all), [all]);
  const filtered = useMemo(
    () =>
      all.filter(
        (o) =>
          (filters.status === ALL || o.status === filters.status) &&
          (filters.batch === ALL || o.batch === filters.batch),
      ),
    [all, filters],
  );
  const view = useTableView(filtered, {
    initialSort: initialOpportunitySort,
    textOf: opportunitySearchText,
    sortValueOf: opportunitySortValues,
  });
  const shownIds = useMemo(() => view.shown.map((o) => o.id), [view.shown]);
  const selection = useRowSelection(shownIds);
  const returnFocus = useReturnFocus();
  const openCreate = () => {
    returnFocus.remember(null);
    setDialog({ mode: 'create' });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Opportunities"
        subtitle={`Manage opportunities for review (up to ${MAX_OPPORTUNITIES})`}
        actions={<AddOpportunityButton onClick={openCreate} />}
      />
      {all.length > 0 ? (
        <div className="space-y-3">
          <OpportunityListControls
            query={view.query}
            onQueryChange={view.setQuery}
            filters={filters}
            onFiltersChange={setFilters}
            batches={batches}
            shown={view.shown.length}
            total={all.length}
          />
          <OpportunityBulkActions selection={selection} />
        </div>
      ) : null}
      <Card className="py-2">
        <CardContent className="px-2 sm:px-4">
          {opportunities.isPending ? (
            <OpportunitiesTableSkeleton />
          ) : opportunities.isError ? (
            <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
              <AlertCircle className="size-10 text-destructive" aria-hidden="true" />
              <h2 className="text-lg font-semibold">Error Loading Opportunities</h2>
              <Button variant="outline" onClick={() => window.location.reload()}>
                Refresh Page
              </Button>
            </div>
          ) : all.length === 0 ? (
            <EmptyState
              icon={FileText}
              title="No Opportunities Yet"
              action={<AddOpportunityButton onClick={openCreate} />}
            />
          ) : (
            <OpportunitiesTable
              opportunities={view.shown}
              sort={view.sort}
              onSortChange={view.setSort}
              selection={selection}
              onEdit={(opportunity, trigger) => {
                returnFocus.remember(trigger);
                setDialog({ mode: 'edit', opportunity });
              }}
              onChangeStatus={(opportunity, status) =>
                changeStatus.mutate({ id: opportunity.id, status })
              }
            />
          )}
        </CardContent>
      </Card>
      <OpportunityFormDialog
        state={dialog}
        nextNumber={nextOpportunityNumber(all)}
        onClose={() => setDialog(null)}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
      />
    </div>
  );
}
