import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';
import { Modal, type ModalProps } from './Modal';

function Harness(props: Partial<ModalProps>) {
  const [isOpen, setOpen] = useState(true);
  return (
    <>
      <span data-testid="state">{isOpen ? 'open' : 'closed'}</span>
      <Modal title="Edit things" isOpen={isOpen} onOpenChange={setOpen} {...props}>
        body
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('shows every standard button set with the verbatim labels and a custom one', async () => {
    const onPress = vi.fn();
    const kinds = ['apply', 'close', 'cancel', 'ok', 'discard', 'yes', 'no'] as const;
    render(
      <Harness
        buttons={[...kinds.map((kind) => ({ kind, onPress })), { kind: 'custom', label: 'Archive', onPress }]}
      />,
    );
    for (const label of ['Apply', 'Cancel', 'OK', 'Discard', 'Yes', 'No', 'Archive']) {
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    }
    // The footer's Close and the header's × (also named Close).
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Edit things' })).toBeInTheDocument();
  });

  it("names its × button 'Close' and shows that as its tooltip; the symbol is not read", async () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Edit things' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close.querySelector('[aria-hidden="true"]')).toHaveTextContent('×');
    for (let i = 0; i < 10 && document.activeElement !== close; i++) await userEvent.tab();
    expect(close).toHaveFocus();
    await waitFor(() => expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent('Close'));
    expect(close).toHaveAccessibleDescription('Close');
  });

  it('closes on Escape', async () => {
    render(<Harness />);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByTestId('state')).toHaveTextContent('closed');
  });

  it('does not close on Escape when the close button is hidden', async () => {
    render(<Harness hideCloseButton buttons={[{ kind: 'ok', onPress: () => {} }]} />);
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByTestId('state')).toHaveTextContent('open');
  });
});

describe('ConfirmDialog', () => {
  it('answers Yes and No', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        title="Confirm delete"
        message="Delete it?"
        isOpen
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Confirm delete' })).toHaveTextContent('Delete it?');
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
