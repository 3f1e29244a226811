import { cn } from '@web/lib/cn';
import { nextSort, type SortState } from '@web/lib/table-sort';
import { type RowChecks, type RowSelection, useIsRowChecked } from '@web/lib/use-row-selection';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ArrowUpDown from 'lucide-react/icons/arrow-up-down';
import type { ComponentProps, ReactNode } from 'react';
import { Checkbox } from './checkbox';
import { phoneCardsProps, TableCell, TableHead, TableHeader, TableRow } from './table';
import { WindowedTableBody, windowedRowCount } from './windowed-table-body';

export type DataColumn<Key extends string> = {
  key: Key;
  label: string;
  /**
   * Classes of the column's header and cells: its width, or `hidden @min-[40rem]:table-cell` to
   * show it only when the table's container is that wide (the card, not the window: the
   * sidebar's width counts).
   */
  className?: string;
};

/**
 * Row actions stay in view: the last column sticks to the table's right edge, so on a phone,
 * where the table scrolls sideways inside its card, the menu is still one tap away.
 */
const stickyEnd = 'sticky right-0 z-[1] bg-card text-right';

/**
 * The row's hover and selected colours, opaque so that the cells scrolled beneath stay hidden,
 * and the row's bottom line, which the cell's background would otherwise cover.
 */
const stickyRowLook =
  '[tr:hover_&]:bg-[color-mix(in_oklab,var(--muted)_50%,var(--card))] [tr[data-state=selected]_&]:bg-muted [tr:not(:last-child)_&]:shadow-[inset_0_-1px_0_var(--border)]';

/**
 * A phone card's actions (phoneCards): at the end of its first line, beside what names the row,
 * whatever the cells before them (the placement does nothing in a table's row).
 */
const phoneCardEnd =
  'max-sm:col-span-2 max-sm:col-start-11 max-sm:row-start-1 max-sm:justify-self-end';

/** The cell of a row's actions (its menu), stuck to the table's right edge. */
export function ActionsCell({ className, ...props }: ComponentProps<'td'>) {
  return (
    <TableCell
      className={cn(stickyEnd, stickyRowLook, phoneCardEnd, 'w-px py-1.5', className)}
      {...props}
    />
  );
}

/**
 * A row of a table with a checkbox per row: `data-state="selected"` while row `id` is checked.
 * It subscribes to that row's check alone and passes its children through untouched, so that a
 * check (or 'select all') re-renders the row's line and its checkbox, never its cells.
 */
export function SelectableRow({
  checks,
  id,
  ariaRowIndex,
  children,
}: {
  checks: RowChecks;
  id: string;
  ariaRowIndex: number | undefined;
  children: ReactNode;
}) {
  const isChecked = useIsRowChecked(checks, id);
  return (
    <TableRow aria-rowindex={ariaRowIndex} data-state={isChecked ? 'selected' : undefined}>
      {children}
    </TableRow>
  );
}

/** The first cell's content with row `id`'s checkbox before it (see SelectableRow). */
export function SelectableCellContent({
  label,
  checks,
  id,
  children,
}: {
  label: string;
  checks: RowChecks;
  id: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-3">
      <RowCheckbox label={label} checks={checks} id={id} />
      <span className="min-w-0 truncate">{children}</span>
    </div>
  );
}

function RowCheckbox({ label, checks, id }: { label: string; checks: RowChecks; id: string }) {
  const isChecked = useIsRowChecked(checks, id);
  return (
    <Checkbox
      aria-label={label}
      checked={isChecked}
      onCheckedChange={(checked) => checks.toggle(id, checked)}
    />
  );
}

function SortIcon({ direction }: { direction: SortState<string>['direction'] | null }) {
  const Icon =
    direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return <Icon aria-hidden="true" className={cn('size-3.5', !direction && 'opacity-50')} />;
}

/**
 * An admin list that sorts by any column (each header a button; the sorted one carries
 * aria-sort), with a checkbox per row and one in the first header for every shown row, and the
 * row actions in a last column that stays in view. Each of `rows` is drawn by `renderRow`
 * (which should answer a memoised row, given the row's own values and the selection's
 * `checks`, drawn as a SelectableRow with a SelectableCellContent, so that a sort re-renders only
 * what changed and a check only the row's line and checkbox); a long list draws only the rows
 * near the viewport (WindowedTableBody), while the header's checkbox, the sort and the filters
 * still act on all.
 * `noMatches` is said in place of the rows when the search and filters leave none. With
 * `phoneCards`, a phone shows each row as a card (phoneCardsProps), the header as a bar of the
 * shown columns' sort buttons with 'select all'; the row's cells then carry their `data-label`
 * and `max-sm:col-span-*`, and an ActionsCell ends the card's first line.
 */
export function DataTable<Key extends string, Row>({
  label,
  columns,
  sort,
  onSortChange,
  selection,
  selectAllLabel,
  rows,
  rowKey,
  renderRow,
  noMatches,
  phoneCards,
}: {
  label: string;
  columns: readonly DataColumn<Key>[];
  sort: SortState<Key>;
  onSortChange: (sort: SortState<Key>) => void;
  selection: Pick<RowSelection, 'allShown' | 'someShown' | 'toggleAllShown'>;
  selectAllLabel: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The row's `tr`, carrying `ariaRowIndex` as `aria-rowindex`. */
  renderRow: (row: Row, ariaRowIndex: number | undefined) => ReactNode;
  noMatches: string;
  phoneCards?: boolean;
}) {
  return (
    <div className="@container relative w-full overflow-x-auto">
      <table
        aria-label={label}
        aria-rowcount={windowedRowCount(rows.length)}
        className="w-full caption-bottom text-sm"
        {...phoneCardsProps(phoneCards)}
      >
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {columns.map((column, index) => {
              const direction = sort.key === column.key ? sort.direction : null;
              return (
                <TableHead
                  key={column.key}
                  aria-sort={direction ?? undefined}
                  className={cn('px-2', column.className)}
                >
                  <div className="flex items-center gap-1">
                    {index === 0 ? (
                      <Checkbox
                        aria-label={selectAllLabel}
                        className="mr-1 ml-1"
                        checked={selection.allShown}
                        indeterminate={selection.someShown}
                        onCheckedChange={selection.toggleAllShown}
                      />
                    ) : null}
                    <button
                      type="button"
                      onClick={() => onSortChange(nextSort(sort, column.key))}
                      className="inline-flex h-8 cursor-pointer items-center gap-1 rounded-md px-1 outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
                    >
                      {column.label}
                      <SortIcon direction={direction} />
                    </button>
                  </div>
                </TableHead>
              );
            })}
            <TableHead className={cn(stickyEnd, 'w-px')}>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <WindowedTableBody
          rows={rows}
          keyOf={rowKey}
          renderRow={renderRow}
          columns={columns.length + 1}
          empty={<NoMatchesRow columns={columns.length}>{noMatches}</NoMatchesRow>}
        />
      </table>
    </div>
  );
}

/** The one row a table shows when its search or filters leave nothing. */
function NoMatchesRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={columns + 1} className="py-10 text-center text-muted-foreground">
        {children}
      </TableCell>
    </TableRow>
  );
}
