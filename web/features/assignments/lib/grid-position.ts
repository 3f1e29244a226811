/**
 * Where a key moves the focus in the assignment grid (WAI-ARIA APG "Data Grid"). Row 0 is the
 * header row (opportunities), column 0 the row headers (reviewers); (0, 0), the corner, holds
 * nothing to act on and is skipped. Null when the key is not a move or leads nowhere.
 */
export type GridPosition = { row: number; col: number };

export function nextPosition(
  from: GridPosition,
  key: string,
  size: { rows: number; cols: number },
  isCtrl = false,
): GridPosition | null {
  let { row, col } = from;
  switch (key) {
    case 'ArrowRight':
      col += 1;
      break;
    case 'ArrowLeft':
      col -= 1;
      break;
    case 'ArrowDown':
      row += 1;
      break;
    case 'ArrowUp':
      row -= 1;
      break;
    case 'Home':
      // Ctrl+Home: the first cell of the first reviewer; Home: the start of the row.
      if (isCtrl) {
        row = size.rows > 0 ? 1 : 0;
        col = 1;
      } else {
        col = row === 0 ? 1 : 0;
      }
      break;
    case 'End':
      if (isCtrl) row = size.rows;
      col = size.cols;
      break;
    default:
      return null;
  }
  if (row < 0 || col < 0 || row > size.rows || col > size.cols) return null;
  if (row === 0 && col === 0) return null;
  if (row === from.row && col === from.col) return null;
  return { row, col };
}

/** The focus kept inside the grid after it shrinks (a filter, a page change). */
export function clampPosition(
  position: GridPosition,
  size: { rows: number; cols: number },
): GridPosition {
  const row = Math.min(position.row, size.rows);
  const col = Math.min(position.col, size.cols);
  if (row === 0 && col === 0) return size.cols > 0 ? { row: 0, col: 1 } : { row: 1, col: 0 };
  return { row, col };
}
