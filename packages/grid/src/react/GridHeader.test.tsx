import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { headerSort } from '../sorting/headerSort.js';
import { createSortState, sortEntriesOf } from '../sorting/sortState.js';
import { DataGrid } from './DataGrid.js';
import { peopleMeta, person } from './test/gridFixtures.js';

const meta = peopleMeta({ sort: [{ colid: 'name', order: 'Ascending' }] });
const rows = [person(1, 'Ann'), person(2, 'Bob')];
const header = (name: string) => screen.getByRole('columnheader', { name });

/** The grid with its sort kept as the report view keeps it: header clicks through headerSort. */
function SortingGrid({ onSort }: { onSort?: (entries: unknown) => void }) {
  const [state, setState] = useState(() => createSortState(meta));
  return (
    <DataGrid
      label="People"
      meta={meta}
      rows={rows}
      sort={state.applied.map((s) => ({ colid: s.id, order: s.direction }))}
      onHeaderSort={(colid, how) => {
        const next = headerSort(state, colid, how);
        setState(next);
        onSort?.(sortEntriesOf(next.applied));
      }}
    />
  );
}

describe('GridHeader: sorting by the column headers (issue 12)', () => {
  it('shows the sort direction on the sorted column, aria-sort too', () => {
    render(<SortingGrid />);
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Age')).not.toHaveAttribute('aria-sort');
    expect(header('Name')).toHaveAttribute('data-sort', 'ascending');
  });

  it('sorts by a clicked header, flips on a second click, and adds a sort with Shift-click', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    render(<SortingGrid onSort={onSort} />);
    await user.click(header('Age'));
    expect(onSort).toHaveBeenLastCalledWith([{ colid: 'age', order: 'Ascending' }]);
    expect(header('Age')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Name')).not.toHaveAttribute('aria-sort');
    await user.click(header('Age'));
    expect(header('Age')).toHaveAttribute('aria-sort', 'descending');
    await user.keyboard('{Shift>}');
    await user.click(header('Balance'));
    await user.keyboard('{/Shift}');
    expect(onSort).toHaveBeenLastCalledWith([
      { colid: 'age', order: 'Descending' },
      { colid: 'balance', order: 'Ascending' },
    ]);
    expect(header('Age')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Balance')).toHaveAttribute('aria-sort', 'ascending');
    // With more than one sort, each header shows its place among them.
    expect(header('Age')).toHaveAttribute('data-sort-rank', '1');
    expect(header('Balance')).toHaveAttribute('data-sort-rank', '2');
  });

  it('keeps the header text as the column title (the direction is an icon)', () => {
    render(<SortingGrid />);
    expect(header('Name').textContent).toBe('Name');
  });

  it('sorts from the keyboard: ArrowUp from the first row reaches the headers, Enter sorts', async () => {
    const onSort = vi.fn();
    render(<SortingGrid onSort={onSort} />);
    const firstRow = within(screen.getByRole('grid')).getAllByRole('row')[1]!;
    firstRow.focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(header('Name')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(onSort).toHaveBeenLastCalledWith([{ colid: 'age', order: 'Ascending' }]);
    await userEvent.keyboard('{ArrowRight}{Shift>}{Enter}{/Shift}');
    expect(onSort).toHaveBeenLastCalledWith([
      { colid: 'age', order: 'Ascending' },
      { colid: 'balance', order: 'Ascending' },
    ]);
    await userEvent.keyboard('{ArrowDown}');
    expect(firstRow).toHaveFocus();
  });

  it('does not sort when the column is resized by its handle', () => {
    const onSort = vi.fn();
    render(<SortingGrid onSort={onSort} />);
    const handle = header('Age').querySelector('.pl-grid__resizer')!;
    fireEvent.mouseDown(handle, { clientX: 100 });
    fireEvent.mouseMove(document, { clientX: 150 });
    fireEvent.mouseUp(document);
    fireEvent.click(handle);
    expect(onSort).not.toHaveBeenCalled();
  });
});

describe('GridHeader: resizing without Tab stops before the rows (issue 12)', () => {
  it('puts no header or resize handle in the Tab order: Tab from before the grid reaches the rows', async () => {
    render(
      <>
        <button type="button">Before</button>
        <SortingGrid />
      </>,
    );
    screen.getByRole('button', { name: 'Before' }).focus();
    await userEvent.tab();
    expect(within(screen.getByRole('grid')).getAllByRole('row')[1]).toHaveFocus();
    for (const handle of document.querySelectorAll('.pl-grid__resizer'))
      expect(handle).not.toHaveAttribute('tabindex');
    for (const h of screen.getAllByRole('columnheader')) expect(h).toHaveAttribute('tabindex', '-1');
  });

  it('resizes the focused header with Shift+ArrowLeft and Shift+ArrowRight', async () => {
    const onColumnWidthsChange = vi.fn();
    render(<DataGrid label="People" meta={meta} rows={rows} onColumnWidthsChange={onColumnWidthsChange} />);
    const firstRow = within(screen.getByRole('grid')).getAllByRole('row')[1]!;
    firstRow.focus();
    await userEvent.keyboard('{ArrowUp}{Shift>}{ArrowRight}{/Shift}');
    expect(onColumnWidthsChange).toHaveBeenLastCalledWith({ name: 176 });
    expect(header('Name')).toHaveFocus();
    await userEvent.keyboard('{Shift>}{ArrowLeft}{ArrowLeft}{/Shift}');
    expect(onColumnWidthsChange).toHaveBeenLastCalledWith({ name: 144 });
  });
});
