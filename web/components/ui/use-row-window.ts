import { type RefObject, useCallback, useEffect, useState } from 'react';

export type RowWindow = { first: number; last: number };

/**
 * The rows of a scrolling list of `count` rows of `rowHeight` px that are in view in a viewport of
 * `viewportHeight` px scrolled to `scrollTop` (below a header of `headerHeight` px), widened by
 * `overscan` rows on each side: rows [first, last).
 */
export function rowWindowOf({
  count,
  rowHeight,
  scrollTop,
  viewportHeight,
  headerHeight = 0,
  overscan,
}: {
  count: number;
  rowHeight: number;
  scrollTop: number;
  viewportHeight: number;
  headerHeight?: number;
  overscan: number;
}): RowWindow {
  const top = Math.max(0, scrollTop - headerHeight);
  const first = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((top + viewportHeight) / rowHeight) + overscan);
  return { first: Math.min(first, last), last };
}

type Axis = 'x' | 'y';
const scrolled = (element: HTMLElement, axis: Axis) =>
  axis === 'y' ? element.scrollTop : element.scrollLeft;
const viewportOf = (element: HTMLElement | null, axis: Axis) =>
  (axis === 'y' ? element?.clientHeight : element?.clientWidth) ?? 0;
function scrollTo(element: HTMLElement, axis: Axis, to: number) {
  if (axis === 'y') element.scrollTop = to;
  else element.scrollLeft = to;
}

/**
 * Renders only the rows of a long list that its scrolling container shows (plus `overscan` on
 * each side), and follows its scrolling and resizing. Until the container has a height (first
 * render, or an environment without layout) the window assumes `fallbackHeight`.
 * `scrollToRow` scrolls a row into the container's view, e.g. before focusing it.
 * With `axis: 'x'` the same for columns: widths for heights, scrollLeft for scrollTop, and
 * `headerHeight` is the width of what stays at the left edge (sticky row headers).
 */
export function useRowWindow(
  containerRef: RefObject<HTMLElement | null>,
  {
    count,
    rowHeight,
    headerHeight = 0,
    overscan = 4,
    fallbackHeight,
    axis = 'y',
  }: {
    count: number;
    rowHeight: number;
    headerHeight?: number;
    overscan?: number;
    fallbackHeight: number;
    axis?: Axis;
  },
) {
  const measure = useCallback((): RowWindow => {
    const element = containerRef.current;
    return rowWindowOf({
      count,
      rowHeight,
      headerHeight,
      overscan,
      scrollTop: element ? scrolled(element, axis) : 0,
      viewportHeight: viewportOf(element, axis) || fallbackHeight,
    });
  }, [containerRef, count, rowHeight, headerHeight, overscan, fallbackHeight, axis]);

  const [range, setRange] = useState<RowWindow>(measure);

  const update = useCallback(
    () =>
      setRange((current) => {
        const next = measure();
        return next.first === current.first && next.last === current.last ? current : next;
      }),
    [measure],
  );

  useEffect(() => {
    const element = containerRef.current;
    update();
    if (!element) return;
    element.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [containerRef, update]);

  const scrollToRow = useCallback(
    (row: number) => {
      const element = containerRef.current;
      if (!element) return;
      const top = headerHeight + row * rowHeight;
      const viewport = viewportOf(element, axis) || fallbackHeight;
      if (top - headerHeight < scrolled(element, axis)) scrollTo(element, axis, top - headerHeight);
      else if (top + rowHeight > scrolled(element, axis) + viewport) {
        scrollTo(element, axis, top + rowHeight - viewport);
      }
      // At once, not on the scroll event: the caller wants the row rendered now.
      update();
    },
    [containerRef, rowHeight, headerHeight, fallbackHeight, update, axis],
  );

  return { ...range, scrollToRow };
}
