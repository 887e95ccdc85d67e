import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CellEdit, InlineEditedRecord, InlineEditField, ReportGroup, RowId } from '../types.js';
import { DataGrid, type DataGridProps } from './DataGrid.js';
import { peopleMeta, person } from './test/gridFixtures.js';

const fields: Record<string, InlineEditField> = {
  name: { kind: 'text', isRequired: true },
  age: { kind: 'int' },
  balance: { kind: 'currency', isReadOnly: true },
  joined: { kind: 'date' },
  active: { kind: 'bool' },
};
const rows = [person(1, 'Ann'), person(2, 'Bob'), person(3, 'Cat', 'Perth')];

/** The grid with the host's part of inline editing: edits kept per record. */
function EditingGrid({
  onCellEdit,
  errors = {},
  ...props
}: Partial<DataGridProps> & {
  onCellEdit?: (eid: RowId, edit: CellEdit) => void;
  errors?: Record<RowId, Record<string, string>>;
}) {
  const [records, setRecords] = useState<Record<RowId, InlineEditedRecord>>(() =>
    Object.fromEntries(
      Object.entries(errors).map(([eid, e]) => [eid, { eid: Number(eid), cells: {}, errors: e }]),
    ),
  );
  return (
    <DataGrid
      label="People"
      meta={peopleMeta()}
      rows={rows}
      mode="inlineEditing"
      {...props}
      inlineEdit={{
        hasForm: true,
        fields,
        ...props.inlineEdit,
        records,
        onCellEdit: (eid, edit) => {
          onCellEdit?.(eid, edit);
          props.inlineEdit?.onCellEdit(eid, edit);
          setRecords((all) => ({
            ...all,
            [eid]: {
              eid,
              cells: { ...all[eid]?.cells, [edit.colid]: edit },
              errors: all[eid]?.errors ?? {},
            },
          }));
        },
      }}
    />
  );
}

/** Hover; react-aria under jsdom opens a tooltip only from the second hover of a file's first pointer. */
async function hover(user: ReturnType<typeof userEvent.setup>, element: HTMLElement) {
  await user.hover(element);
  await user.unhover(element);
  await user.hover(element);
}

const cellOf = (eid: number, colid: string) =>
  screen.getByRole('grid').querySelector<HTMLElement>(`[data-eid="${eid}"] [data-colid="${colid}"]`)!;

