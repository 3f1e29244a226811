import { MAX_OPPORTUNITIES } from '@shared/limits';
import type { AdminOpportunity, OpportunityStatus } from '@shared/opportunity-schemas';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { ALL } from '@web/components/ui/list-filters';
import { useReturnFocus } from '@web/lib/use-return-focus';
import { useTableView } from '@web/lib/use-table-view';
import AlertCircle from 'lucide-react/icons/alert-circle';
import FileText from 'lucide-react/icons/file-text';
import Plus from 'lucide-react/icons/plus';
import { useCallback, useMemo, useState } from 'react';
import { useChangeOpportunityStatus, useOpportunities } from '../api/opportunity-queries';
import { batchesOf, nextOpportunityNumber } from '../lib/opportunity-form-values';
import {
  initialOpportunitySort,
  opportunitySearchText,
  opportunitySortValues,
} from '../lib/opportunity-table-view';
import { DeleteOpportunityDialog } from './delete-opportunity-dialog';
import { OpportunitiesTable, OpportunitiesTableSkeleton } from './opportunities-table';
import { OpportunityBulkActions } from './opportunity-bulk-actions';
import { type OpportunityDialogState, OpportunityFormDialog } from './opportunity-form-dialog';
import { noOpportunityFilters, OpportunityListControls } from './opportunity-list-controls';

const LIMIT_NOTE_ID = 'opportunity-limit-note';

/**
 * At the limit the button stays focusable but does nothing (aria-disabled), and the reason sits
 * beside it in text, which a touch or keyboard user reads as well as a mouse user; the button
 * names it as its description.
 */
function AddOpportunityButton({
  onClick,
  isAtLimit = false,
}: {
  onClick: () => void;
  isAtLimit?: boolean;
}) {
  return (
    <>
      {isAtLimit ? (
        <p id={LIMIT_NOTE_ID} className="max-w-64 text-sm text-muted-foreground sm:text-right">
          The limit of {MAX_OPPORTUNITIES} opportunities is reached (archived ones count). Delete
          one to add another.
        </p>
      ) : null}
      <Button
        aria-disabled={isAtLimit || undefined}
        aria-describedby={isAtLimit ? LIMIT_NOTE_ID : undefined}
        className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        onClick={isAtLimit ? undefined : onClick}
      >
        <Plus aria-hidden="true" />
        Add Opportunity
      </Button>
    </>
  );
}

/** The admin opportunities screen (SPEC.md section 2). */
export function OpportunitiesScreen() {
  const opportunities = useOpportunities();
  const changeStatus = useChangeOpportunityStatus();
  const [dialog, setDialog] = useState<OpportunityDialogState | null>(null);
  const [deleting, setDeleting] = useState<AdminOpportunity | null>(null);
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
  const { selection } = view;
  const returnFocus = useReturnFocus();
  // One identity each for the screen's life, so that the memoised rows do not re-render.
  const { mutate: changeStatusMutate } = changeStatus;
  const onEdit = useCallback(
    (opportunity: AdminOpportunity, trigger: HTMLElement | null) => {
      returnFocus.remember(trigger);
      setDialog({ mode: 'edit', opportunity });
    },
    [returnFocus],
  );
  const onChangeStatus = useCallback(
    (opportunity: AdminOpportunity, status: OpportunityStatus) =>
      changeStatusMutate({ id: opportunity.id, status }),
    [changeStatusMutate],
  );
  const onDelete = useCallback(
    (opportunity: AdminOpportunity, trigger: HTMLElement | null) => {
      returnFocus.remember(trigger);
      setDeleting(opportunity);
    },
    [returnFocus],
  );
  const openCreate = () => {
    returnFocus.remember(null);
    setDialog({ mode: 'create' });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Opportunities"
        subtitle={`Manage opportunities for review (up to ${MAX_OPPORTUNITIES})`}
        actions={
          <AddOpportunityButton onClick={openCreate} isAtLimit={all.length >= MAX_OPPORTUNITIES} />
        }
      />
      {/* Shown while the list loads too, so that the table below does not move when it arrives. */}
      {opportunities.isPending || all.length > 0 ? (
        <div className="space-y-3">
          <OpportunityListControls
            query={view.query}
            onQueryChange={view.setQuery}
            filters={filters}
            onFiltersChange={setFilters}
            batches={batches}
            shown={view.shown.length}
            total={all.length}
            isLoading={opportunities.isPending}
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
              onEdit={onEdit}
              onChangeStatus={onChangeStatus}
              onDelete={onDelete}
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
      <DeleteOpportunityDialog
        opportunity={deleting}
        onClose={() => setDeleting(null)}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        onDeleted={returnFocus.rowRemoved}
      />
    </div>
  );
}
