import { useEffect, useMemo, useState } from 'react';
import {
  matchesSearch,
  prepareCollator,
  type SortState,
  type SortValue,
  sortRows,
} from './table-sort';
import { useRowSelection } from './use-row-selection';

/**
 * A list's search box, sorted column and checked rows, applied in the browser to rows the screen
 * has already filtered: `textOf` is what the search looks in, `sortValueOf` what each column sorts
 * by; only shown rows count as selected (useRowSelection).
 */
export function useTableView<Row extends { id: string }, Key extends string>(
  rows: readonly Row[],
  options: {
    initialSort: SortState<Key>;
    textOf: (row: Row) => string;
    sortValueOf: Record<Key, (row: Row) => SortValue>;
  },
) {
  // While the rows load, the collator of the first sort is built in idle time (prepareCollator);
  // rows already there were sorted in this render, and then it costs nothing.
  useEffect(() => whenIdle(prepareCollator), []);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState(options.initialSort);
  const { textOf, sortValueOf } = options;
  const shown = useMemo(
    () =>
      sortRows(
        rows.filter((row) => matchesSearch(textOf(row), query)),
        sort,
        sortValueOf,
      ),
    [rows, query, sort, textOf, sortValueOf],
  );
  const shownIds = useMemo(() => shown.map((row) => row.id), [shown]);
  const selection = useRowSelection(shownIds);
  return { query, setQuery, sort, setSort, shown, selection };
}

/** Runs `work` when the browser is idle (or soon, where it cannot say); answers a cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 1);
  return () => clearTimeout(id);
}
