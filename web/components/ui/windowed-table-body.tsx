import { ROW_BLOCK, type RowRange, rowRange, rowSegments } from '@web/lib/row-window';
import { useDeferredData } from '@web/lib/use-deferred-data';
import {
  type FocusEvent,
  Fragment,
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { TableBody } from './table';

/**
 * Lists longer than this render only the rows near the viewport (issue 17: a panel of 200 to
 * 1,000 reviewers); shorter ones render whole, as they always did, so find-in-page and a screen
 * reader's table navigation see every row.
 */
export const WINDOW_FROM_ROWS = 100;
/** Rendered beyond each edge of the viewport, so a scroll or a Tab never meets a gap. */
const OVERSCAN_PX = 800;
/** A row's height until one has been measured (a row with a button: 48 px and its border). */
const ESTIMATED_ROW_PX = 49;

export const isWindowed = (count: number) => count > WINDOW_FROM_ROWS;

/**
 * The `aria-rowcount` of a table whose body is windowed (every row and the header row), so that
 * a screen reader says 'row 37 of 201' of the rows it is given; undefined when all are there.
 */
export const windowedRowCount = (count: number) => (isWindowed(count) ? count + 1 : undefined);

/** The `aria-rowindex` of the row at `index` in a windowed body, after the one header row. */
const ariaRowIndexOf = (index: number) => index + 2;

/**
 * A table body of `rows`, each rendered by `renderRow(row, ariaRowIndex)`, which puts the index
 * (undefined when the body is not windowed) on its `tr` as `aria-rowindex`. Past
 * WINDOW_FROM_ROWS rows only those near the window's viewport are in the page, between gaps of
 * the others' height, and the row that last held the focus stays rendered, so that focus is
 * never dropped when it scrolls away. Sorting, filtering and selection work on `rows`, all of
 * them: this decides only what is drawn. `empty` is shown when there are no rows.
 */
export function WindowedTableBody<Row>({
  rows,
  keyOf,
  renderRow,
  columns,
  empty,
}: {
  rows: readonly Row[];
  keyOf: (row: Row) => string;
  renderRow: (row: Row, ariaRowIndex: number | undefined) => ReactNode;
  /** Cells in a row, for the gaps' one cell. */
  columns: number;
  empty?: ReactNode;
}) {
  // The rows are drawn in a background render (useDeferredData), which React splits into slices
  // that leave the page responsive: after a search, a filter or a sort the rows drawn before stay
  // until the new ones are ready, so the keystroke or the choice is painted first (a filter of
  // the 50 opportunities remounted every row in the task of the key press: 104 ms). On its first
  // render (the screen's data just arrived) a long list holds its place with one gap; a short one
  // is drawn at once, as it always was, so the page does not move when it is filled.
  const deferred = useDeferredData(rows);
  const isWaiting = isWindowed(rows.length) && deferred.isWaiting;
  // Until the first background render the hook has nothing drawn (`data` undefined): the rows.
  const drawn = deferred.data ?? rows;
  const windowed = isWindowed(drawn.length);
  const { bodyRef, range, heightOf } = useRowWindow(drawn, keyOf, windowed);
  const [pinnedKey, setPinnedKey] = useState<string | null>(null);

  const onFocus = (event: FocusEvent<HTMLTableSectionElement>) => {
    const element = (event.target as Element).closest('tr[aria-rowindex]');
    const row = element ? drawn[Number(element.getAttribute('aria-rowindex')) - 2] : undefined;
    if (row !== undefined) setPinnedKey(keyOf(row));
  };

  if (isWaiting) {
    return (
      <TableBody>
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a gap holds no content, nothing to focus. */}
        <tr aria-hidden="true" data-testid="row-gap">
          <td colSpan={columns} style={{ height: rows.length * ESTIMATED_ROW_PX, padding: 0 }} />
        </tr>
      </TableBody>
    );
  }
  if (drawn.length === 0) return <TableBody>{empty}</TableBody>;
  if (!windowed) {
    return (
      <TableBody>
        {drawn.map((row) => (
          <Fragment key={keyOf(row)}>{renderRow(row, undefined)}</Fragment>
        ))}
      </TableBody>
    );
  }

  const pinned = pinnedKey === null ? null : drawn.findIndex((row) => keyOf(row) === pinnedKey);
  const clamped = {
    start: Math.min(range.start, drawn.length),
    end: Math.min(range.end, drawn.length),
  };
  const segments = rowSegments(drawn.length, heightOf, clamped, pinned);
  return (
    <TableBody ref={bodyRef} onFocus={onFocus}>
      {/*
        One flat list keyed by row (and the gaps by place), never a list per segment: a gap that
        appears before the rows would shift the segments and remount every row, dropping the focus.
      */}
      {segments.flatMap((segment) =>
        segment.kind === 'gap'
          ? [
              // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a gap holds no content, nothing to focus.
              <tr key={gapKey(segment, drawn.length)} aria-hidden="true" data-testid="row-gap">
                <td colSpan={columns} style={{ height: segment.height, padding: 0 }} />
              </tr>,
            ]
          : drawn
              .slice(segment.from, segment.to)
              .map((row, offset) => (
                <Fragment key={keyOf(row)}>
                  {renderRow(row, ariaRowIndexOf(segment.from + offset))}
                </Fragment>
              )),
      )}
    </TableBody>
  );
}

