import type { HeatmapRow } from '@shared/analytics-schemas';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { heatmapRow } from '../test/analytics-fixtures';
import { CompletionHeatmap } from './completion-heatmap';

/** `count` reviewers 'Reviewer 1'... over `columns` opportunities, composites 1.0 to 5.0. */
function panel(count: number, columns: number): HeatmapRow[] {
  return Array.from({ length: count }, (_, r) =>
    heatmapRow(
      `Reviewer ${r + 1}`,
      Array.from({ length: columns }, (_, c) => ((r + c) % 5 === 4 ? null : 1 + ((r + c) % 5))),
    ),
  );
}

const rowHeaders = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);

describe('completion heatmap at scale', () => {
  it('renders the rows in view of 200 reviewers in a table that states its full size', () => {
    render(<CompletionHeatmap rows={panel(200, 50)} />);
    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('aria-rowcount', '201');
    expect(table).toHaveAttribute('aria-colcount', '51');
    const shown = rowHeaders();
    expect(shown[0]).toBe('Reviewer 1');
    // A 448 px viewport of 36 px rows and 4 rows of overscan: far fewer than 200.
    expect(shown.length).toBeGreaterThanOrEqual(12);
    expect(shown.length).toBeLessThanOrEqual(20);
    expect(screen.getAllByTestId('heatmap-cell')).toHaveLength(shown.length * 50);
    expect(within(table).getAllByRole('row')[1]).toHaveAttribute('aria-rowindex', '2');

    // Scrolled to the middle: the rows there are rendered with their own row index.
    const scroller = screen.getByTestId('heatmap-scroller');
    scroller.scrollTop = 40 + 99 * 36;
    fireEvent.scroll(scroller);
    expect(rowHeaders()).toContain('Reviewer 100');
    expect(rowHeaders()).not.toContain('Reviewer 1');
    const hundredth = screen.getByRole('rowheader', { name: 'Reviewer 100' }).closest('tr');
    expect(hundredth).toHaveAttribute('aria-rowindex', '101');
  });

  it('is one tab stop whose arrow keys move between cells, each with its tooltip', async () => {
    const rows = [
      heatmapRow('Ann Alvarez', [3.2, 4.8, null]),
      heatmapRow('Bob Brown', [null, 4, 1.5]),
    ];
    render(
      <>
        <button type="button">Before</button>
        <CompletionHeatmap rows={rows} />
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    const first = screen.getAllByRole('cell')[0]!;
    expect(first).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Score: 3.20');
    expect(first).toHaveAccessibleDescription('Score: 3.20');

    await user.keyboard('{ArrowRight}');
    expect(screen.getAllByRole('cell')[1]).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Score: 4.80');
    expect(first).not.toHaveAttribute('aria-describedby');

    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('cell')[4]).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Score: 4.00');

    await user.keyboard('{Home}');
    expect(screen.getByRole('tooltip')).toHaveTextContent('Not reviewed');
    await user.keyboard('{End}');
    expect(screen.getByRole('tooltip')).toHaveTextContent('Score: 1.50');

    // Only the focused cell is in the tab order: Tab leaves the table.
    expect(screen.getAllByRole('cell').filter((cell) => cell.tabIndex === 0)).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.tab();
    expect(document.body).toHaveFocus();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('brings a row that is not rendered into view before focusing it', async () => {
    render(<CompletionHeatmap rows={panel(200, 3)} />);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getAllByRole('cell')[0]).toHaveFocus();
    await user.keyboard('{Control>}{End}{/Control}');
    await waitFor(() =>
      expect(
        within(screen.getByRole('rowheader', { name: 'Reviewer 200' }).closest('tr')!)
          .getAllByRole('cell')
          .at(-1),
      ).toHaveFocus(),
    );
    expect(screen.getByRole('tooltip')).toHaveTextContent(/^(Score: \d\.\d\d|Not reviewed)$/);
  });

  it("shows 'Not assigned' and 'Conflict of interest' cells apart from 'Not reviewed'", async () => {
    const [ann] = [heatmapRow('Ann Alvarez', [3.2, null, null, 4.1])];
    ann!.opportunities[2] = { ...ann!.opportunities[2]!, unassigned: true };
    ann!.opportunities[3] = { ...ann!.opportunities[3]!, conflict: true };
    render(<CompletionHeatmap rows={[ann!]} />);

    const cells = screen.getAllByTestId('heatmap-cell');
    expect(cells.map((cell) => [cell.textContent, cell.dataset.band])).toEqual([
      ['3.2', '3-4'],
      ['-', 'none'],
      ['Not assigned', 'unassigned'],
      ['Conflict of interest', 'conflict'],
    ]);
    // Each state has its own look, not only its own colour class.
    const looks = new Set(cells.map((cell) => cell.className));
    expect(looks.size).toBe(4);
    expect(cells[2]!.className).toContain('border-dashed');
    expect(cells[3]!.className).toContain('repeating-linear-gradient');

    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1-2', '2-3', '3-4', '4-5', 'Not reviewed', 'Not assigned', 'Conflict of interest']);

    const user = userEvent.setup();
    await user.hover(cells[2]!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Not assigned');
    await user.hover(cells[3]!);
    await waitFor(() =>
      expect(screen.getByRole('tooltip')).toHaveTextContent('Conflict of interest'),
    );
    await user.hover(cells[1]!);
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Not reviewed'));
    await user.unhover(cells[1]!);
    await user.hover(screen.getByRole('rowheader', { name: 'Ann Alvarez' }));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });
});
