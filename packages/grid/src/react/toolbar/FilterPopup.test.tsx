import type { PickerDataSource } from '@plinth/fields';
import { reportQuery } from '@plinth/schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFilterState } from '../../filters/createFilterState.js';
import { filterTestMeta } from '../../filters/filterTestMeta.js';
import type { FilterQuery, FilterState } from '../../filters/filterTypes.js';
import { FilterPopup } from './FilterPopup.js';

function conds(onApply: ReturnType<typeof vi.fn>, call = 0) {
  const query = onApply.mock.calls[call]?.[0] as FilterQuery | undefined;
  return Object.fromEntries((query?.conds ?? []).map((c) => [c.expid, c]));
}

async function openFilters() {
  await userEvent.click(screen.getByRole('button', { name: /^Filter/ }));
  return screen.getByRole('dialog');
}

const group = (dialog: HTMLElement, name: string) => within(dialog).getByRole('group', { name });

async function pick(button: HTMLElement, option: string) {
  await userEvent.click(button);
  await userEvent.click(screen.getByRole('option', { name: option }));
}

function segments(scope: HTMLElement, name: string) {
  return within(within(scope).getAllByRole('group', { name })[0] as HTMLElement).getAllByRole('spinbutton');
}

function setup(
  state: FilterState = createFilterState(filterTestMeta()),
  breakpoint: 'sm' | 'md' | 'lg' = 'lg',
) {
  const onApply = vi.fn();
  render(<FilterPopup state={state} onApply={onApply} breakpoint={breakpoint} />);
  return onApply;
}

