import { useCallback, useMemo, useState } from 'react';

/**
 * The checked rows of a table. Only rows that are shown count as selected, so a search or a
 * filter that hides a checked row also takes it out of the next bulk action, and a row that
 * leaves the list (deleted elsewhere) drops out by itself.
 */
export function useRowSelection(shownIds: readonly string[]) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const selectedIds = useMemo(() => shownIds.filter((id) => checked.has(id)), [shownIds, checked]);

  const toggle = useCallback((id: string, isChecked: boolean) => {
    setChecked((current) => {
      const next = new Set(current);
      if (isChecked) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const toggleAllShown = useCallback(
    (isChecked: boolean) => setChecked(isChecked ? new Set(shownIds) : new Set()),
    [shownIds],
  );

  const clear = useCallback(() => setChecked(new Set()), []);

  return {
    selectedIds,
    isSelected: (id: string) => checked.has(id),
    toggle,
    toggleAllShown,
    clear,
    allShown: shownIds.length > 0 && selectedIds.length === shownIds.length,
    someShown: selectedIds.length > 0 && selectedIds.length < shownIds.length,
  };
}

export type RowSelection = ReturnType<typeof useRowSelection>;
