import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedCompileCache } from '../machine/editorActors';
import { calcTestApi } from '../test/calcTestApi';
import { editorText, typeInEditor } from '../test/editorHarness';
import { ModalExpressionEditor, type ModalExpressionEditorProps } from './ModalExpressionEditor';
import { PopupExpressionEditor } from './PopupExpressionEditor';

afterEach(() => sharedCompileCache.clear());

function ModalHost(props: Partial<ModalExpressionEditorProps> & { onPrimary: (e: string) => void }) {
  const [isOpen, setOpen] = useState(true);
  return (
    <ModalExpressionEditor
      api={calcTestApi().api}
      label="Calculation"
      title="Net amount"
      overline="Calculated field"
      contextType={1}
      value="[Amount]"
      isOpen={isOpen}
      onOpenChange={setOpen}
      {...props}
    />
  );
}

describe('the modal editor', () => {
  it('has its overline, title, the large editor and OK and Cancel; OK gives the edited expression', async () => {
    const onPrimary = vi.fn();
    const user = userEvent.setup();
    render(<ModalHost onPrimary={onPrimary} />);
    const dialog = await screen.findByRole('dialog', { name: 'Net amount' });
    expect(within(dialog).getByText('Calculated field')).toBeInTheDocument();
    await screen.findByRole('textbox', { name: 'Calculation' });
    expect(dialog.querySelector('.pl-expr-editor--large')).not.toBeNull();
    typeInEditor(' * 2');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onPrimary).toHaveBeenCalledExactlyOnceWith('[Amount] * 2');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Cancel closes without giving anything', async () => {
    const onPrimary = vi.fn();
    const user = userEvent.setup();
    render(<ModalHost onPrimary={onPrimary} primaryLabel="Save" />);
    const dialog = await screen.findByRole('dialog', { name: 'Net amount' });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onPrimary).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('read-only: the expression cannot be edited and only Close is offered', async () => {
    render(<ModalHost onPrimary={vi.fn()} isReadOnly />);
    const dialog = await screen.findByRole('dialog', { name: 'Net amount' });
    const box = await screen.findByRole('textbox', { name: 'Calculation' });
    expect(box).toHaveAttribute('contenteditable', 'false');
    const footer = dialog.querySelector('footer')!;
    expect(
      within(footer as HTMLElement)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Close']);
  });
});

describe('the popup editor', () => {
  it('shows the expression; pressing it opens the editor, and typing reaches the host', async () => {
    const onValueChange = vi.fn();
    const user = userEvent.setup();
    render(
      <PopupExpressionEditor
        api={calcTestApi().api}
        label="Deal size"
        contextType={1}
        value="[Amount]"
        onValueChange={onValueChange}
        size="small"
        resize="vertical"
      />,
    );
    await user.click(screen.getByRole('button', { name: /^Deal size: ?\[Amount\] Edit$/ }));
    await screen.findByRole('dialog', { name: 'Deal size' });
    await screen.findByRole('textbox', { name: 'Deal size' });
    expect(editorText('Deal size')).toBe('[Amount]');
    expect(document.querySelector('.pl-expr-editor--small.pl-expr-editor--resize-vertical')).not.toBeNull();
    typeInEditor(' > 100', 'Deal size');
    await waitFor(() => expect(onValueChange).toHaveBeenCalledWith('[Amount] > 100'));
  });

  it('names an empty expression', () => {
    render(<PopupExpressionEditor api={calcTestApi().api} label="Rule" value="" onValueChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: /^Rule: ?No expression Edit$/ })).toBeInTheDocument();
  });
});
