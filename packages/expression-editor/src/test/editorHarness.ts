import { EditorView } from '@codemirror/view';
import { screen } from '@testing-library/react';

/** The CodeMirror view behind the text box named `label`. */
export function editorView(label = 'Calculation'): EditorView {
  const content = screen.getByRole('textbox', { name: label });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error(`no editor view for ${label}`);
  return view;
}

/** Types at the end of the document, as CodeMirror's input handling does (jsdom has no layout). */
export function typeInEditor(text: string, label = 'Calculation'): void {
  const view = editorView(label);
  const end = view.state.doc.length;
  view.dispatch({
    changes: { from: end, insert: text },
    selection: { anchor: end + text.length },
    userEvent: 'input.type',
  });
}

export function replaceEditorText(text: string, label = 'Calculation'): void {
  const view = editorView(label);
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.type' });
}

export const editorText = (label = 'Calculation') => editorView(label).state.doc.toString();
