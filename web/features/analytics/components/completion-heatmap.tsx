import type { HeatmapRow } from '@shared/analytics-schemas';
import { DelegatedTooltip } from '@web/components/ui/delegated-tooltip';
import { useRowWindow } from '@web/components/ui/use-row-window';
import { cn } from '@web/lib/cn';
import { type KeyboardEvent, memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  CONFLICT_BAND,
  heatmapCellBand,
  heatmapCellLabel,
  heatmapCellText,
  heatmapColumns,
  heatmapLegendOf,
  NOT_ASSIGNED_BAND,
} from '../lib/heatmap-bands';
import { type CellPosition, nextCell } from '../lib/heatmap-keys';

/** The pitch of a row (a 2rem cell and the 0.25rem spacing) and of the header row. */
const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 40;
/** The table's scrolling viewport: max-h-[28rem]. */
const VIEWPORT_HEIGHT = 448;
const OVERSCAN = 3;

/**
 * The colour key under the heatmap: 1-2, 2-3, 3-4, 4-5, Not reviewed (and the issue-18 states).
 * Memoised: it reads every cell, and the table re-renders on each scroll step.
 */
export const HeatmapLegend = memo(function HeatmapLegend({ rows }: { rows: HeatmapRow[] }) {
  return (
    <ul aria-label="Legend" className="flex flex-wrap items-center gap-4 text-xs">
      {heatmapLegendOf(rows).map((band) => (
        <li key={band.id} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            data-band={band.id}
            className={cn('size-4 rounded border', band.className)}
          />
          {band.label}
        </li>
      ))}
    </ul>
  );
});

/**
 * One reviewer's row: one element per cell (the cell is its own tooltip target, focus stop and
 * colour), so that the rows in view stay a few hundred elements. Memoised: scrolling renders only the rows that come into view, and moving
 * the keyboard's cell re-renders only the two rows it leaves and enters.
 */
const HeatmapTableRow = memo(function HeatmapTableRow({
  row,
  index,
  tabColumn,
}: {
  row: HeatmapRow;
  index: number;
  /** The column whose cell is the table's tab stop when it is in this row, else -1. */
  tabColumn: number;
}) {
  return (
    <tr aria-rowindex={index + 2}>
      <th
        scope="row"
        className="sticky left-0 z-10 max-w-40 truncate bg-card px-2 text-left font-medium shadow-[0_0_0_4px_var(--card)]"
        title={row.reviewerName}
      >
        {row.reviewerName}
      </th>
      {row.opportunities.map((cell, column) => {
        const band = heatmapCellBand(cell);
        const outside = band === CONFLICT_BAND || band === NOT_ASSIGNED_BAND;
        return (
          <td
            key={cell.opportunityId}
            data-testid="heatmap-cell"
            data-band={band.id}
            data-row={index}
            data-column={column}
            tabIndex={column === tabColumn ? 0 : -1}
            className={cn(
              'h-8 min-w-11 rounded px-1 text-center font-medium tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1',
              band.className,
            )}
          >
            {outside ? (
              <span className="sr-only">{band.label}</span>
            ) : (
              heatmapCellText(cell.composite)
            )}
          </td>
        );
      })}
    </tr>
  );
});

/**
 * 'Review Completion Heatmap': a row per reviewer, a column per opportunity ('#number'); a cell
 * shows the composite to 1 decimal in its band's colour, or '-' when not reviewed.
 *
 * Built for 200 to 1,000 reviewers: a real table (row and column headers, aria-rowcount) that
 * scrolls inside a fixed-height viewport under a sticky header and renders only the rows in view;
 * one delegated tooltip for every cell ('Score: x.xx', 'Not reviewed', ...); and one tab stop, from
 * which the arrow keys, Home/End and Page Up/Down move between the cells (each showing its tooltip).
 */
