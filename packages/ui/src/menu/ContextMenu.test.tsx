import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ContextMenu } from './ContextMenu';

describe('ContextMenu', () => {
  it('opens on right-click, runs an item and closes', async () => {
    const onEdit = vi.fn();
    render(
      <ContextMenu
        aria-label="Row actions"
        items={[
          { id: 'edit', label: 'Edit', onAction: onEdit },
          { id: 'delete', label: 'Delete', isDisabled: true },
        ]}
      >
        <div>row</div>
      </ContextMenu>,
    );
    fireEvent.contextMenu(screen.getByText('row'), { clientX: 10, clientY: 10 });
    const menu = await screen.findByRole('menu', { name: 'Row actions' });
    expect(menu).toHaveStyle({ maxHeight: '20rem' });
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
