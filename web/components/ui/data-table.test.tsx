import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type RowChecks, useRowSelection } from '@web/lib/use-row-selection';
import { memo } from 'react';
import { describe, expect, it } from 'vitest';
import { DataTable, SelectableCellContent, SelectableRow } from './data-table';
import { TableCell } from './table';

type Fruit = { id: string; name: string };

const fruits: Fruit[] = ['Apple', 'Banana', 'Cherry'].map((name) => ({ id: name, name }));

/** How many times each row's cells were rendered, by row id. */
const cellRenders = new Map<string, number>();

function CountedCell({ id }: { id: string }) {
  cellRenders.set(id, (cellRenders.get(id) ?? 0) + 1);
  return <TableCell>{id}</TableCell>;
}

const FruitRow = memo(function FruitRow({
  fruit,
  checks,
  ariaRowIndex,
}: {
  fruit: Fruit;
  checks: RowChecks;
  ariaRowIndex: number | undefined;
}) {
  return (
    <SelectableRow checks={checks} id={fruit.id} ariaRowIndex={ariaRowIndex}>
      <TableCell>
        <SelectableCellContent label={`Select ${fruit.name}`} checks={checks} id={fruit.id}>
          {fruit.name}
        </SelectableCellContent>
      </TableCell>
      <CountedCell id={fruit.id} />
      <TableCell>menu</TableCell>
    </SelectableRow>
  );
});

function Fruits({ rows, phoneCards }: { rows: Fruit[]; phoneCards?: boolean }) {
  const selection = useRowSelection(rows.map((row) => row.id));
  return (
    <>
      <output aria-label="Selected">{selection.selectedIds.join(',')}</output>
      <DataTable
        label="Fruits"
        columns={[
          { key: 'name', label: 'Name' },
          { key: 'id', label: 'Id' },
        ]}
        sort={{ key: 'name', direction: 'ascending' }}
        onSortChange={() => {}}
        selection={selection}
        selectAllLabel="Select all shown fruits"
        rows={rows}
        rowKey={(row) => row.id}
        noMatches="No fruits"
        renderRow={(fruit, ariaRowIndex) => (
          <FruitRow fruit={fruit} checks={selection.checks} ariaRowIndex={ariaRowIndex} />
        )}
        phoneCards={phoneCards}
      />
    </>
  );
}

const rowOf = (name: string) =>
  screen.getByRole('checkbox', { name: `Select ${name}` }).closest('tr');

describe('DataTable selection', () => {
  it('checks rows one by one and all at once, marking each row, without rendering its cells again', async () => {
    cellRenders.clear();
    const user = userEvent.setup();
    render(<Fruits rows={fruits} />);
    expect(Object.fromEntries(cellRenders)).toEqual({ Apple: 1, Banana: 1, Cherry: 1 });
    const all = screen.getByRole('checkbox', { name: 'Select all shown fruits' });

    await user.click(screen.getByRole('checkbox', { name: 'Select Banana' }));
    expect(screen.getByRole('checkbox', { name: 'Select Banana' })).toBeChecked();
    expect(rowOf('Banana')).toHaveAttribute('data-state', 'selected');
    expect(rowOf('Apple')).not.toHaveAttribute('data-state');
    expect(screen.getByLabelText('Selected')).toHaveTextContent(/^Banana$/);
    expect(all).toBePartiallyChecked();

    await user.click(all);
    for (const name of ['Apple', 'Banana', 'Cherry']) {
      expect(screen.getByRole('checkbox', { name: `Select ${name}` })).toBeChecked();
      expect(rowOf(name)).toHaveAttribute('data-state', 'selected');
    }
    expect(screen.getByLabelText('Selected')).toHaveTextContent(/^Apple,Banana,Cherry$/);
    expect(all).toBeChecked();

    await user.click(all);
    for (const name of ['Apple', 'Banana', 'Cherry']) {
      expect(screen.getByRole('checkbox', { name: `Select ${name}` })).not.toBeChecked();
      expect(rowOf(name)).not.toHaveAttribute('data-state');
    }
    expect(screen.getByLabelText('Selected')).toBeEmptyDOMElement();

    // Every check above changed rows' marks and boxes, and no row's cells were drawn again.
    expect(Object.fromEntries(cellRenders)).toEqual({ Apple: 1, Banana: 1, Cherry: 1 });
  });

  it('counts only shown rows as selected', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Fruits rows={fruits} />);
    await user.click(screen.getByRole('checkbox', { name: 'Select all shown fruits' }));
    rerender(<Fruits rows={fruits.slice(0, 2)} />);
    expect(screen.getByLabelText('Selected')).toHaveTextContent(/^Apple,Banana$/);
    const table = screen.getByRole('table', { name: 'Fruits' });
    expect(within(table).getByRole('checkbox', { name: 'Select all shown fruits' })).toBeChecked();
  });
});

describe('DataTable on a phone', () => {
  it('marks its table for phone cards only when asked (web/styles.css draws them)', () => {
    const { unmount } = render(<Fruits rows={fruits} />);
    expect(screen.getByRole('table', { name: 'Fruits' })).not.toHaveAttribute('data-phone-cards');
    unmount();
    render(<Fruits rows={fruits} phoneCards />);
    expect(screen.getByRole('table', { name: 'Fruits' })).toHaveAttribute('data-phone-cards', '');
  });
});