function CompletionHeatmapView({ rows }: { rows: HeatmapRow[] }) {
  // Kept across scroll steps, so that the header row is not rebuilt with the rows.
  const columns = useMemo(() => heatmapColumns(rows), [rows]);
  const scrollerRef = useRef<HTMLElement>(null);
  const { first, last, scrollToRow } = useRowWindow(scrollerRef, {
    count: rows.length,
    rowHeight: ROW_HEIGHT,
    headerHeight: HEADER_HEIGHT,
    overscan: OVERSCAN,
    fallbackHeight: VIEWPORT_HEIGHT,
  });
  const [active, setActive] = useState<CellPosition>({ row: 0, column: 0 });
  const pendingFocus = useRef<CellPosition | null>(null);

  // The tab stop: the active cell while its row is rendered, else the first rendered row's.
  const tabRow = active.row >= first && active.row < last ? active.row : first;
  const tabColumn = tabRow === active.row ? active.column : 0;

  // Focus a cell that the keyboard moved to once its row is rendered.
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target || target.row < first || target.row >= last) return;
    pendingFocus.current = null;
    scrollerRef.current
      ?.querySelector<HTMLElement>(`td[data-row="${target.row}"][data-column="${target.column}"]`)
      ?.focus();
  });

  const describe = useCallback(
    (target: HTMLElement) => {
      const cell = rows[Number(target.dataset.row)]?.opportunities[Number(target.dataset.column)];
      return cell ? heatmapCellLabel(cell) : null;
    },
    [rows],
  );

  const onFocus = (event: { target: EventTarget }) => {
    const cell = event.target instanceof HTMLElement ? event.target.closest('td') : null;
    if (!cell?.dataset.row) return;
    const position = { row: Number(cell.dataset.row), column: Number(cell.dataset.column) };
    setActive((current) =>
      current.row === position.row && current.column === position.column ? current : position,
    );
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const next = nextCell(event, active, {
      rows: rows.length,
      columns: columns.length,
      page: Math.max(1, Math.floor((VIEWPORT_HEIGHT - HEADER_HEIGHT) / ROW_HEIGHT) - 1),
    });
    if (!next) return;
    event.preventDefault();
    setActive(next);
    pendingFocus.current = next;
    scrollToRow(next.row);
  };

  return (
    <div className="space-y-4">
      <section
        ref={scrollerRef}
        aria-label="Heatmap table"
        data-testid="heatmap-scroller"
        className="relative max-h-[28rem] w-full overflow-auto overscroll-contain rounded-md"
        onFocus={onFocus}
        onKeyDown={onKeyDown}
      >
        <table
          aria-rowcount={rows.length + 1}
          aria-colcount={columns.length + 1}
          className="border-separate border-spacing-1 text-xs"
        >
          <thead>
            <tr aria-rowindex={1}>
              <th
                scope="col"
                className="sticky top-0 left-0 z-30 h-8 bg-card px-2 text-left font-medium shadow-[0_0_0_4px_var(--card)]"
              >
                Reviewer
              </th>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className="sticky top-0 z-20 h-8 min-w-11 bg-card px-1 text-center font-medium text-muted-foreground shadow-[0_0_0_4px_var(--card)]"
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {first > 0 ? <SpacerRow rows={first} columns={columns.length + 1} /> : null}
            {rows.slice(first, last).map((row, offset) => (
              <HeatmapTableRow
                key={row.reviewerId}
                row={row}
                index={first + offset}
                tabColumn={first + offset === tabRow ? tabColumn : -1}
              />
            ))}
            {last < rows.length ? (
              <SpacerRow rows={rows.length - last} columns={columns.length + 1} />
            ) : null}
          </tbody>
        </table>
      </section>
      <DelegatedTooltip containerRef={scrollerRef} selector="td[data-row]" describe={describe} />
      <HeatmapLegend rows={rows} />
    </div>
  );
}

/** Keeps the height of `rows` rows that are not rendered, so that the scrollbar stays true. */
function SpacerRow({ rows, columns }: { rows: number; columns: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer with nothing to focus.
    <tr aria-hidden="true">
      <td colSpan={columns} className="p-0" style={{ height: rows * ROW_HEIGHT - 4 }} />
    </tr>
  );
}

/** Memoised: the analytics view re-renders as each of its calls answers; this redraws only for new data. */
export const CompletionHeatmap = memo(CompletionHeatmapView);
