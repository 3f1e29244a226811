import { useMemo, useState } from 'react';
import { matchesSearch, type SortState, type SortValue, sortRows } from './table-sort';

/**
 * A list's search box and sorted column, applied in the browser to rows the screen has already
 * filtered: `textOf` is what the search looks in, `sortValueOf` what each column sorts by.
 */
export function useTableView<Row, Key extends string>(
  rows: readonly Row[],
  options: {
    initialSort: SortState<Key>;
    textOf: (row: Row) => string;
    sortValueOf: Record<Key, (row: Row) => SortValue>;
  },
) {
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
  return { query, setQuery, sort, setSort, shown };
}
