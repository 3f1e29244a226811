import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TableCell, TableRow } from './table';
import { WindowedTableBody } from './windowed-table-body';

/** A short table (no windowing) that records every row it renders, in order, render by render. */
function recordingTable() {
  const drawnRows: string[] = [];
  const renderRow = (row: string) => {
    drawnRows.push(row);
    return (
      <TableRow>
        <TableCell>{row}</TableCell>
      </TableRow>
    );
  };
  const table = (rows: string[]) => (
    <table>
      <WindowedTableBody rows={rows} keyOf={(row) => row} renderRow={renderRow} columns={1} />
    </table>
  );
  return { drawnRows, table };
}

const shownRows = () => screen.getAllByRole('row').map((row) => row.textContent);

describe('WindowedTableBody', () => {
  it('draws a short list at once on its first render', () => {
    const { drawnRows, table } = recordingTable();
    render(table(['a', 'b', 'c']));
    expect(drawnRows.slice(0, 3)).toEqual(['a', 'b', 'c']);
    expect(shownRows()).toEqual(['a', 'b', 'c']);
  });

  it('keeps the rows drawn before in the blocking render of a change and draws the new ones in the background', () => {
    const { drawnRows, table } = recordingTable();
    const view = render(table(['a', 'b', 'c']));
    const before = drawnRows.length;
    view.rerender(table(['c']));
    // The key press (a search, a filter) is painted with the old rows, then the new ones.
    expect(drawnRows.slice(before)).toEqual(['a', 'b', 'c', 'c']);
    expect(shownRows()).toEqual(['c']);
  });
});
