import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { RowId } from '../types.js';
import { DataGrid, type DataGridProps } from './DataGrid.js';
import { col, people, peopleMeta, person } from './test/gridFixtures.js';

const settings = { locale: 'en-AU', currencySymbol: '$', timeZone: 'UTC' };
const bodyRows = () => within(screen.getByRole('grid')).getAllByRole('row').slice(1);
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('gridcell')
    .map((c) => c.textContent);

/** The grid with its selection kept, as the host would. */
function SelectingGrid(
  props: Omit<DataGridProps, 'selectedIds' | 'onSelectionChange'> & { onChange?: (ids: RowId[]) => void },
) {
  const [ids, setIds] = useState<RowId[]>([]);
  return (
    <DataGrid
      {...props}
      selectedIds={ids}
      onSelectionChange={(next) => {
        setIds(next);
        props.onChange?.(next);
      }}
    />
  );
}

describe('DataGrid: columns and cells', () => {
  it('shows the visible columns in ord order with cells formatted by type', () => {
    render(
      <DataGrid
        label="People"
        meta={peopleMeta()}
        rows={[person(1, 'Ann'), person(2, 'Bob')]}
        textSettings={settings}
      />,
    );
    const grid = screen.getByRole('grid', { name: 'People' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Age', 'Balance', 'Joined', 'Active', 'Manager']);
    expect(cellTexts(bodyRows()[0]!)).toEqual(['Ann', '31', '$100.50', '02/03/2026', 'No', 'Boss Person']);
    expect(cellTexts(bodyRows()[1]!)).toEqual(['Bob', '32', '$201.00', '03/03/2026', 'Yes', 'Boss Person']);
  });

  it('draws columns at their type widths and lets the user resize one, not under 68', () => {
    const onColumnWidthsChange = vi.fn();
    render(
      <DataGrid
        label="People"
        meta={peopleMeta()}
        rows={[person(1, 'Ann')]}
        onColumnWidthsChange={onColumnWidthsChange}
      />,
    );
    const widths = within(bodyRows()[0]!)
      .getAllByRole('gridcell')
      .map((c) => c.style.width);
    expect(widths).toEqual(['160px', '80px', '96px', '96px', '80px', '160px']);
    // The mouse's resize handle (the keyboard resizes from the header: GridHeader.test).
    const handle = screen.getByRole('columnheader', { name: 'Age' }).querySelector('.pl-grid__resizer')!;
    fireEvent.mouseDown(handle, { clientX: 100 });
    fireEvent.mouseMove(document, { clientX: 150 });
    fireEvent.mouseUp(document);
    expect(onColumnWidthsChange).toHaveBeenLastCalledWith({ age: 130 });
    expect(within(bodyRows()[0]!).getAllByRole('gridcell')[1]).toHaveStyle({ width: '130px' });
    fireEvent.mouseDown(handle, { clientX: 100 });
    fireEvent.mouseMove(document, { clientX: -400 });
    fireEvent.mouseUp(document);
    expect(onColumnWidthsChange).toHaveBeenLastCalledWith({ age: 68 });
  });

  it('renders highlight, icon, progress-bar, image, avatar and file-link templates', async () => {
    const onPreviewFile = vi.fn();
    const meta = {
      rcols: {
        name: col({ title: 'File', type: 'String', ord: 0, entityname: true }),
        score: col({
          title: 'Score',
          type: 'Int32',
          ord: 1,
          cfRule: { style: 'ProgressBar', rules: [{ bounds: { lower: 0, upper: 100 }, bgcolor: 'green' }] },
        }),
        risk: col({
          title: 'Risk',
          type: 'String',
          ord: 2,
          cfRule: {
            style: 'Highlight',
            rules: [{ bounds: { lower: 'High', upper: 'High' }, bgcolor: 'red', fgcolor: 'white' }],
          },
        }),
        flag: col({
          title: 'Flag',
          type: 'String',
          ord: 3,
          cfRule: { style: 'Icon', rules: [{ imgid: 5 }] },
        }),
        photo: col({ title: 'Photo', type: 'String', ord: 4, represents: 'image' }),
        owner: col({ title: 'Owner', type: 'RelatedResource', ord: 5, tid: 40 }),
      },
    };
    const row = {
      eid: 1,
      values: [
        { val: 'Plan.pdf' },
        { val: 40 },
        { val: 'High' },
        { val: 'Yes' },
        { val: 77 },
        { vals: [{ eid: 3, val: 'Ann Lee' }] },
      ],
    };
    render(
      <DataGrid
        label="Files"
        meta={meta}
        rows={[row]}
        columnOptions={{ isDocumentReport: true, personTypeIds: new Set([40]) }}
        imageUrl={(id, size) => `/img/${id}/${size}`}
        onPreviewFile={onPreviewFile}
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'Score' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByTestId('cell-highlight')).toHaveStyle({
      backgroundColor: 'rgb(255, 0, 0)',
      color: 'rgb(255, 255, 255)',
    });
    expect(screen.getByRole('img', { name: 'Yes' })).toHaveAttribute('src', '/img/5/small');
    expect(screen.getByRole('img', { name: 'Photo' })).toHaveAttribute('src', '/img/77/small');
    expect(screen.getByText('AL')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Plan.pdf' }));
    expect(onPreviewFile).toHaveBeenCalledWith(row);
  });

  it('shows the loading placeholder with one column per report column', () => {
    render(<DataGrid label="People" meta={peopleMeta()} rows={[]} isLoading placeholderRows={5} />);
    const status = screen.getByRole('status', { name: 'Loading' });
    expect(within(status).getAllByTestId('loading-grid-row')).toHaveLength(5);
    expect(within(status).getAllByTestId('loading-grid-header')[0]!.children).toHaveLength(6);
  });

  it('shows four placeholder columns before the columns are known, and survives broken rows', () => {
    const { rerender } = render(<DataGrid label="People" meta={undefined} rows={[]} isLoading />);
    expect(screen.getAllByTestId('loading-grid-header')[0]!.children).toHaveLength(4);
    rerender(
      <DataGrid label="People" meta={peopleMeta()} rows={[null, { eid: 5 }, person(1, 'Ann')] as never} />,
    );
    expect(bodyRows()).toHaveLength(1);
  });
});

describe('DataGrid: selection, double-click and context menu', () => {
  it('selects one row by click, more with Ctrl, and marks them aria-selected', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SelectingGrid label="People" meta={peopleMeta()} rows={people(3)} onChange={onChange} />);
    await user.click(screen.getByText('Person 2'));
    expect(onChange).toHaveBeenLastCalledWith([2]);
    expect(bodyRows()[1]).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByText('Person 3'));
    expect(onChange).toHaveBeenLastCalledWith([3]);
    await user.keyboard('{Control>}');
    await user.click(screen.getByText('Person 1'));
    await user.keyboard('{/Control}');
    expect(onChange).toHaveBeenLastCalledWith([3, 1]);
    expect(bodyRows().map((r) => r.getAttribute('aria-selected'))).toEqual(['true', 'false', 'true']);
  });

  it('shows checkboxes in multi-select mode and toggles rows and all rows', async () => {
    const onChange = vi.fn();
    render(
      <SelectingGrid
        label="People"
        meta={peopleMeta()}
        rows={people(3)}
        mode="multiSelect"
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('grid')).toHaveAttribute('aria-multiselectable', 'true');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await userEvent.click(screen.getByText('Person 3'));
    expect(onChange).toHaveBeenLastCalledWith([1, 3]);
    const all = screen.getByRole('checkbox', { name: 'Select all rows' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    await userEvent.click(all);
    expect(onChange).toHaveBeenLastCalledWith([1, 3, 2]);
    await userEvent.click(all);
    expect(onChange).toHaveBeenLastCalledWith([]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('adds the row checkboxes when multi-select mode starts on a grid already showing rows', () => {
    // A wide grid: the columns stretch to fill it, so its width stays when the checkbox column comes.
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(2000);
    const props = { label: 'People', meta: peopleMeta(), rows: people(3) };
    const { rerender } = render(<DataGrid {...props} mode="default" />);
    expect(screen.queryByRole('checkbox', { name: 'Select row 1' })).toBeNull();
    rerender(<DataGrid {...props} mode="multiSelect" />);
    expect(screen.getByRole('checkbox', { name: 'Select row 1' })).toBeInTheDocument();
    expect(within(bodyRows()[0]!).getAllByRole('gridcell')).toHaveLength(cellTexts(bodyRows()[0]!).length);
    rerender(<DataGrid {...props} mode="default" />);
    expect(screen.queryByRole('checkbox', { name: 'Select row 1' })).toBeNull();
    width.mockRestore();
  });

  it('reports a double-clicked row', async () => {
    const onRowDoubleClick = vi.fn();
    render(
      <DataGrid label="People" meta={peopleMeta()} rows={people(2)} onRowDoubleClick={onRowDoubleClick} />,
    );
    await userEvent.dblClick(screen.getByText('Person 2'));
    expect(onRowDoubleClick).toHaveBeenCalledWith(expect.objectContaining({ eid: 2 }));
  });

  it('raises the context menu on right click and from the keyboard, selecting the row first', async () => {
    const onRowContextMenu = vi.fn();
    const onChange = vi.fn();
    render(
      <SelectingGrid
        label="People"
        meta={peopleMeta()}
        rows={people(3)}
        onRowContextMenu={onRowContextMenu}
        onChange={onChange}
      />,
    );
    fireEvent.contextMenu(screen.getByText('Person 2'), { clientX: 40, clientY: 90 });
    expect(onChange).toHaveBeenLastCalledWith([2]);
    expect(onRowContextMenu).toHaveBeenLastCalledWith(expect.objectContaining({ eid: 2 }), { x: 40, y: 90 });
    bodyRows()[0]!.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(bodyRows()[2]).toHaveFocus();
    await userEvent.keyboard('{Shift>}{F10}{/Shift}');
    expect(onRowContextMenu).toHaveBeenLastCalledWith(
      expect.objectContaining({ eid: 3 }),
      expect.any(Object),
    );
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith([3]);
  });

  it('keeps one row in the tab order and moves it with the arrows', async () => {
    const onRowDoubleClick = vi.fn();
    render(
      <DataGrid label="People" meta={peopleMeta()} rows={people(3)} onRowDoubleClick={onRowDoubleClick} />,
    );
    expect(bodyRows().map((r) => r.tabIndex)).toEqual([0, -1, -1]);
    act(() => bodyRows()[0]!.focus());
    await userEvent.keyboard('{End}');
    expect(bodyRows()[2]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onRowDoubleClick).toHaveBeenCalledWith(expect.objectContaining({ eid: 3 }));
  });
});

describe('DataGrid: virtual rows and live scroll', () => {
  it('draws only the rows in view of a 200-row page', () => {
    render(<DataGrid label="People" meta={peopleMeta()} rows={people(200)} height={600} />);
    const drawn = bodyRows().length;
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(60);
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '201');
  });

  it('asks for more once the user scrolls near the bottom, debounced 100 ms', () => {
    vi.useFakeTimers();
    try {
      const onNearEnd = vi.fn();
      render(<DataGrid label="People" meta={peopleMeta()} rows={people(200)} onNearEnd={onNearEnd} />);
      const grid = screen.getByRole('grid');
      grid.scrollTop = 1000;
      fireEvent.scroll(grid);
      act(() => vi.advanceTimersByTime(150));
      expect(onNearEnd).not.toHaveBeenCalled();
      grid.scrollTop = 200 * 32 + 40 - window.innerHeight - 50;
      fireEvent.scroll(grid);
      act(() => vi.advanceTimersByTime(50));
      expect(onNearEnd).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(60));
      expect(onNearEnd).toHaveBeenCalledTimes(1);
      fireEvent.scroll(grid);
      act(() => vi.advanceTimersByTime(150));
      expect(onNearEnd).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
