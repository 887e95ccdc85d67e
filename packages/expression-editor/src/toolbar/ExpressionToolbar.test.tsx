import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DescribeResult } from '../api/calcEditorApi';
import { ExpressionEditor } from '../ExpressionEditor';
import type { ExpressionEditorProps } from '../ExpressionEditorProps';
import { sharedCompileCache } from '../machine/editorActors';
import { type CalcTestApiOptions, calcTestApi } from '../test/calcTestApi';
import { editorText, typeInEditor } from '../test/editorHarness';

afterEach(() => sharedCompileCache.clear());

function renderEditor(props: Partial<ExpressionEditorProps> = {}, options: CalcTestApiOptions = {}) {
  const { api, calls } = calcTestApi(options);
  render(<ExpressionEditor api={api} label="Calculation" contextType={1} {...props} />);
  return { calls, user: userEvent.setup() };
}

describe('the toolbar', () => {
  it('has its tools in the order of the spec, with a separator before Help', () => {
    renderEditor({ defaultValue: '1', params: [{ name: 'PageInput', type: 'Entity', entityTypeId: 2 }] });
    const toolbar = screen.getByRole('toolbar', { name: 'Expression tools' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Show hints (Ctrl-Space)',
      'Functions',
      'Snippets',
      'Variables',
      'AI Explain Expression',
      'Help',
    ]);
    expect(within(toolbar).getByRole('separator')).toBeInTheDocument();
  });

  it('hides Variables when there are none, and AI Generate unless its flag is on', async () => {
    renderEditor({ defaultValue: '1' }, { isAiGenerateEnabled: false });
    expect(screen.queryByRole('button', { name: 'Variables' })).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('button', { name: 'AI Generate' })).toBeNull();
  });

  it('shows AI Generate when the feature flag is on', async () => {
    renderEditor({ defaultValue: '1' }, { isAiGenerateEnabled: true });
    expect(await screen.findByRole('button', { name: 'AI Generate' })).toBeInTheDocument();
  });

  it('disables AI Explain while the expression is empty', async () => {
    renderEditor({ defaultValue: '' });
    expect(screen.getByRole('button', { name: 'AI Explain Expression' })).toBeDisabled();
    typeInEditor('1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'AI Explain Expression' })).toBeEnabled());
  });

  it('opens the calculation reference in a popup window', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = renderEditor({ defaultValue: '1' });
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(open).toHaveBeenCalledWith(
      '/spapi/data/v1/docs/authredirect?target=/docs/sample-calculations',
      'plinth-calculation-help',
      expect.stringContaining('popup'),
    );
    open.mockRestore();
  });

  it('shows hints when asked', async () => {
    const { user } = renderEditor({ defaultValue: '' });
    await user.click(screen.getByRole('button', { name: 'Show hints (Ctrl-Space)' }));
    const list = await screen.findByRole('listbox', { name: 'Completions' });
    expect(within(list).getByText('[Amount]')).toBeInTheDocument();
  });
});

