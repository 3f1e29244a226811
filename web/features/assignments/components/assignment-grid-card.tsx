import type { AssignmentBoard } from '@shared/review-cycle-schemas';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { SelectFilter } from '@web/components/ui/list-filters';
import { SearchInput } from '@web/components/ui/search-input';
import { useReturnFocus } from '@web/lib/use-return-focus';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useAssignmentChanges } from '../hooks/use-assignment-changes';
import {
  ALL_BATCHES,
  type BoardOpportunity,
  type BoardReviewer,
  cellStateOf,
  filterOpportunities,
  filterReviewers,
  indexBoard,
  isAssignedState,
  pageOf,
  pairKey,
  pairsIn,
  rowCodes,
} from '../lib/board-view';
import { AssignmentGrid } from './assignment-grid';
import { GridLegend } from './grid-legend';
import { RemoveAssignmentsDialog } from './remove-assignments-dialog';
import { type ConflictView, WithdrawConflictDialog } from './withdraw-conflict-dialog';

/** Reviewers per page: 25 rows x 50 opportunities stays light in the browser (1,250 cells). */
export const GRID_PAGE_SIZE = 25;

const ASSIGNED_STATES = ['assigned', 'reviewed', 'conflict-assigned'] as const;

/**
 * The board's grid with its filters (batch, reviewer name) and pages, and what its cells and
 * headers do: add, remove (confirmed when work was saved), or open a conflict to withdraw it.
 */
