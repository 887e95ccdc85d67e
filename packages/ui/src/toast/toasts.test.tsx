import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastRegions, toast } from './toasts';

describe('toasts', () => {
  it('shows success, warning and error toasts at their positions', async () => {
    render(<ToastRegions />);
    act(() => {
      toast.success('Table has been reset to default view.');
      toast.warning('You cannot select more than 200 items.', { position: 'top-right' });
      toast.error('Error uploading', { description: 'Too big', position: 'top-center' });
    });
    const success = await screen.findByText('Table has been reset to default view.');
    expect(success.closest('.pl-toast')).toHaveClass('pl-toast--success');
    expect(success.closest('.pl-toast-region')).toHaveClass('pl-toast-region--bottom-right');
    const warning = screen.getByText('You cannot select more than 200 items.');
    expect(warning.closest('.pl-toast-region')).toHaveClass('pl-toast-region--top-right');
    const error = screen.getByText('Error uploading');
    expect(error.closest('.pl-toast')).toHaveClass('pl-toast--error');
    expect(error.closest('.pl-toast')).toHaveTextContent('Too big');
    act(() => toast.clearAll());
  });

  it('closes one toast by its key and leaves the others', async () => {
    render(<ToastRegions />);
    let first = '';
    act(() => {
      first = toast.success('Properties saved', { description: 'First' });
      toast.info('Another');
    });
    expect(await screen.findByText('First')).toBeInTheDocument();
    act(() => toast.close(first));
    await waitFor(() => expect(screen.queryByText('First')).not.toBeInTheDocument());
    expect(screen.getByText('Another')).toBeInTheDocument();
    // Closing it again is harmless.
    act(() => toast.close(first));
    act(() => toast.clearAll());
  });

  it("names its × button 'Close' and shows that as its tooltip; the symbol is not read", async () => {
    render(<ToastRegions />);
    act(() => {
      toast.success('Successfully uploaded');
    });
    const shown = (await screen.findByText('Successfully uploaded')).closest('.pl-toast') as HTMLElement;
    const close = within(shown).getByRole('button', { name: 'Close' });
    expect(close.querySelector('[aria-hidden="true"]')).toHaveTextContent('×');
    for (let i = 0; i < 10 && document.activeElement !== close; i++) await userEvent.tab();
    expect(close).toHaveFocus();
    await waitFor(() => expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent('Close'));
    expect(close).toHaveAccessibleDescription('Close');
    act(() => toast.clearAll());
  });
});