describe('DataGrid: inline editing', () => {
  it('focuses the first editable cell 100 ms after editing starts', async () => {
    vi.useFakeTimers();
    try {
      render(<EditingGrid />);
      expect(within(cellOf(1, 'name')).queryByRole('textbox')).toBeNull();
      act(() => vi.advanceTimersByTime(99));
      expect(within(cellOf(1, 'name')).queryByRole('textbox')).toBeNull();
      act(() => vi.advanceTimersByTime(1));
      // The editors' code loads apart from the grid's (the page preloads it once rows show).
      await act(async () => {
        await import('./inline/InlineEditor.js');
      });
      const input = within(cellOf(1, 'name')).getByRole('textbox', { name: /Name/ });
      expect(input).toHaveValue('Ann');
      expect(input).toHaveFocus();
    } finally {
      vi.useRealTimers();
    }
  });

  it('moves with Tab across editable columns and with the arrows across rows', async () => {
    const user = userEvent.setup();
    const onActiveCellChange = vi.fn();
    render(
      <EditingGrid inlineEdit={{ hasForm: true, fields, onCellEdit: () => undefined, onActiveCellChange }} />,
    );
    await waitFor(() => expect(within(cellOf(1, 'name')).getByRole('textbox')).toHaveFocus());
    await user.keyboard('{Tab}');
    await waitFor(() => expect(within(cellOf(1, 'age')).getByRole('textbox')).toHaveFocus());
    expect(onActiveCellChange).toHaveBeenLastCalledWith({ eid: 1, colid: 'age' });
    // The read-only balance is skipped.
    await user.keyboard('{Tab}');
    await waitFor(() => expect(cellOf(1, 'joined').querySelector('[role="spinbutton"]')).toHaveFocus());
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    await waitFor(() => expect(within(cellOf(1, 'age')).getByRole('textbox')).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(within(cellOf(2, 'age')).getByRole('textbox')).toHaveFocus());
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(within(cellOf(1, 'age')).getByRole('textbox')).toHaveFocus());
  });

  it('skips group rows when moving up and down', async () => {
    const user = userEvent.setup();
    const meta = peopleMeta({
      rmeta: {
        groups: [{ colid: 'city', order: 'Ascending' }],
        aggs: {},
        showst: false,
        showgt: false,
        showcnt: true,
      },
    });
    const groups: ReportGroup[] = [
      { hdrs: [{ val: 'Adelaide' }], aggs: {}, count: 2 },
      { hdrs: [{ val: 'Perth' }], aggs: {}, count: 1 },
    ];
    render(<EditingGrid meta={meta} groups={groups} />);
    await waitFor(() => expect(within(cellOf(1, 'name')).getByRole('textbox')).toHaveFocus());
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(within(cellOf(3, 'name')).getByRole('textbox')).toHaveFocus());
  });

  it('reports edits and flags the row modified, or invalid with the error in the cell tooltip', async () => {
    const user = userEvent.setup();
    const onCellEdit = vi.fn();
    render(<EditingGrid onCellEdit={onCellEdit} errors={{ 2: { age: 'Age must be at most 120.' } }} />);
    const input = await within(cellOf(1, 'name')).findByRole('textbox');
    await waitFor(() => expect(input).toHaveFocus());
    await user.clear(input);
    await user.type(input, 'Annie');
    expect(onCellEdit).toHaveBeenLastCalledWith(1, { colid: 'name', fid: 1, value: 'Annie' });
    expect(cellOf(1, 'name').closest('[role="row"]')).toHaveAttribute('data-inline-state', 'modified');
    const invalidRow = cellOf(2, 'age').closest('[role="row"]');
    expect(invalidRow).toHaveAttribute('data-inline-state', 'invalid');
    expect(cellOf(2, 'age')).toHaveAttribute('aria-invalid', 'true');
    await hover(user, within(cellOf(2, 'age')).getByText('32'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Age must be at most 120.');
  });

  it('settles a number on leaving the cell', async () => {
    const user = userEvent.setup();
    const onCellEdit = vi.fn();
    render(<EditingGrid onCellEdit={onCellEdit} />);
    await waitFor(() => expect(within(cellOf(1, 'name')).getByRole('textbox')).toHaveFocus());
    await user.keyboard('{Tab}');
    const age = await within(cellOf(1, 'age')).findByRole('textbox');
    await waitFor(() => expect(age).toHaveFocus());
    await user.clear(age);
    await user.type(age, '45');
    await user.keyboard('{ArrowDown}');
    expect(onCellEdit).toHaveBeenCalledWith(1, { colid: 'age', fid: 2, value: 45 });
    await waitFor(() => expect(within(cellOf(2, 'age')).getByRole('textbox')).toHaveFocus());
    expect(cellOf(1, 'age')).toHaveTextContent('45');
  });

  it('reports a cleared number as empty, not 0 (issue 12: a required one is then refused)', async () => {
    const user = userEvent.setup();
    const onCellEdit = vi.fn();
    render(<EditingGrid onCellEdit={onCellEdit} />);
    await waitFor(() => expect(within(cellOf(1, 'name')).getByRole('textbox')).toHaveFocus());
    await user.keyboard('{Tab}');
    const age = await within(cellOf(1, 'age')).findByRole('textbox');
    await waitFor(() => expect(age).toHaveFocus());
    await user.clear(age);
    await user.keyboard('{ArrowDown}');
    expect(onCellEdit).toHaveBeenLastCalledWith(1, { colid: 'age', fid: 2, value: null });
    expect(onCellEdit).not.toHaveBeenCalledWith(1, expect.objectContaining({ value: 0 }));
  });

  it('reports an invalid typed date when the user leaves the cell', async () => {
    const user = userEvent.setup();
    const onInvalidValue = vi.fn();
    const onCellEdit = vi.fn();
    render(<EditingGrid inlineEdit={{ hasForm: true, fields, onCellEdit, onInvalidValue }} />);
    await waitFor(() => expect(within(cellOf(1, 'name')).getByRole('textbox')).toHaveFocus());
    await user.keyboard('{Tab}{Tab}');
    const day = await waitFor(() => {
      const segment = cellOf(1, 'joined').querySelector<HTMLElement>('[role="spinbutton"]');
      expect(segment).toHaveFocus();
      return segment!;
    });
    expect(day).toHaveAttribute('aria-valuenow', '2');
    await user.keyboard('{Backspace}{Backspace}');
    await user.keyboard('{Tab}');
    await waitFor(() => expect(within(cellOf(1, 'active')).getByRole('checkbox')).toHaveFocus());
    expect(onInvalidValue).toHaveBeenCalledWith(1, 'joined', 'Invalid date.');
  });

  it('explains cells that cannot be edited in their tooltips', async () => {
    const user = userEvent.setup();
    render(<EditingGrid />);
    expect(cellOf(1, 'balance')).toHaveAttribute('aria-readonly', 'true');
    await hover(user, within(cellOf(1, 'balance')).getByText('$100.50'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'This field is read-only and cannot be edited',
    );
    await user.unhover(within(cellOf(1, 'balance')).getByText('$100.50'));
    await hover(user, within(cellOf(1, 'manager')).getByText('Boss Person'));
    await waitFor(() =>
      expect(screen.getByRole('tooltip')).toHaveTextContent('No associated form found for this field'),
    );
  });

  it("picks a relationship's records through its end's picker report when it names one", async () => {
    const user = userEvent.setup();
    const pickerDataSource = {
      fetchPage: vi.fn(async () => ({ rows: [{ id: 98, name: 'Other Boss' }], hasNameColumn: true })),
      fetchByIds: vi.fn(async () => []),
      fetchTemplateReportIds: vi.fn(async () => []),
    };
    const relationshipEnd = { relationshipId: 7, direction: 'fwd' as const };
    const withManager = {
      ...fields,
      manager: {
        kind: 'lookup' as const,
        picker: { typeId: 10, entityTypeName: 'Person', relationshipEnd },
      },
    };
    render(
      <EditingGrid
        inlineEdit={{
          hasForm: true,
          fields: withManager,
          onCellEdit: () => undefined,
          pickerDataSource: pickerDataSource as never,
        }}
      />,
    );
    await user.click(within(cellOf(2, 'manager')).getByText('Boss Person'));
    await user.click(await within(cellOf(2, 'manager')).findByRole('textbox', { name: 'Manager' }));
    const listbox = await screen.findByRole('listbox', { name: 'Manager options' });
    await within(listbox).findByRole('option', { name: 'Other Boss' });
    expect(pickerDataSource.fetchPage).toHaveBeenCalledWith(
      expect.objectContaining({ config: expect.objectContaining({ typeId: 10, relationshipEnd }) }),
      expect.anything(),
    );
  });

  it('edits a relationship with the record picker, and not without picker data', async () => {
    const user = userEvent.setup();
    const pickerDataSource = {
      fetchPage: vi.fn(async () => ({
        rows: [
          { id: 99, name: 'Boss Person' },
          { id: 98, name: 'Other Boss' },
        ],
        hasNameColumn: true,
      })),
      fetchByIds: vi.fn(async () => []),
      fetchTemplateReportIds: vi.fn(async () => []),
    };
    const withManager = {
      ...fields,
      manager: { kind: 'lookup' as const, picker: { typeId: 10, entityTypeName: 'Person' } },
    };
    const { unmount } = render(
      <EditingGrid inlineEdit={{ hasForm: true, fields: withManager, onCellEdit: () => undefined }} />,
    );
    await hover(user, within(cellOf(1, 'manager')).getByText('Boss Person'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Field is not supported with Inline Edit');
    unmount();
    const onCellEdit = vi.fn();
    render(
      <EditingGrid
        onCellEdit={onCellEdit}
        inlineEdit={{
          hasForm: true,
          fields: withManager,
          onCellEdit: () => undefined,
          pickerDataSource: pickerDataSource as never,
        }}
      />,
    );
    await user.click(within(cellOf(2, 'manager')).getByText('Boss Person'));
    await user.click(await within(cellOf(2, 'manager')).findByRole('textbox', { name: 'Manager' }));
    const listbox = await screen.findByRole('listbox', { name: 'Manager options' });
    await user.click(await within(listbox).findByRole('option', { name: 'Other Boss' }));
    await waitFor(() =>
      expect(onCellEdit).toHaveBeenCalledWith(2, {
        colid: 'manager',
        rid: 7,
        value: [98],
        text: 'Other Boss',
      }),
    );
  });

  it('shows saved rows with the success highlight', () => {
    render(
      <EditingGrid inlineEdit={{ hasForm: true, fields, onCellEdit: () => undefined, savedIds: [3] }} />,
    );
    expect(cellOf(3, 'name').closest('[role="row"]')).toHaveAttribute('data-inline-state', 'saved');
  });

  it('edits nothing outside inline editing', async () => {
    render(<EditingGrid mode="default" />);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(cellOf(1, 'balance')).not.toHaveAttribute('aria-readonly');
  });
});
