import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox, Toggle } from '../toggle/Toggle';
import { SelectList } from './SelectList';

const stages = [
  { id: 1, label: 'Prospecting', colour: '#888' },
  { id: 2, label: 'Qualification' },
  { id: 3, label: 'Closed Won' },
  { id: 4, label: 'Closed Lost', isDisabled: true },
];

describe('SelectList', () => {
  it('searches and picks one value', async () => {
    const onValueChange = vi.fn();
    render(<SelectList label="Stage" options={stages} onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Stage: Select…' }));
    await userEvent.keyboard('closed');
    const listbox = screen.getByRole('listbox', { name: 'Stage' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Closed Won', 'Closed Lost']);
    expect(within(listbox).getByRole('option', { name: 'Closed Lost' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(within(listbox).getByRole('option', { name: 'Closed Won' }));
    expect(onValueChange).toHaveBeenLastCalledWith([3]);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stage: Closed Won' })).toBeInTheDocument();
  });

  it('picks several values and stays open', async () => {
    const onValueChange = vi.fn();
    render(<SelectList label="Stages" isMulti options={stages} onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Stages: Select…' }));
    await userEvent.click(screen.getByRole('option', { name: 'Prospecting' }));
    await userEvent.click(screen.getByRole('option', { name: 'Qualification' }));
    expect(onValueChange).toHaveBeenLastCalledWith([1, 2]);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('shows "No matches" when nothing matches', async () => {
    render(<SelectList label="Stage" options={stages} />);
    await userEvent.click(screen.getByRole('button', { name: 'Stage: Select…' }));
    await userEvent.keyboard('zzz');
    expect(screen.getByText('No matches')).toBeInTheDocument();
  });
});

describe('Toggle and Checkbox', () => {
  it('switches on and off, and not when read-only', async () => {
    const onValueChange = vi.fn();
    const { rerender } = render(<Toggle label="Active" onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Active' }));
    expect(onValueChange).toHaveBeenLastCalledWith(true);
    expect(screen.getByRole('switch', { name: 'Active' })).toBeChecked();
    rerender(<Toggle label="Active" value={false} isReadOnly onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Active' }));
    expect(screen.getByRole('switch', { name: 'Active' })).not.toBeChecked();
  });

  it('ticks a checkbox by keyboard', async () => {
    const onValueChange = vi.fn();
    render(<Checkbox label="Agreed" onValueChange={onValueChange} />);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(onValueChange).toHaveBeenLastCalledWith(true);
    expect(screen.getByRole('checkbox', { name: 'Agreed' })).toBeChecked();
  });
});
