import type { PageVariable } from '@plinth/schema';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PageVariablesPanel } from './PageVariablesPanel';

type Renamed = { from: string; to: string } | undefined;

function Host({
  initial,
  changes,
  renames,
}: {
  initial: PageVariable[];
  changes: PageVariable[][];
  renames: Renamed[];
}) {
  const [variables, setVariables] = useState(initial);
  return (
    <PageVariablesPanel
      variables={variables}
      onChange={(next, _key, renamed) => {
        changes.push(next);
        renames.push(renamed);
        setVariables(next);
      }}
    />
  );
}

function renderVariables(initial: PageVariable[]) {
  const changes: PageVariable[][] = [];
  const renames: Renamed[] = [];
  render(<Host initial={initial} changes={changes} renames={renames} />);
  return { user: userEvent.setup(), latest: () => changes.at(-1) ?? initial, renames };
}

const choose = async (
  user: ReturnType<typeof userEvent.setup>,
  group: HTMLElement,
  label: string,
  option: string,
) => {
  await user.click(within(group).getByRole('button', { name: new RegExp(`${label}$`) }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('the page variables', () => {
  it('adds a variable, types it and gives it a value of its type; a bad value is shown, not stored', async () => {
    const { user, latest } = renderVariables([]);
    expect(screen.getByText('The page has no variables of its own.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add variable' }));
    expect(latest()).toEqual([{ name: 'Variable1', type: 'String', isList: false }]);
    const row = screen.getByRole('group', { name: 'Variable Variable1' });
    const name = within(row).getByRole('textbox', { name: 'Variable name' });
    await user.clear(name);
    await user.type(name, 'Limit');
    await choose(user, row, 'Type', 'Int32');
    const value = within(row).getByRole('textbox', { name: 'Value' });
    await user.type(value, '12x');
    expect(within(row).getByText('The value is not a valid number.')).toBeInTheDocument();
    expect(latest()).toEqual([{ name: 'Limit', type: 'Int32', isList: false, value: 12 }]);
    await user.type(value, '{Backspace}5');
    expect(latest()).toEqual([{ name: 'Limit', type: 'Int32', isList: false, value: 125 }]);
  });

  it('refuses a name that is taken, kept for every page, or not a name', async () => {
    const { user, latest } = renderVariables([
      { name: 'Region', type: 'String', isList: false },
      { name: 'Since', type: 'Date', isList: false },
    ]);
    const name = within(screen.getByRole('group', { name: 'Variable Since' })).getByRole('textbox', {
      name: 'Variable name',
    });
    await user.clear(name);
    await user.type(name, 'region');
    expect(screen.getByText('Another variable already has this name.')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'PageInput');
    expect(screen.getByText('This name is kept for the variable every page has.')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'from date');
    expect(screen.getByText(/A variable name starts with a letter/)).toBeInTheDocument();
    // A name that cannot be stored is not: leaving the box keeps the variable's name.
    await user.tab();
    expect(latest().map((v) => v.name)).toEqual(['Region', 'Since']);
  });

  it('keeps list values one a line, and drops a value the new type does not fit', async () => {
    const { user, latest } = renderVariables([
      { name: 'Days', type: 'Date', isList: false, value: '2026-03-01' },
    ]);
    const row = screen.getByRole('group', { name: 'Variable Days' });
    await user.click(within(row).getByRole('checkbox', { name: 'Is list' }));
    expect(latest()[0]).toEqual({ name: 'Days', type: 'Date', isList: true, value: '2026-03-01' });
    const values = within(row).getByRole('textbox', { name: 'Values (one a line)' });
    await user.type(values, '{Enter}2026-02-30');
    expect(within(row).getByText('The value is not a valid date.')).toBeInTheDocument();
    await user.type(values, '{Backspace}{Backspace}28');
    expect(latest()[0]?.value).toEqual(['2026-03-01', '2026-02-28']);
    await choose(user, row, 'Type', 'Bool');
    expect(latest()[0]).toEqual({ name: 'Days', type: 'Bool', isList: true });
  });

  it('removes a variable; those components publish are not listed', async () => {
    const { user, latest } = renderVariables([
      { name: 'Region', type: 'String', isList: false },
      { name: 'SelectedRecords', type: 'Entity', isList: true, componentId: 'sales' },
    ]);
    expect(screen.queryByRole('group', { name: 'Variable SelectedRecords' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove Region' }));
    expect(latest()).toEqual([
      { name: 'SelectedRecords', type: 'Entity', isList: true, componentId: 'sales' },
    ]);
  });
});

describe('renaming a page variable', () => {
  it('reports the rename once, from the old name to the new, when the name box is left', async () => {
    const { user, renames } = renderVariables([{ name: 'Region', type: 'String', isList: false }]);
    const name = screen.getByRole('textbox', { name: 'Variable name' });
    await user.clear(name);
    await user.type(name, 'Area');
    expect(renames).toEqual([]);
    await user.tab();
    expect(renames).toEqual([{ from: 'Region', to: 'Area' }]);
  });
});
