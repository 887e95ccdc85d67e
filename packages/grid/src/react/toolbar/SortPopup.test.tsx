import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createSortState } from '../../sorting/sortState.js';
import type { ReportMeta } from '../../types.js';
import { SortPopup } from './SortPopup.js';

const col = (title: string, ord: number) => ({ title, type: 'String' as const, ord, hide: false });
const rmeta = (colid: string) => ({
  groups: [{ colid, order: 'Ascending' as const }],
  aggs: {},
  showst: false,
  showgt: false,
  showcnt: false,
});

function meta(overrides: Partial<ReportMeta> = {}): ReportMeta {
  return {
    title: 'Opportunities',
    rootTypeId: 1,
    rcols: { name: col('Name', 0), stage: col('Stage', 1), amount: col('Amount', 2) },
    sort: [{ colid: 'name', order: 'Ascending' }],
    anlcols: {},
    ...overrides,
  };
}

async function openSort() {
  await userEvent.click(screen.getByRole('button', { name: 'Sort' }));
  return screen.getByRole('dialog');
}

describe('SortPopup', () => {
  it("opens 'Sort by' 28.625rem wide with the applied sorts", async () => {
    render(<SortPopup state={createSortState(meta())} onApply={vi.fn()} breakpoint="lg" />);
    const dialog = await openSort();
    expect(within(dialog).getByRole('heading', { name: 'Sort by' })).toBeInTheDocument();
    expect(dialog.closest('.pl-toolbar-popup')).toHaveStyle({ width: '28.625rem' });
    expect(within(dialog).getByRole('button', { name: 'Column: Name' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Direction: Ascending' })).toBeInTheDocument();
  });

  it('adds a sort on the next unused column, ascending, and applies the sorts', async () => {
    const onApply = vi.fn();
    render(<SortPopup state={createSortState(meta())} onApply={onApply} breakpoint="lg" />);
    const dialog = await openSort();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add sort' }));
    const row = within(dialog).getByRole('listitem', { name: 'Sort 2: Stage' });
    expect(within(row).getByRole('button', { name: 'Direction: Ascending' })).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Direction: Ascending' }));
    await userEvent.click(screen.getByRole('option', { name: 'Descending' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply.mock.calls[0]?.[0]).toEqual([
      { colid: 'name', order: 'Ascending' },
      { colid: 'stage', order: 'Descending' },
    ]);
    // The dialog's exit runs on timers: on a loaded machine it takes longer than waitFor's 1 s.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("disables 'Add sort' when every column is used", async () => {
    render(<SortPopup state={createSortState(meta())} onApply={vi.fn()} breakpoint="lg" />);
    const dialog = await openSort();
    const add = within(dialog).getByRole('button', { name: 'Add sort' });
    await userEvent.click(add);
    await userEvent.click(add);
    expect(add).toBeDisabled();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
  });

  it('changes the column, moves and removes sorts', async () => {
    const onApply = vi.fn();
    render(<SortPopup state={createSortState(meta())} onApply={onApply} breakpoint="lg" />);
    const dialog = await openSort();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add sort' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Column: Stage' }));
    await userEvent.click(screen.getByRole('option', { name: 'Amount' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move Amount up' }));
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Sort 1: Amount', 'Sort 2: Name']);
    expect(within(dialog).getByRole('button', { name: 'Move Amount up' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove sort by Name' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply.mock.calls[0]?.[0]).toEqual([{ colid: 'amount', order: 'Ascending' }]);
  });

  it('discards the changes when closed without Apply', async () => {
    const onApply = vi.fn();
    render(<SortPopup state={createSortState(meta())} onApply={onApply} breakpoint="lg" />);
    let dialog = await openSort();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove sort by Name' }));
    expect(within(dialog).getByText('No sorts')).toBeInTheDocument();
    // The removed row's button had the focus: Escape goes to the dialog from a control inside it
    // (on a loaded machine the focus had not come back into the dialog before the key).
    act(() => within(dialog).getByRole('button', { name: 'Apply' }).focus());
    await userEvent.keyboard('{Escape}');
    // The dialog's exit runs on timers: on a loaded machine it takes longer than waitFor's 1 s.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openSort();
    expect(within(dialog).getByRole('button', { name: 'Column: Name' })).toBeInTheDocument();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('lets a grouped column change direction only, and keeps one other sort', async () => {
    const onApply = vi.fn();
    const state = createSortState(meta({ rmeta: rmeta('stage') }));
    render(<SortPopup state={state} onApply={onApply} breakpoint="lg" />);
    const dialog = await openSort();
    const grouped = within(dialog).getByRole('listitem', { name: 'Sort 1: Stage' });
    expect(within(grouped).getByRole('button', { name: 'Column: Stage' })).toBeDisabled();
    expect(within(grouped).queryByRole('button', { name: /Remove|Move/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add sort' })).toBeDisabled();
    await userEvent.click(within(grouped).getByRole('button', { name: 'Direction: Ascending' }));
    await userEvent.click(screen.getByRole('option', { name: 'Descending' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply.mock.calls[0]?.[0]).toEqual([
      { colid: 'name', order: 'Ascending' },
      { colid: 'stage', order: 'Descending' },
    ]);
  });

  it('is a modal on small screens', async () => {
    render(<SortPopup state={createSortState(meta())} onApply={vi.fn()} breakpoint="sm" />);
    await userEvent.click(screen.getByRole('button', { name: 'Sort' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.closest('.pl-modal')).not.toBeNull();
    expect(within(dialog).getByRole('heading', { name: 'Sort by' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add sort' })).toBeInTheDocument();
  });

  it('shows the applied sorts in the tooltip, long names cut', async () => {
    const long = 'Expected revenue this financial year';
    const state = createSortState(
      meta({ rcols: { name: col(long, 0) }, sort: [{ colid: 'name', order: 'Descending' }] }),
    );
    render(<SortPopup state={state} onApply={vi.fn()} breakpoint="lg" />);
    await userEvent.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Expected revenue this fina...: Descending');
  });
});
