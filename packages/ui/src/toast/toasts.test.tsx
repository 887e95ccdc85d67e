import { act, render, screen } from '@testing-library/react';
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
});
