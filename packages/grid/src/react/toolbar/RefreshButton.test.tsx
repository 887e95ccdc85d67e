import { FieldSettingsProvider } from '@plinth/fields';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RefreshButton } from './RefreshButton.js';

describe('RefreshButton', () => {
  it('refreshes on press and shows the last refresh time in its tooltip', async () => {
    const onRefresh = vi.fn();
    const at = new Date(2026, 10, 22, 14, 5);
    render(
      <FieldSettingsProvider value={{ locale: 'en-AU', currencySymbol: '$' }}>
        <RefreshButton lastRefreshTime={at.toISOString()} onRefresh={onRefresh} />
      </FieldSettingsProvider>,
    );
    await userEvent.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Last refreshed 22/11/2026 02:05 PM');
    await userEvent.keyboard('{Enter}');
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('is disabled while editing inline', async () => {
    const onRefresh = vi.fn();
    render(<RefreshButton lastRefreshTime="not a time" onRefresh={onRefresh} isDisabled />);
    const button = screen.getByRole('button', { name: 'Refresh' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(onRefresh).not.toHaveBeenCalled();
  });
});