export function AssignmentGridCard({ board }: { board: AssignmentBoard }) {
  const [batch, setBatch] = useState(ALL_BATCHES);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [conflict, setConflict] = useState<
    (ConflictView & { reviewerId: string; opportunityId: string }) | null
  >(null);
  const returnFocus = useReturnFocus();

  const index = useMemo(() => indexBoard(board), [board]);
  const changes = useAssignmentChanges(index);
  const reviewers = useMemo(
    () => filterReviewers(board.reviewers, query),
    [board.reviewers, query],
  );
  const opportunities = useMemo(
    () => filterOpportunities(board.opportunities, batch),
    [board.opportunities, batch],
  );
  const shown = useMemo(() => pageOf(reviewers, page, GRID_PAGE_SIZE), [reviewers, page]);
  const codes = useMemo(
    () => new Map(shown.items.map((r) => [r.id, rowCodes(index, r.id, opportunities)])),
    [shown.items, index, opportunities],
  );

  // The grid's rows are memoised: their handlers stay the same functions and read the latest
  // board through this ref.
  const latest = useRef({ index, reviewers, opportunities, board, changes });
  latest.current = { index, reviewers, opportunities, board, changes };

  const onRowAction = useCallback(
    (reviewer: BoardReviewer, action: 'assign' | 'remove', trigger: HTMLElement | null) => {
      const { index: now, opportunities: columns, changes: change } = latest.current;
      returnFocus.remember(trigger);
      if (action === 'assign') change.addPairs(pairsIn(now, [reviewer], columns, ['none']));
      else {
        change.removePairs(
          pairsIn(now, [reviewer], columns, ASSIGNED_STATES),
          `${reviewer.name} from every shown opportunity`,
        );
      }
    },
    [returnFocus],
  );

  const onColumnAction = useCallback(
    (opportunity: BoardOpportunity, action: 'assign' | 'remove', trigger: HTMLElement | null) => {
      const { index: now, reviewers: rows, changes: change } = latest.current;
      returnFocus.remember(trigger);
      if (action === 'assign') change.addPairs(pairsIn(now, rows, [opportunity], ['none']));
      else {
        change.removePairs(
          pairsIn(now, rows, [opportunity], ASSIGNED_STATES),
          `every listed reviewer from #${opportunity.number}`,
        );
      }
    },
    [returnFocus],
  );

  const columnCounts = useCallback(
    (opportunityId: string) => {
      let assignable = 0;
      let removable = 0;
      for (const reviewer of reviewers) {
        const state = cellStateOf(index, reviewer.id, opportunityId);
        if (state === 'none') assignable += 1;
        else if (isAssignedState(state)) removable += 1;
      }
      return { assignable, removable };
    },
    [index, reviewers],
  );

  const onCell = useCallback(
    (reviewer: BoardReviewer, opportunity: BoardOpportunity, trigger: HTMLElement) => {
      const { index: now, changes: change } = latest.current;
      const pair = { reviewerId: reviewer.id, opportunityId: opportunity.id };
      const state = cellStateOf(now, reviewer.id, opportunity.id);
      returnFocus.remember(trigger);
      if (state === 'none') change.addPairs([pair]);
      else if (state === 'assigned' || state === 'reviewed') {
        change.removePairs([pair], `${reviewer.name} from #${opportunity.number}`);
      } else {
        const found = now.conflicts.get(pairKey(reviewer.id, opportunity.id));
        if (!found) return;
        setConflict({
          id: found.id,
          reviewerId: reviewer.id,
          opportunityId: opportunity.id,
          reviewerName: reviewer.name,
          opportunityLabel: `#${opportunity.number} ${opportunity.title}`,
          reason: found.reason,
          declaredBy: found.declaredBy,
          createdAt: found.createdAt,
          isAssigned: state === 'conflict-assigned',
        });
      }
    },
    [returnFocus],
  );

  const codesOf = (reviewerId: string) => codes.get(reviewerId) ?? '';
  const hasFilter = query.trim() !== '' || batch !== ALL_BATCHES;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Assignment Grid</CardTitle>
        <CardDescription id="assignment-grid-help">
          Click a cell, or press Enter or Space on it, to add or remove that assignment. Arrow keys
          move between cells; on a reviewer's name or an opportunity's number, Enter opens actions
          for the whole row or column.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <SearchInput
            className="w-full sm:w-64"
            placeholder="Search reviewers..."
            aria-label="Filter reviewers by name or email"
            value={query}
            onValueChange={(value) => {
              setQuery(value);
              setPage(0);
            }}
          />
          <SelectFilter
            id="assignment-batch"
            label="Batch"
            allLabel="All batches"
            options={board.batches.map((b) => ({ value: b, label: b }))}
            value={batch}
            onValueChange={setBatch}
            className="w-52"
          />
          <p role="status" className="ml-auto text-sm text-muted-foreground">
            {reviewers.length === 0
              ? 'No reviewer shown'
              : `Reviewers ${shown.from}–${shown.to} of ${reviewers.length}`}
            {' · '}
            {opportunities.length} {opportunities.length === 1 ? 'opportunity' : 'opportunities'}
          </p>
        </div>
        <GridLegend />
        {reviewers.length === 0 || opportunities.length === 0 ? (
          <p className="rounded-md border border-dashed py-10 text-center text-muted-foreground">
            {board.reviewers.length === 0
              ? 'No active reviewers yet'
              : board.opportunities.length === 0
                ? 'No opportunities yet'
                : hasFilter
                  ? 'Nothing matches these filters'
                  : 'Nothing to show'}
          </p>
        ) : (
          <AssignmentGrid
            reviewers={shown.items}
            firstRowNumber={shown.from}
            totalRows={reviewers.length}
            opportunities={opportunities}
            codesOf={codesOf}
            pending={changes.pending}
            columnCounts={columnCounts}
            onCell={onCell}
            onRowAction={onRowAction}
            onColumnAction={onColumnAction}
          />
        )}
        {shown.pageCount > 1 ? (
          <nav aria-label="Reviewer pages" className="flex items-center justify-end gap-2">
            <span className="text-sm text-muted-foreground">
              Page {shown.page + 1} of {shown.pageCount}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={shown.page === 0}
              onClick={() => setPage(shown.page - 1)}
            >
              Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={shown.page >= shown.pageCount - 1}
              onClick={() => setPage(shown.page + 1)}
            >
              Next
            </Button>
          </nav>
        ) : null}
      </CardContent>
      <RemoveAssignmentsDialog
        removal={changes.confirming}
        isPending={changes.isConfirmPending}
        onConfirm={changes.confirmRemoval}
        onClose={changes.cancelRemoval}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
      />
      <WithdrawConflictDialog
        conflict={conflict}
        onClose={() => setConflict(null)}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        onRemoveAssignment={() => {
          if (!conflict) return;
          const { reviewerId, opportunityId, reviewerName, opportunityLabel } = conflict;
          setConflict(null);
          changes.removePairs(
            [{ reviewerId, opportunityId }],
            `${reviewerName} from ${opportunityLabel}`,
          );
        }}
      />
    </Card>
  );
}
