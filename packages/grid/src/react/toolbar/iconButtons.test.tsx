import { FieldSettingsProvider } from '@plinth/fields';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFilterState } from '../../filters/createFilterState.js';
import { applyFilters, updateStoredFilter } from '../../filters/filterState.js';
import { filterTestMeta } from '../../filters/filterTestMeta.js';
import { createSortState } from '../../sorting/sortState.js';
import { FilterChips } from './FilterChips.js';
import { IconButton } from './IconButton.js';
import { SortPopup } from './SortPopup.js';

/** Tabs to a button, as a keyboard user does, and expects its tooltip to read `text`. */
async function expectTooltip(button: HTMLElement, text: string) {
  for (let i = 0; i < 30 && document.activeElement !== button; i++) await userEvent.tab();
  expect(document.activeElement).toBe(button);
  // Inside a popup the rest of the page is hidden from assistive technology, the tooltip's portal
  // too; the button's description (aria-describedby) still reads it.
  await waitFor(() => expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent(text), {
    timeout: 2000,
  });
  expect(button).toHaveAccessibleDescription(text);
}

describe('icon-only buttons', () => {
  it('are named by their label and show it as a tooltip; the icon is not read', async () => {
    const onPress = vi.fn();
    render(
      <IconButton label="Full view" onPress={onPress}>
        ⤢
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Full view' });
    expect(button.querySelector('[aria-hidden="true"]')).toHaveTextContent('⤢');
    await expectTooltip(button, 'Full view');
    await userEvent.click(button);
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it("include a filter chip's clear button", async () => {
    const state = applyFilters(
      updateStoredFilter(createFilterState(filterTestMeta()), 'fName', { kind: 'value', value: 'Acme' }),
    );
    render(
      <FieldSettingsProvider value={{ locale: 'en-AU', currencySymbol: '$' }}>
        <FilterChips state={state} onApply={vi.fn()} />
      </FieldSettingsProvider>,
    );
    const clear = screen.getByRole('button', { name: 'Clear Name filter' });
    await expectTooltip(clear, 'Clear Name filter');
  });

  it("include a sort row's move and remove buttons", async () => {
    const meta = {
      title: 'Opportunities',
      rootTypeId: 1,
      rcols: {
        name: { title: 'Name', type: 'String' as const, ord: 0, hide: false },
        stage: { title: 'Stage', type: 'String' as const, ord: 1, hide: false },
      },
      sort: [
        { colid: 'name', order: 'Ascending' as const },
        { colid: 'stage', order: 'Descending' as const },
      ],
      anlcols: {},
    };
    render(<SortPopup state={createSortState(meta)} onApply={vi.fn()} breakpoint="lg" />);
    await userEvent.click(screen.getByRole('button', { name: 'Sort' }));
    const dialog = screen.getByRole('dialog');
    for (const name of ['Move Name down', 'Move Stage up', 'Remove sort by Stage']) {
      await expectTooltip(within(dialog).getByRole('button', { name }), name);
    }
  });
});
