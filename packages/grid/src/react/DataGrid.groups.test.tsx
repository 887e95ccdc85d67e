import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReportGroup } from '../types.js';
import { DataGrid } from './DataGrid.js';
import { groupHeaderHeight, groupHeaderLines } from './grouping/GroupHeaderRow.js';
import { peopleMeta, person } from './test/gridFixtures.js';

const grouped = peopleMeta({
  rmeta: {
    groups: [{ colid: 'city', order: 'Ascending' }],
    aggs: { balance: ['Sum', 'Average'] },
    showst: true,
    showgt: true,
    showcnt: true,
  },
});
const rows = [person(1, 'Ann', 'Adelaide'), person(2, 'Bob', 'Adelaide'), person(3, 'Cat', 'Perth')];
const groups: ReportGroup[] = [
  {
    hdrs: [{ val: 'Adelaide' }],
    aggs: {
      balance: [
        { kind: 'Sum', value: 301.5 },
        { kind: 'Average', value: 150.75 },
      ],
    },
    count: 2,
  },
  {
    hdrs: [{ val: 'Perth' }],
    aggs: {
      balance: [
        { kind: 'Sum', value: 301.5 },
        { kind: 'Average', value: 301.5 },
      ],
    },
    count: 4,
  },
];
const rowLabels = () =>
  within(screen.getByRole('grid'))
    .getAllByRole('row')
    .slice(1)
    .filter((r) => !r.classList.contains('pl-grid__row--total'))
    .map((r) => r.getAttribute('aria-label') ?? within(r).getAllByRole('gridcell')[0]!.textContent);

