import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { memo, useRef } from 'react';
import {
  type BoardOpportunity,
  type BoardReviewer,
  CELL_STATE_TEXT,
  cellStateOfCode,
} from '../lib/board-view';
import { CELL_GLYPH, cellClasses } from './grid-cell-style';

export type RowAction = 'assign' | 'remove';

type GridRowProps = {
  reviewer: BoardReviewer;
  /** The row's place in the grid's key handling (1 = first shown reviewer). */
  row: number;
  ariaRowIndex: number;
  opportunities: readonly BoardOpportunity[];
  codes: string;
  pendingCols: string;
  /** The column holding the grid's tab stop when it is in this row, else -1. */
  activeCol: number;
  onRowAction: (reviewer: BoardReviewer, action: RowAction, trigger: HTMLElement | null) => void;
};

const countCodes = (codes: string, wanted: string) =>
  [...codes].filter((code) => wanted.includes(code)).length;

/** One reviewer: the row header (name, load, row actions) and a cell per shown opportunity. */
function GridRowView({
  reviewer,
  row,
  ariaRowIndex,
  opportunities,
  codes,
  pendingCols,
  activeCol,
  onRowAction,
}: GridRowProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const pendingSet = pendingCols ? new Set(pendingCols.split(',').map(Number)) : null;
  const assignable = countCodes(codes, '.');
  const removable = countCodes(codes, 'arx');
  return (
    <tr aria-rowindex={ariaRowIndex}>
      <th
        scope="row"
        className="sticky left-0 z-10 w-36 min-w-36 max-w-36 sm:w-56 sm:min-w-56 sm:max-w-56 border-r border-b bg-card p-0 text-left font-normal"
      >
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <button
              ref={trigger}
              type="button"
              data-row={row}
              data-col={0}
              tabIndex={activeCol === 0 ? 0 : -1}
              className="block w-full scroll-mt-16 px-3 py-1 text-left outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-inset"
            >
              <span className="block truncate font-medium" title={reviewer.email}>
                {reviewer.name}
              </span>
              <span className="block text-xs text-muted-foreground">
                {reviewer.assigned} assigned · {reviewer.reviewed} reviewed
              </span>
            </button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            <DropdownMenuLabel>{reviewer.name}</DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              disabled={assignable === 0}
              onSelect={() => onRowAction(reviewer, 'assign', trigger.current)}
            >
              Assign to every shown opportunity ({assignable})
            </DropdownMenuItem>
            <DropdownMenuItem
              variant="destructive"
              disabled={removable === 0}
              onSelect={() => onRowAction(reviewer, 'remove', trigger.current)}
            >
              Remove from every shown opportunity ({removable})
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </th>
      {opportunities.map((opportunity, index) => {
        const col = index + 1;
        const code = codes[index] ?? '.';
        const state = cellStateOfCode(code);
        const glyph =
          state === 'conflict' || state === 'conflict-assigned'
            ? CELL_GLYPH.conflict
            : CELL_GLYPH[state];
        const isPending = pendingSet?.has(col) ?? false;
        return (
          <td
            key={opportunity.id}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of the data grid.
            role="gridcell"
            data-row={row}
            data-col={col}
            data-state={state}
            tabIndex={activeCol === col ? 0 : -1}
            aria-busy={isPending || undefined}
            aria-label={`${reviewer.name}, #${opportunity.number}: ${CELL_STATE_TEXT[state]}`}
            className={cellClasses(code, opportunity.status === 'published', isPending)}
          >
            {glyph}
          </td>
        );
      })}
    </tr>
  );
}

/** Re-rendered only when what it shows changes: not for another row's toggle or a refetch. */
export const GridRow = memo(
  GridRowView,
  (before, after) =>
    before.reviewer.id === after.reviewer.id &&
    before.reviewer.name === after.reviewer.name &&
    before.reviewer.email === after.reviewer.email &&
    before.reviewer.assigned === after.reviewer.assigned &&
    before.reviewer.reviewed === after.reviewer.reviewed &&
    before.row === after.row &&
    before.ariaRowIndex === after.ariaRowIndex &&
    before.opportunities === after.opportunities &&
    before.codes === after.codes &&
    before.pendingCols === after.pendingCols &&
    before.activeCol === after.activeCol &&
    before.onRowAction === after.onRowAction,
);