/**
 * The rows of a windowed body to draw, and each row's height (measured or estimated). The range
 * follows the window's scroll and the body's size; the heights come from a ResizeObserver, which
 * reports after the browser's own layout, so measuring never forces one.
 */
function useRowWindow<Row>(rows: readonly Row[], keyOf: (row: Row) => string, windowed: boolean) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const measured = useRef({ heights: new Map<string, number>(), total: 0, count: 0 });
  const latest = useRef({ rows, keyOf });
  const observer = useRef<ResizeObserver | null>(null);
  // The first render draws one screenful (the body's place is not known yet); the overscan
  // follows once it is, in a render of its own, so that the first one stays short.
  const [range, setRange] = useState<RowRange>(() =>
    initialRange(rows.length, typeof window === 'undefined' ? 800 : window.innerHeight),
  );
  // Bumped when measured heights change the gaps, to draw them again.
  const [, setMeasures] = useState(0);

  const heightOf = useCallback((index: number) => {
    const { heights, total, count } = measured.current;
    const { rows: current, keyOf: keyOfRow } = latest.current;
    const row = current[index];
    const known = row === undefined ? undefined : heights.get(keyOfRow(row));
    return known ?? (count ? total / count : ESTIMATED_ROW_PX);
  }, []);

  /** The rows that reach into the viewport (with the overscan) where the body is now. */
  const update = useCallback(() => {
    const body = bodyRef.current;
    if (!body) return;
    const top = body.getBoundingClientRect().top;
    const next = rowRange(
      latest.current.rows.length,
      heightOf,
      -top - OVERSCAN_PX,
      window.innerHeight - top + OVERSCAN_PX,
    );
    // In a transition: React draws the rows coming into reach in slices, between frames.
    startTransition(() =>
      setRange((current) =>
        current.start === next.start && current.end === next.end ? current : next,
      ),
    );
  }, [heightOf]);

  const onResize = useCallback(
    (entries: ResizeObserverEntry[]) => {
      const store = measured.current;
      const { rows: current, keyOf: keyOfRow } = latest.current;
      let changed = false;
      for (const { target } of entries) {
        if (target === bodyRef.current) continue;
        if (!target.isConnected) {
          observer.current?.unobserve(target);
          continue;
        }
        const row = current[Number(target.getAttribute('aria-rowindex')) - 2];
        const height = target.getBoundingClientRect().height;
        if (row === undefined || !(height > 0)) continue;
        const key = keyOfRow(row);
        const previous = store.heights.get(key);
        if (previous !== undefined && Math.abs(previous - height) < 0.5) continue;
        store.total += height - (previous ?? 0);
        if (previous === undefined) store.count++;
        store.heights.set(key, height);
        changed = true;
      }
      if (changed) setMeasures((version) => version + 1);
      update();
    },
    [update],
  );

  // After each render: the latest rows for the callbacks, and every drawn row (and the body,
  // whose height changes with a search) observed; observing an element twice does nothing.
  useLayoutEffect(() => {
    latest.current = { rows, keyOf };
    const body = bodyRef.current;
    if (!windowed || !body || typeof ResizeObserver === 'undefined') return;
    observer.current ??= new ResizeObserver(onResize);
    observer.current.observe(body);
    for (const element of Array.from(body.children)) {
      if (element.hasAttribute('aria-rowindex')) observer.current.observe(element);
    }
  });

  useEffect(() => {
    if (!windowed) return;
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      observer.current?.disconnect();
      observer.current = null;
    };
  }, [update, windowed]);

  return { bodyRef, range, heightOf };
}

/** A gap's key: the one before all rows and the one after them keep theirs as the range moves. */
function gapKey(segment: { from: number; to: number }, count: number): string {
  if (segment.from === 0) return 'gap-start';
  if (segment.to === count) return 'gap-end';
  return `gap-${segment.from}`;
}

/** The first blocks that fill `height` pixels at the estimated row height. */
function initialRange(count: number, height: number): RowRange {
  const rowsInView = Math.ceil(height / ESTIMATED_ROW_PX);
  return { start: 0, end: Math.min(count, Math.ceil(rowsInView / ROW_BLOCK) * ROW_BLOCK) };
}