describe('DataGrid: groups', () => {
  it('puts a header with the label, the count and the aggregates in the column format before each group', () => {
    render(<DataGrid label="People" meta={grouped} rows={rows} groups={groups} />);
    expect(rowLabels()).toEqual(['Adelaide', 'Ann', 'Bob', 'Perth', 'Cat']);
    const adelaide = screen.getByRole('row', { name: 'Adelaide' });
    expect(adelaide).toHaveAttribute('aria-expanded', 'true');
    expect(adelaide).toHaveTextContent('Adelaide (2)');
    // The label is what truncates; the count is beside it, never cut with it.
    const name = within(adelaide).getByText('Adelaide');
    expect(name).toHaveClass('pl-grid__group-name');
    expect(name).toHaveAttribute('title', 'Adelaide');
    expect(within(adelaide).getByText('(2)')).toHaveClass('pl-grid__group-count');
    // Each aggregate is shown with its value, as the column shows amounts ('Balance' is currency).
    const aggregates = within(adelaide)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(aggregates).toEqual(['Sum of Balance: $301.50', 'Average of Balance: $150.75']);
  });

  it('gives a group header the lines its label, count and aggregates need in the width it has', () => {
    const parts = {
      label: 'Closed Lost',
      countText: '(498)',
      aggregates: ['Sum of Amount: $746,371,097.49', 'Average of Amount: $255,785.67'],
      hasLoadMore: true,
    };
    expect(groupHeaderLines(parts, 1400)).toBe(1);
    // A phone: the aggregates go under the label, one a line when two do not fit.
    expect(groupHeaderLines(parts, 390)).toBe(3);
    expect(groupHeaderHeight(1)).toBe(32);
    expect(groupHeaderHeight(3)).toBe(72);
    // Nothing to measure against (not laid out yet): one line.
    expect(groupHeaderLines(parts, 0)).toBe(1);
  });

  it('collapses and expands a group, and all groups from its menu', async () => {
    const user = userEvent.setup();
    render(<DataGrid label="People" meta={grouped} rows={rows} groups={groups} />);
    await user.click(screen.getByRole('button', { name: 'Collapse Adelaide' }));
    expect(rowLabels()).toEqual(['Adelaide', 'Perth', 'Cat']);
    expect(screen.getByRole('row', { name: 'Adelaide' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Group options for Perth' }));
    await user.click(screen.getByRole('menuitem', { name: 'Collapse All' }));
    expect(rowLabels()).toEqual(['Adelaide', 'Perth']);
    await user.click(screen.getByRole('button', { name: 'Group options for Perth' }));
    await user.click(screen.getByRole('menuitem', { name: 'Expand All' }));
    expect(rowLabels()).toEqual(['Adelaide', 'Ann', 'Bob', 'Perth', 'Cat']);
  });

  it('collapses and expands from the keyboard', async () => {
    render(<DataGrid label="People" meta={grouped} rows={rows} groups={groups} />);
    screen.getByRole('row', { name: 'Adelaide' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(rowLabels()).toEqual(['Adelaide', 'Perth', 'Cat']);
    await userEvent.keyboard('{Enter}');
    expect(rowLabels()).toEqual(['Adelaide', 'Ann', 'Bob', 'Perth', 'Cat']);
  });

  it('sorts by the group column and loads more of a group that has more records', async () => {
    const user = userEvent.setup();
    const onGroupSort = vi.fn();
    const onGroupLoadMore = vi.fn();
    render(
      <DataGrid
        label="People"
        meta={grouped}
        rows={rows}
        groups={groups}
        onGroupSort={onGroupSort}
        onGroupLoadMore={onGroupLoadMore}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Group options for Adelaide' }));
    expect(screen.getByRole('menuitem', { name: 'Load more' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'Sort descending' }));
    expect(onGroupSort).toHaveBeenCalledWith('city', 'Descending');
    await user.click(screen.getByRole('button', { name: 'Group options for Perth' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      'Sort ascending',
      'Sort descending',
      'Expand All',
      'Collapse All',
      'Load more',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Load more' }));
    expect(onGroupLoadMore).toHaveBeenCalledWith(expect.objectContaining({ index: 1, count: 4, loaded: 1 }));
    // Each group with more records than loaded has its own load-more button.
    expect(screen.queryByRole('button', { name: 'Load more of Adelaide' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more of Perth' }));
    expect(onGroupLoadMore).toHaveBeenCalledTimes(2);
    expect(onGroupLoadMore).toHaveBeenLastCalledWith(expect.objectContaining({ key: 'Perth' }));
  });

  it("offers 'Load more' only on the groups said to have more rows after those loaded", async () => {
    const user = userEvent.setup();
    const onGroupLoadMore = vi.fn();
    const { rerender } = render(
      <DataGrid
        label="People"
        meta={grouped}
        rows={rows}
        groups={groups}
        onGroupLoadMore={onGroupLoadMore}
        groupsWithMore={new Set(['Perth'])}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Load more of Perth' }));
    expect(onGroupLoadMore).toHaveBeenCalledWith(expect.objectContaining({ key: 'Perth', hasMore: true }));
    // Perth's last rows came back without the extra row: its button goes, though 1 of 4 is loaded.
    rerender(
      <DataGrid
        label="People"
        meta={grouped}
        rows={rows}
        groups={groups}
        onGroupLoadMore={onGroupLoadMore}
        groupsWithMore={new Set()}
      />,
    );
    expect(screen.queryByRole('button', { name: /^Load more of / })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Group options for Perth' }));
    expect(screen.getByRole('menuitem', { name: 'Load more' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows grand-total rows, one per aggregate style, with the record count', () => {
    render(
      <DataGrid
        label="People"
        meta={grouped}
        rows={rows}
        groups={groups}
        total={{
          aggs: {
            balance: [
              { kind: 'Sum', value: 603 },
              { kind: 'Average', value: 201 },
            ],
          },
          count: 6,
        }}
      />,
    );
    const totals = screen.getAllByRole('row').filter((r) => r.classList.contains('pl-grid__row--total'));
    expect(totals).toHaveLength(2);
    expect(within(totals[0]!).getByRole('rowheader')).toHaveTextContent('Total (6) · Sum');
    // The grand total in the column's format, as its cells show amounts.
    const balance = within(totals[0]!).getAllByRole('gridcell')[1]!;
    expect(balance).toHaveTextContent(/^\$603\.00$/);
    expect(balance).toHaveClass('pl-grid__cell--right');
    // Cut with an ellipsis when the column is narrow, so its whole value is in a tooltip.
    expect(within(balance).getByTitle('$603.00')).toHaveClass('pl-grid__text');
    expect(within(totals[1]!).getByRole('rowheader')).toHaveTextContent('Average');
    expect(within(totals[1]!).getAllByRole('gridcell')[1]).toHaveTextContent(/^\$201\.00$/);
  });
});

describe('DataGrid: broken groups and totals', () => {
  it('draws what it can without throwing', () => {
    render(
      <DataGrid
        label="People"
        meta={grouped}
        rows={rows}
        groups={
          [null, { hdrs: [{ val: 'Adelaide' }], aggs: { balance: null, age: [null] }, count: 2 }] as never
        }
        total={{ aggs: { balance: 'lots', age: [null, { kind: 'Sum', value: 'x' }] }, count: 3 } as never}
      />,
    );
    expect(rowLabels()).toEqual(['Adelaide', 'Ann', 'Bob', 'Perth', 'Cat']);
    const totals = screen.getAllByRole('row').filter((r) => r.classList.contains('pl-grid__row--total'));
    expect(within(totals[0]!).getByRole('rowheader')).toHaveTextContent('Total (3) · Sum');
  });
});
