import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExpressionEditor } from './ExpressionEditor';
import type { ExpressionEditorProps } from './ExpressionEditorProps';
import { sharedCompileCache } from './machine/editorActors';
import { type CalcTestApiOptions, calcTestApi } from './test/calcTestApi';
import { editorText, editorView, replaceEditorText, typeInEditor } from './test/editorHarness';

afterEach(() => sharedCompileCache.clear());

function renderEditor(props: Partial<ExpressionEditorProps> = {}, options: CalcTestApiOptions = {}) {
  const { api, calls } = calcTestApi(options);
  const onValueChange = vi.fn();
  render(
    <ExpressionEditor
      api={api}
      label="Calculation"
      contextType={1}
      onValueChange={onValueChange}
      {...props}
    />,
  );
  return { api, calls, onValueChange, user: userEvent.setup() };
}

const helpText = () => document.querySelector('.pl-expr-help')!;

describe('the expression editor', () => {
  it('marks an unknown field where it is, with its message in the help text', async () => {
    renderEditor({ defaultValue: '' });
    typeInEditor('[Amount] + [Amonut]');
    await waitFor(() =>
      expect(helpText()).toHaveTextContent("'Amonut' is not a recognised field, relationship or variable."),
    );
    const marked = document.querySelector('.cm-lintRange-error');
    expect(marked).toHaveTextContent('[Amonut]');
    expect(document.querySelector('.pl-expr-editor')).toHaveAttribute('data-status', 'error');
  });

  it('reports typing to the host once it pauses', async () => {
    const { onValueChange } = renderEditor({ defaultValue: '' });
    typeInEditor('1');
    typeInEditor('2');
    await waitFor(() => expect(onValueChange).toHaveBeenCalledWith('12'));
    expect(onValueChange).toHaveBeenCalledTimes(1);
  });

  it("says 'empty expression' for a blank expression evaluated on load", async () => {
    renderEditor({ defaultValue: '  ', evaluateOnLoad: true });
    await waitFor(() => expect(helpText()).toHaveTextContent('empty expression'));
  });

  it("says 'Unexpected error.' when the compile call fails", async () => {
    renderEditor({ defaultValue: '1 + 1', evaluateOnLoad: true }, { failCompile: true });
    await waitFor(() => expect(helpText()).toHaveTextContent('Unexpected error.'));
  });

  it('shows a warning as help text, marked as a warning', async () => {
    renderEditor({ defaultValue: '[Amount] / 0', evaluateOnLoad: true });
    await waitFor(() => expect(helpText()).toHaveTextContent('Division by zero'));
    expect(document.querySelector('.cm-lintRange-warning')).not.toBeNull();
    expect(document.querySelector('.pl-expr-editor')).toHaveAttribute('data-status', 'ok');
  });

  it('shows the live result for the record picked', async () => {
    const { user } = renderEditor({ defaultValue: '[Amount] * 2', evaluateOnLoad: true });
    const result = screen.getByRole('region', { name: 'Result' });
    await waitFor(() => expect(within(result).getByRole('status')).toHaveTextContent('2401'));
    await user.selectOptions(within(result).getByRole('combobox', { name: 'Record' }), 'Small deal');
    await waitFor(() => expect(within(result).getByRole('status')).toHaveTextContent('160'));
  });

  it('is read-only when asked: the text cannot be edited and the insert tools are off', () => {
    renderEditor({ defaultValue: '[Amount]', isReadOnly: true });
    expect(screen.getByRole('textbox', { name: 'Calculation' })).toHaveAttribute('contenteditable', 'false');
    expect(editorView().state.readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Functions' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'AI Explain Expression' })).toBeEnabled();
  });

  it('matches brackets', async () => {
    renderEditor({ defaultValue: 'abs(1)' });
    const view = editorView();
    view.dispatch({ selection: { anchor: 6 } });
    await waitFor(() => expect(document.querySelectorAll('.cm-matchingBracket')).toHaveLength(2));
  });

  it('keeps the text when the expression is replaced from outside the editor', () => {
    renderEditor({ defaultValue: 'x' });
    replaceEditorText('[Amount]');
    expect(editorText()).toBe('[Amount]');
  });
});