describe('the Functions popup', () => {
  it('groups functions by category, finds one, shows its signature on click and inserts it on double-click', async () => {
    const { user } = renderEditor({ defaultValue: '' });
    await user.click(screen.getByRole('button', { name: 'Functions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Functions' });
    await waitFor(() => expect(within(dialog).getByRole('group', { name: 'Math' })).toBeInTheDocument());
    expect(within(dialog).getByRole('group', { name: 'Text' })).toBeInTheDocument();
    await user.type(within(dialog).getByPlaceholderText('Find a function...'), 'datedi');
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['datediff']);
    await user.click(within(dialog).getByRole('option', { name: 'datediff' }));
    expect(within(dialog).getByText(/datediff\(part: DatePart, start/)).toBeInTheDocument();
    await user.dblClick(within(dialog).getByRole('option', { name: 'datediff' }));
    expect(editorText()).toBe('datediff()');
    expect(screen.queryByRole('dialog', { name: 'Functions' })).toBeNull();
  });

  it('lets an item be dragged into the editor as its text', async () => {
    const { user } = renderEditor({ defaultValue: '' });
    await user.click(screen.getByRole('button', { name: 'Functions' }));
    const option = await screen.findByRole('option', { name: 'abs' });
    expect(option).toHaveAttribute('draggable', 'true');
    const data = new Map<string, string>();
    const event = new Event('dragstart', { bubbles: true }) as DragEvent;
    Object.defineProperty(event, 'dataTransfer', {
      value: { setData: (k: string, v: string) => data.set(k, v), effectAllowed: '' },
    });
    option.dispatchEvent(event);
    expect(data.get('text/plain')).toBe('abs()');
  });
});

describe('the Snippets and Variables popups', () => {
  it('lists the System snippets, finds one and inserts it', async () => {
    const { user } = renderEditor({ defaultValue: '' });
    await user.click(screen.getByRole('button', { name: 'Snippets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snippets' });
    await waitFor(() => expect(within(dialog).getByRole('group', { name: 'System' })).toBeInTheDocument());
    await user.type(within(dialog).getByPlaceholderText('Find a snippet...'), 'coalesce');
    await user.dblClick(within(dialog).getByRole('option', { name: 'coalesce' }));
    expect(editorText()).toBe("coalesce([Nickname], [First Name], 'n/a')");
  });

  it('inserts a variable as its name in square brackets', async () => {
    const { user } = renderEditor({ defaultValue: '', params: [{ name: 'Discount', type: 'Decimal' }] });
    await user.click(screen.getByRole('button', { name: 'Variables' }));
    const dialog = await screen.findByRole('dialog', { name: 'Variables' });
    await user.click(within(dialog).getByRole('button', { name: /\[Discount\]/ }));
    expect(editorText()).toBe('[Discount]');
  });
});

describe('AI Explain', () => {
  it('shows the description, numbered steps and the AI footer', async () => {
    const { user } = renderEditor({ defaultValue: '[Amount] * 2' });
    await user.click(screen.getByRole('button', { name: 'AI Explain Expression' }));
    const dialog = await screen.findByRole('dialog', { name: 'AI Explain Expression' });
    expect(await within(dialog).findByText('Doubles the amount.')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Read [Amount].', 'Multiply it by 2.']);
    expect(dialog.querySelector('ol')).not.toBeNull();
    expect(within(dialog).getByText('Generated by AI. Please verify for accuracy.')).toBeInTheDocument();
  });

  it('shows an error result’s description as a warning', async () => {
    const describeCall = async (): Promise<DescribeResult> => ({
      isError: true,
      description: 'You may not use AI.',
    });
    const { user } = renderEditor({ defaultValue: '1' }, { describe: describeCall });
    await user.click(screen.getByRole('button', { name: 'AI Explain Expression' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You may not use AI.');
  });

  it('says AI Explain is unavailable when the call fails', async () => {
    const { user } = renderEditor(
      { defaultValue: '1' },
      { describe: () => Promise.reject(new Error('502')) },
    );
    await user.click(screen.getByRole('button', { name: 'AI Explain Expression' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "AI Explain Expression is currently unavailable. Please try again later or contact the provider's support.",
    );
  });
});

describe('AI Generate', () => {
  it("generates from a prompt, shows 'Generating...', and Update replaces the expression", async () => {
    let finish!: () => void;
    const generate = () =>
      new Promise<{ calculation: string; isError: boolean; errorMessage: string }>((resolve) => {
        finish = () => resolve({ calculation: '[Amount] * 2', isError: false, errorMessage: '' });
      });
    const { user } = renderEditor({ defaultValue: '1' }, { isAiGenerateEnabled: true, generate });
    await user.click(await screen.findByRole('button', { name: 'AI Generate' }));
    const dialog = await screen.findByRole('dialog', { name: 'AI Generate' });
    expect(within(dialog).getByRole('button', { name: 'Generate' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'twice the amount');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(within(dialog).getByRole('button', { name: 'Generating...' })).toBeDisabled();
    finish();
    expect(await within(dialog).findByText('[Amount] * 2')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(editorText()).toBe('[Amount] * 2');
  });

  it('shows the server’s error message, and Close closes', async () => {
    const generate = async () => ({
      calculation: '',
      isError: true,
      errorMessage: 'AI Generate is currently unavailable. Please try again later.',
    });
    const { user } = renderEditor({ defaultValue: '1' }, { isAiGenerateEnabled: true, generate });
    await user.click(await screen.findByRole('button', { name: 'AI Generate' }));
    const dialog = await screen.findByRole('dialog', { name: 'AI Generate' });
    await user.type(within(dialog).getByRole('textbox'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'AI Generate is currently unavailable. Please try again later.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'AI Generate' })).toBeNull();
  });
});
