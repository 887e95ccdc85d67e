import { FieldSettingsProvider } from '@plinth/fields';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFilterState } from '../../filters/createFilterState.js';
import { applyFilters, type FilterChange, updateStoredFilter } from '../../filters/filterState.js';
import { filterTestMeta } from '../../filters/filterTestMeta.js';
import type { FilterQuery, FilterState } from '../../filters/filterTypes.js';
import { FilterBadge } from './FilterBadge.js';
import { FilterChips } from './FilterChips.js';

const edited = (changes: Array<[string, FilterChange]>): FilterState =>
  applyFilters(
    changes.reduce(
      (s, [id, change]) => updateStoredFilter(s, id, change),
      createFilterState(filterTestMeta()),
    ),
  );

function renderChips(state: FilterState) {
  const onApply = vi.fn();
  render(
    <FieldSettingsProvider value={{ locale: 'en-AU', currencySymbol: '$' }}>
      <FilterChips state={state} onApply={onApply} />
    </FieldSettingsProvider>,
  );
  return onApply;
}

const chipLabels = () =>
  within(screen.getByRole('list', { name: 'Applied filters' }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

describe('FilterChips', () => {
  it('labels each applied filter with its operator and value', () => {
    renderChips(
      edited([
        ['fCloses', { kind: 'operator', operatorId: 'Between' }],
        ['fCloses', { kind: 'bound', bound: 'from', value: '2025-03-01' }],
        ['fCreated', { kind: 'operator', operatorId: 'InTheLast' }],
        ['fCreated', { kind: 'dateOperatorValue', value: 7 }],
        ['fStarts', { kind: 'operator', operatorId: 'IsNull' }],
        ['fWon', { kind: 'value', value: true }],
        [
          'fStage',
          {
            kind: 'choices',
            options: [
              { id: 3, name: 'Won' },
              { id: 5, name: 'Lost' },
            ],
          },
        ],
        ['ResultLimit', { kind: 'value', value: 20 }],
      ]),
    );
    expect(chipLabels()).toEqual([
      'Amount > $100',
      'Closes Between 01/03/2025 - 02/03/2025',
      'Created In the last 7 Days',
      'Starts Is empty',
      'Won = Yes',
      'Stage Any of Won, Lost',
      'Limit results to top N records 20',
    ]);
  });

  it('counts chosen records whose names are not known yet, and leaves out the report limit', () => {
    renderChips(createFilterState(filterTestMeta()));
    expect(chipLabels()).toEqual(['Amount > $100', 'Stage Any of 2 selected']);
  });

  it('clears one filter and applies the rest', async () => {
    const onApply = renderChips(edited([['fName', { kind: 'value', value: 'Acme' }]]));
    await userEvent.click(screen.getByRole('button', { name: 'Clear Amount filter' }));
    const [query, next] = onApply.mock.calls[0] as [FilterQuery, FilterState];
    expect(query.conds.find((c) => c.expid === 'fAmount')).toEqual({
      expid: 'fAmount',
      oper: 'GreaterThan',
      type: 'Currency',
    });
    expect(query.conds.find((c) => c.expid === 'fName')).toEqual({
      expid: 'fName',
      oper: 'Equal',
      type: 'String',
      value: 'Acme',
    });
    expect(next.applied.find((f) => f.filterId === 'fAmount')?.value).toBeNull();
  });

  it('shows nothing when no filter applies', () => {
    const { container } = render(
      <FilterChips
        state={createFilterState(filterTestMeta({ anlcols: {}, limit: undefined }))}
        onApply={vi.fn()}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('FilterBadge', () => {
  it("shows the count, '9+' over 9, and nothing at 0", () => {
    const { rerender, container } = render(<FilterBadge count={4} />);
    expect(container).toHaveTextContent('4');
    rerender(<FilterBadge count={12} />);
    expect(container).toHaveTextContent('9+');
    rerender(<FilterBadge count={0} />);
    expect(container).toBeEmptyDOMElement();
  });
});
