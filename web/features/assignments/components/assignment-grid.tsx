import { type FocusEvent, type KeyboardEvent, type MouseEvent, useRef, useState } from 'react';
import type { BoardOpportunity, BoardReviewer } from '../lib/board-view';
import { clampPosition, type GridPosition, nextPosition } from '../lib/grid-position';
import { type ColumnAction, type ColumnCounts, ColumnHeaderRow } from './grid-column-header';
import { GridRow, type RowAction } from './grid-row';

type AssignmentGridProps = {
  reviewers: readonly BoardReviewer[];
  /** 1-based position of the first shown reviewer in the filtered list (for aria-rowindex). */
  firstRowNumber: number;
  totalRows: number;
  opportunities: readonly BoardOpportunity[];
  /** Each shown reviewer's cells, one code per shown opportunity (board-view CODE). */
  codesOf: (reviewerId: string) => string;
  /** Cells with a change on its way to the server, as `reviewerId:opportunityId`. */
  pending: ReadonlySet<string>;
  columnCounts: (opportunityId: string) => ColumnCounts;
  onCell: (reviewer: BoardReviewer, opportunity: BoardOpportunity, trigger: HTMLElement) => void;
  onRowAction: (reviewer: BoardReviewer, action: RowAction, trigger: HTMLElement | null) => void;
  onColumnAction: (
    opportunity: BoardOpportunity,
    action: ColumnAction,
    trigger: HTMLElement | null,
  ) => void;
};

const MOVE_KEYS = new Set(['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp', 'Home', 'End']);

function positionOf(element: EventTarget | null): { cell: HTMLElement; at: GridPosition } | null {
  const cell = (element as HTMLElement | null)?.closest?.<HTMLElement>('[data-row][data-col]');
  if (!cell) return null;
  return { cell, at: { row: Number(cell.dataset.row), col: Number(cell.dataset.col) } };
}

/**
 * The reviewer x opportunity grid (WAI-ARIA APG "Data Grid"): one tab stop, arrow keys, Home,
 * End and Ctrl+Home/End move between cells and headers; Enter or Space (or a click) acts on a
 * cell, and on a header opens its actions. Headers stick to the top and the left while the grid
 * scrolls inside its frame. Keys are handled once for the whole table, and each row re-renders
 * only when its cells change (a page is 25 reviewers x up to 50 opportunities).
 */
export function AssignmentGrid({
  reviewers,
  firstRowNumber,
  totalRows,
  opportunities,
  codesOf,
  pending,
  columnCounts,
  onCell,
  onRowAction,
  onColumnAction,
}: AssignmentGridProps) {
  const table = useRef<HTMLTableElement>(null);
  const [active, setActive] = useState<GridPosition>({ row: 1, col: 1 });
  const size = { rows: reviewers.length, cols: opportunities.length };
  const current = clampPosition(active, size);

  function focusAt(position: GridPosition) {
    table.current
      ?.querySelector<HTMLElement>(`[data-row="${position.row}"][data-col="${position.col}"]`)
      ?.focus();
    setActive(position);
  }

  // Capture: before a header's menu button sees ArrowDown (which would open its menu).
  function onKeyDownCapture(event: KeyboardEvent<HTMLTableElement>) {
    if (!MOVE_KEYS.has(event.key) || event.altKey || event.metaKey) return;
    const from = positionOf(event.target);
    if (!from) return;
    event.preventDefault();
    const next = nextPosition(from.at, event.key, size, event.ctrlKey);
    if (next) focusAt(next);
  }

  function activate(target: EventTarget | null) {
    const from = positionOf(target);
    if (!from || from.at.row === 0 || from.at.col === 0) return;
    const reviewer = reviewers[from.at.row - 1];
    const opportunity = opportunities[from.at.col - 1];
    if (reviewer && opportunity) onCell(reviewer, opportunity, from.cell);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    if ((event.target as HTMLElement).getAttribute('role') !== 'gridcell') return;
    event.preventDefault();
    activate(event.target);
  }

  function onClick(event: MouseEvent<HTMLTableElement>) {
    if ((event.target as HTMLElement).closest('[role="gridcell"]')) activate(event.target);
  }

  function onFocus(event: FocusEvent<HTMLTableElement>) {
    const at = positionOf(event.target)?.at;
    if (at && (at.row !== active.row || at.col !== active.col)) setActive(at);
  }

  return (
    <div className="max-h-[70vh] overflow-auto rounded-md border">
      <table
        ref={table}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a data grid (APG) on a real table.
        role="grid"
        aria-label="Assignments"
        aria-describedby="assignment-grid-help"
        aria-rowcount={totalRows + 1}
        aria-colcount={opportunities.length + 1}
        className="border-separate border-spacing-0 text-sm"
        onKeyDownCapture={onKeyDownCapture}
        onKeyDown={onKeyDown}
        onClick={onClick}
        onFocus={onFocus}
      >
        <thead>
          <ColumnHeaderRow
            opportunities={opportunities}
            activeCol={current.row === 0 ? current.col : -1}
            columnCounts={columnCounts}
            onColumnAction={onColumnAction}
          />
        </thead>
        <tbody>
          {reviewers.map((reviewer, index) => {
            const row = index + 1;
            return (
              <GridRow
                key={reviewer.id}
                reviewer={reviewer}
                row={row}
                ariaRowIndex={firstRowNumber + index + 1}
                opportunities={opportunities}
                codes={codesOf(reviewer.id)}
                pendingCols={pendingColumns(pending, reviewer.id, opportunities)}
                activeCol={current.row === row ? current.col : -1}
                onRowAction={onRowAction}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The columns of a reviewer's cells with a change in flight, as a string a memo compares. */
function pendingColumns(
  pending: ReadonlySet<string>,
  reviewerId: string,
  opportunities: readonly BoardOpportunity[],
): string {
  if (pending.size === 0) return '';
  const columns: number[] = [];
  opportunities.forEach((opportunity, index) => {
    if (pending.has(`${reviewerId}:${opportunity.id}`)) columns.push(index + 1);
  });
  return columns.join(',');
}