describe('FilterPopup', () => {
  it("opens 'Filter by' 37.5rem wide, at most 15.25rem high, with Reset and Apply", async () => {
    setup();
    const dialog = await openFilters();
    expect(within(dialog).getByRole('heading', { name: 'Filter by' })).toBeInTheDocument();
    expect(dialog.closest('.pl-toolbar-popup')).toHaveStyle({ width: '37.5rem' });
    expect(dialog.querySelector('.pl-toolbar-popup__body')).toHaveStyle({ maxHeight: '15.25rem' });
    expect(within(dialog).getByRole('button', { name: 'Reset' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeInTheDocument();
  });

  it('lists the visible filters and the result limit without an operator field', async () => {
    setup();
    const dialog = await openFilters();
    const names = within(dialog)
      .getAllByRole('group')
      .filter((g) => g.tagName === 'FIELDSET')
      .map((g) => g.querySelector('legend')?.textContent);
    expect(names).toEqual([
      'Name',
      'Amount',
      'Count',
      'Closes',
      'Created',
      'Starts',
      'Won',
      'Stage',
      'Limit results to top N records',
    ]);
    const limit = group(dialog, 'Limit results to top N records');
    expect(within(limit).queryByRole('button', { name: /operator/ })).not.toBeInTheDocument();
    expect(await within(limit).findByRole('textbox', { name: 'Limit results to top N records' })).toHaveValue(
      '500',
    );
  });

  it('applies a text filter and the result limit, coercing zero to 1', async () => {
    const onApply = setup();
    const dialog = await openFilters();
    await pick(within(group(dialog, 'Name')).getByRole('button', { name: 'Name operator: =' }), 'Contains');
    await userEvent.type(within(group(dialog, 'Name')).getByRole('textbox', { name: 'Name value' }), 'acme');
    const limit = within(group(dialog, 'Limit results to top N records')).getByRole('textbox');
    await userEvent.clear(limit);
    await userEvent.type(limit, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(conds(onApply).fName).toEqual({ expid: 'fName', oper: 'Contains', type: 'String', value: 'acme' });
    const query = onApply.mock.calls[0]?.[0] as FilterQuery;
    expect(query).toMatchObject({ limitOperator: 'ResultLimit', limitValue: 1 });
    expect(() => reportQuery.parse(query)).not.toThrow();
    // The dialog's exit runs on timers: on a loaded machine it takes longer than waitFor's 1 s.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('switches to In the last with Days and a count', async () => {
    const onApply = setup();
    const dialog = await openFilters();
    const closes = group(dialog, 'Closes');
    await pick(within(closes).getByRole('button', { name: 'Closes operator: >' }), 'In the last');
    expect(within(closes).getByRole('button', { name: 'Closes unit: Days' })).toBeInTheDocument();
    await userEvent.type(within(closes).getByRole('textbox', { name: 'Closes count' }), '14');
    await pick(within(closes).getByRole('button', { name: 'Closes unit: Days' }), 'Weeks');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(conds(onApply).fCloses).toEqual({ expid: 'fCloses', oper: 'LastNWeeks', type: 'Date', value: 14 });
  });

  it('switches to In the next with NextNDays', async () => {
    const onApply = setup();
    const dialog = await openFilters();
    const closes = group(dialog, 'Closes');
    await pick(within(closes).getByRole('button', { name: 'Closes operator: >' }), 'In the next');
    await userEvent.type(within(closes).getByRole('textbox', { name: 'Closes count' }), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(conds(onApply).fCloses).toEqual({ expid: 'fCloses', oper: 'NextNDays', type: 'Date', value: 3 });
  });

  it('hides the value field for operators that take none, and applies them', async () => {
    const onApply = setup();
    const dialog = await openFilters();
    const count = group(dialog, 'Count');
    expect(within(count).getByRole('textbox', { name: 'Count value' })).toBeInTheDocument();
    await pick(within(count).getByRole('button', { name: 'Count operator: >' }), 'Is empty');
    expect(within(count).queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(conds(onApply).fCount).toEqual({ expid: 'fCount', oper: 'IsNull', type: 'Int32' });
  });

  it('fills the missing bound of a Between date a day away', async () => {
    const onApply = setup();
    const dialog = await openFilters();
    const closes = group(dialog, 'Closes');
    await pick(within(closes).getByRole('button', { name: 'Closes operator: >' }), 'Between');
    const from = segments(closes, 'Closes from');
    // en-AU: dd/MM/yyyy
    await userEvent.click(from[0] as HTMLElement);
    await userEvent.keyboard('31122025');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(conds(onApply).fCloses).toEqual({
      expid: 'fCloses',
      oper: 'Between',
      type: 'Date',
      value: '2025-12-31',
      values: ['2026-01-01'],
    });
  });

  it('chooses yes or no for a yes/no filter', async () => {
    const onApply = setup();
    const dialog = await openFilters();
    await pick(within(group(dialog, 'Won')).getByRole('button', { name: 'Won value: Any' }), 'No');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(conds(onApply).fWon).toEqual({ expid: 'fWon', oper: 'Equal', type: 'Bool', value: false });
  });

  it('discards the changes when closed without Apply', async () => {
    const onApply = setup();
    let dialog = await openFilters();
    await userEvent.type(within(group(dialog, 'Name')).getByRole('textbox', { name: 'Name value' }), 'acme');
    await userEvent.keyboard('{Escape}');
    // The dialog's exit runs on timers: on a loaded machine it takes longer than waitFor's 1 s.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openFilters();
    expect(within(group(dialog, 'Name')).getByRole('textbox', { name: 'Name value' })).toHaveValue('');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('Reset clears every filter and applies that', async () => {
    const onApply = setup();
    const dialog = await openFilters();
    expect(within(group(dialog, 'Amount')).getByRole('textbox', { name: 'Amount value' })).toHaveValue(
      '100.00',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(conds(onApply).fAmount).toEqual({ expid: 'fAmount', oper: 'GreaterThan', type: 'Currency' });
    expect(conds(onApply).fStage).toEqual({ expid: 'fStage', oper: 'AnyOf', type: 'ChoiceRelationship' });
    expect(within(group(dialog, 'Amount')).getByRole('textbox', { name: 'Amount value' })).toHaveValue('');
  });

  it('shows the number of applied filters on the button', () => {
    setup();
    expect(screen.getByRole('button', { name: 'Filter, 3 applied' })).toHaveTextContent('Filter3');
  });

  it('is a modal on small screens', async () => {
    setup(undefined, 'sm');
    const dialog = await openFilters();
    expect(dialog.closest('.pl-modal')).not.toBeNull();
    expect(within(dialog).getByRole('heading', { name: 'Filter by' })).toBeInTheDocument();
  });

  it('chooses records of a choice filter through the host data source', async () => {
    const stages = [
      { id: 3, name: 'Prospecting' },
      { id: 4, name: 'Qualified' },
      { id: 5, name: 'Won' },
    ];
    const dataSource: PickerDataSource = {
      fetchPage: vi.fn(async (request) => ({
        // Choice values come unpaged (page size 0).
        rows: request.pageSize
          ? stages.slice(request.startIndex, request.startIndex + request.pageSize)
          : stages,
        hasNameColumn: true,
      })),
      fetchByIds: vi.fn(async (ids: number[]) => stages.filter((s) => ids.includes(s.id))),
      fetchTemplateReportIds: vi.fn(async () => []),
    };
    const onApply = vi.fn();
    render(
      <FilterPopup
        state={createFilterState(filterTestMeta())}
        onApply={onApply}
        breakpoint="lg"
        pickerDataSource={dataSource}
      />,
    );
    const dialog = await openFilters();
    const stage = group(dialog, 'Stage');
    await userEvent.click(within(stage).getByRole('textbox', { name: 'Stage value' }));
    const listbox = await screen.findByRole('listbox', { name: 'Stage value options' });
    await userEvent.click(await within(listbox).findByRole('option', { name: 'Won' }));
    expect(fetchConfig(dataSource)).toMatchObject({ typeId: 42, isEnumeration: true });
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Filter by' })).getByRole('button', { name: 'Apply' }),
    );
    expect(conds(onApply).fStage).toEqual({
      expid: 'fStage',
      oper: 'AnyOf',
      type: 'ChoiceRelationship',
      valueList: [3, 4, 5],
    });
  });

  it('applies a date-time filter as the instant of the local time typed', async () => {
    const onApply = setup();
    const dialog = await openFilters();
    const created = group(dialog, 'Created');
    await userEvent.click(segments(created, 'Created value')[0] as HTMLElement);
    await userEvent.keyboard('0203202609300');
    await userEvent.keyboard('a');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(conds(onApply).fCreated).toEqual({
      expid: 'fCreated',
      oper: 'GreaterThan',
      type: 'DateTime',
      value: new Date(2026, 2, 2, 9, 30).toISOString(),
    });
  });

  it('applies a time range, filling To an hour after From', async () => {
    const onApply = setup();
    const dialog = await openFilters();
    const starts = group(dialog, 'Starts');
    await pick(within(starts).getByRole('button', { name: 'Starts operator: >' }), 'Between');
    await userEvent.click(segments(starts, 'Starts from')[0] as HTMLElement);
    await userEvent.keyboard('0815p');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(conds(onApply).fStarts).toEqual({
      expid: 'fStarts',
      oper: 'Between',
      type: 'Time',
      value: '20:15:00',
      values: ['21:15:00'],
    });
  });
});

function fetchConfig(dataSource: PickerDataSource) {
  const calls = (dataSource.fetchPage as ReturnType<typeof vi.fn>).mock.calls;
  return calls[0]?.[0]?.config;
}
