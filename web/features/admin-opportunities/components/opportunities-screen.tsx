import { MAX_OPPORTUNITIES } from '@shared/limits';
import type { AdminOpportunity } from '@shared/opportunity-schemas';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { useReturnFocus } from '@web/lib/use-return-focus';
import { AlertCircle, FileText, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useChangeOpportunityStatus, useOpportunities } from '../api/opportunity-queries';
import { batchesOf, nextOpportunityNumber } from '../lib/opportunity-form-values';
import { DeleteOpportunityDialog } from './delete-opportunity-dialog';
import { OpportunitiesTable, OpportunitiesTableSkeleton } from './opportunities-table';
import { type OpportunityDialogState, OpportunityFormDialog } from './opportunity-form-dialog';

const ALL_BATCHES = '';

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
  const [batch, setBatch] = useState(ALL_BATCHES);

  const all = opportunities.data ?? [];
  const batches = useMemo(() => batchesOf(all), [all]);
  const shown = batch === ALL_BATCHES ? all : all.filter((o) => o.batch === batch);
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
        actions={
          <AddOpportunityButton onClick={openCreate} isAtLimit={all.length >= MAX_OPPORTUNITIES} />
        }
      />
      {batches.length > 0 ? (
        <div className="flex items-center gap-2">
          <Label htmlFor="batch-filter">Batch</Label>
          <div className="w-56">
            <NativeSelect
              id="batch-filter"
              value={batch}
              onChange={(event) => setBatch(event.target.value)}
            >
              <option value={ALL_BATCHES}>All Batches</option>
              {batches.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          </div>
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
              opportunities={shown}
              onEdit={(opportunity, trigger) => {
                returnFocus.remember(trigger);
                setDialog({ mode: 'edit', opportunity });
              }}
              onChangeStatus={(opportunity, status) =>
                changeStatus.mutate({ id: opportunity.id, status })
              }
              onDelete={(opportunity, trigger) => {
                returnFocus.remember(trigger);
                setDeleting(opportunity);
              }}
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
      />
    </div>
  );
}
