export type CellPosition = { row: number; column: number };

/**
 * Where a key moves the keyboard's cell in a table of `rows` x `columns` cells, as in the WAI-ARIA
 * grid pattern: arrows by one cell, Home/End to the row's first/last cell (with Ctrl, the table's
 * first/last cell), Page Up/Down by `page` rows. Null for any other key, or a modified arrow.
 */
export function nextCell(
  event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean },
  from: CellPosition,
  { rows, columns, page }: { rows: number; columns: number; page: number },
): CellPosition | null {
  if (rows === 0 || columns === 0 || event.altKey) return null;
  const clamp = (row: number, column: number) => ({
    row: Math.min(rows - 1, Math.max(0, row)),
    column: Math.min(columns - 1, Math.max(0, column)),
  });
  const toCorner = event.ctrlKey || event.metaKey;
  switch (event.key) {
    case 'ArrowUp':
      return toCorner ? null : clamp(from.row - 1, from.column);
    case 'ArrowDown':
      return toCorner ? null : clamp(from.row + 1, from.column);
    case 'ArrowLeft':
      return toCorner ? null : clamp(from.row, from.column - 1);
    case 'ArrowRight':
      return toCorner ? null : clamp(from.row, from.column + 1);
    case 'Home':
      return toCorner ? clamp(0, 0) : clamp(from.row, 0);
    case 'End':
      return toCorner ? clamp(rows - 1, columns - 1) : clamp(from.row, columns - 1);
    case 'PageUp':
      return clamp(from.row - page, from.column);
    case 'PageDown':
      return clamp(from.row + page, from.column);
    default:
      return null;
  }
}
