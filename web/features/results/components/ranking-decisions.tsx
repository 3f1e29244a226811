import { useQuery } from '@tanstack/react-query';
import { BulkActionBar } from '@web/components/ui/bulk-action-bar';
import { ALL, SelectFilter } from '@web/components/ui/list-filters';
import { useRowSelection } from '@web/lib/use-row-selection';
import Gavel from 'lucide-react/icons/gavel';
import { useMemo, useState } from 'react';
import { resultsDecisionsQuery } from '../api/results-queries';
import type { RankedRow } from '../lib/results-data';
import {
  decisionsByOpportunity,
  matchesDecisionFilters,
  OUTCOME_FILTER_OPTIONS,
  STATE_FILTER_OPTIONS,
} from '../lib/results-decisions';
import { BulkDecideDialog } from './bulk-decide-dialog';
import type { RankingDecisions } from './ranking-table';

const BULK_ACTIONS = [{ key: 'decide', label: 'Decide', icon: Gavel }] as const;

/**
 * The decisions beside the ranking (issue 35): read with a call of their own; until it answers
 * (or where the server has none: an error) the ranking is drawn as before, without them.
 * Returns the rows the filters leave, the table's decision columns and the controls above it.
 */
export function useRankingDecisions(rows: RankedRow[]) {
  const decisions = useQuery(resultsDecisionsQuery);
  const byOpportunity = useMemo(
    () => (decisions.data ? decisionsByOpportunity(decisions.data.decisions) : null),
    [decisions.data],
  );
  const [outcome, setOutcome] = useState(ALL);
  const [state, setState] = useState(ALL);
  const [isDeciding, setIsDeciding] = useState(false);
  const shownRows = useMemo(
    () =>
      byOpportunity
        ? rows.filter((row) =>
            matchesDecisionFilters(byOpportunity.get(row.opportunity.id), outcome, state),
          )
        : rows,
    [rows, byOpportunity, outcome, state],
  );
  const shownIds = useMemo(() => shownRows.map((row) => row.opportunity.id), [shownRows]);
  const selection = useRowSelection(shownIds);
  const { checks, allShown, someShown, toggleAllShown } = selection;
  const columns: RankingDecisions | null = useMemo(
    () =>
      byOpportunity
        ? { byOpportunity, checks, allShown, someShown, onToggleAll: toggleAllShown }
        : null,
    [byOpportunity, checks, allShown, someShown, toggleAllShown],
  );

  const controls = byOpportunity ? (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <SelectFilter
          id="ranking-outcome-filter"
          label="Outcome"
          allLabel="All outcomes"
          options={OUTCOME_FILTER_OPTIONS}
          value={outcome}
          onValueChange={setOutcome}
        />
        <SelectFilter
          id="ranking-state-filter"
          label="Decision"
          allLabel="Any or none"
          options={STATE_FILTER_OPTIONS}
          value={state}
          onValueChange={setState}
        />
        <p role="status" className="ml-auto text-sm text-muted-foreground">
          {shownRows.length === rows.length
            ? `${rows.length} shown`
            : `${shownRows.length} of ${rows.length} shown`}
        </p>
      </div>
      <BulkActionBar
        count={selection.selectedIds.length}
        label="Bulk actions on the ranking"
        actions={BULK_ACTIONS}
        pendingAction={undefined}
        onAction={() => setIsDeciding(true)}
        onClear={selection.clear}
      />
      <BulkDecideDialog
        ids={selection.selectedIds}
        open={isDeciding}
        onClose={(isSaved) => {
          setIsDeciding(false);
          if (isSaved) selection.clear();
        }}
      />
    </div>
  ) : null;

  return { shownRows, columns, controls };
}
