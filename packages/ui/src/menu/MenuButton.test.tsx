import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton } from './MenuButton';

describe('MenuButton', () => {
  it('opens its menu and runs the chosen item; disabled items do nothing', async () => {
    const user = userEvent.setup();
    const csv = vi.fn();
    const word = vi.fn();
    render(
      <MenuButton
        label="Export"
        items={[
          { id: 'csv', label: 'CSV', onAction: csv },
          { id: 'word', label: 'Word', onAction: word, isDisabled: true },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getByRole('menuitem', { name: 'Word' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'CSV' }));
    expect(csv).toHaveBeenCalledOnce();
    expect(word).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('is disabled when it has no items', () => {
    render(<MenuButton label="New" items={[]} />);
    expect(screen.getByRole('button', { name: 'New' })).toBeDisabled();
  });
});
