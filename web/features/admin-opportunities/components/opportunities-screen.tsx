import { MAX_OPPORTUNITIES } from '@shared/limits';
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
import { OpportunitiesTable, OpportunitiesTableSkeleton } from './opportunities-table';
import { type OpportunityDialogState, OpportunityFormDialog } from './opportunity-form-dialog';

const ALL_BATCHES = '';

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
        actions={<AddOpportunityButton onClick={openCreate} />}
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
