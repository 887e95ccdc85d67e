import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from '../button/Button';
import { Popover } from './Popover';
import { Tooltip } from './Tooltip';

describe('Tooltip', () => {
  it('shows on keyboard focus and hides on Escape', async () => {
    render(
      <Tooltip content="Last refreshed at 10:00">
        <Button>Refresh</Button>
      </Tooltip>,
    );
    await userEvent.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Last refreshed at 10:00');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});

describe('Popover', () => {
  it('opens on press as a labelled dialog and closes on Escape, returning focus', async () => {
    render(
      <Popover label="Filter by" content={<button type="button">Apply</button>}>
        <Button>Filters</Button>
      </Popover>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByRole('dialog', { name: 'Filter by' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus());
  });
});

describe('Button', () => {
  it('carries its variant and size and is keyboard operable', async () => {
    let pressed = 0;
    render(
      <Button variant="outline" size="large" onPress={() => pressed++}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveClass('pl-button--outline', 'pl-button--large');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(pressed).toBe(1);
  });
});
