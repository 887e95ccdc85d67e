import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChoiceGroup } from './ChoiceGroup';

const stages = [
  { id: 1, label: 'Prospecting', colour: '#888' },
  { id: 2, label: 'Qualification' },
  { id: 3, label: 'Closed Lost', isDisabled: true },
];

describe('ChoiceGroup', () => {
  it('radio buttons pick one value', async () => {
    const onValueChange = vi.fn();
    render(<ChoiceGroup label="Stage" options={stages} value={[1]} onValueChange={onValueChange} />);
    const group = screen.getByRole('radiogroup', { name: 'Stage' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Prospecting' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Qualification' }));
    expect(onValueChange).toHaveBeenLastCalledWith([2]);
    expect(screen.getByRole('radio', { name: 'Closed Lost' })).toBeDisabled();
  });

  it('a checklist picks several values', async () => {
    const onValueChange = vi.fn();
    render(
      <ChoiceGroup label="Regions" isMulti options={stages} value={[1]} onValueChange={onValueChange} />,
    );
    expect(screen.getByRole('group', { name: 'Regions' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Qualification' }));
    expect(onValueChange).toHaveBeenLastCalledWith([1, 2]);
  });

  it('shows the mandatory marker and the message under it; read-only changes nothing', async () => {
    const onValueChange = vi.fn();
    render(
      <ChoiceGroup
        label="Stage"
        options={stages}
        value={[]}
        isMandatory
        isReadOnly
        errorText="A value is required."
        onValueChange={onValueChange}
      />,
    );
    expect(screen.getByText('A value is required.')).toBeInTheDocument();
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-required', 'true');
    await userEvent.click(screen.getByRole('radio', { name: 'Prospecting' }));
    expect(onValueChange).not.toHaveBeenCalled();
  });
});
