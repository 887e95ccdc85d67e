import { type Diagnostic, setDiagnostics } from '@codemirror/lint';
import type { Text } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import type { CompileMessage } from '../api/calcEditorContracts';

const severityOf = { Error: 'error', Warning: 'warning', Suggestion: 'info' } as const;

/**
 * A compile message's 1-based line, column and length (UTF-16 units, calc-language.md §7) as a
 * document range, clamped to the document so a stale location never throws.
 */
export function rangeOf(doc: Text, location: CompileMessage['location']): { from: number; to: number } {
  const lineNumber = Math.min(Math.max(1, location.line), doc.lines);
  const line = doc.line(lineNumber);
  const from = Math.min(line.from + Math.max(0, location.col - 1), doc.length);
  const to = Math.min(from + Math.max(0, location.length), doc.length);
  return { from, to };
}

/** Compile messages as CodeMirror diagnostics: errors and warnings marked, suggestions as info. */
export function diagnosticsOf(doc: Text, messages: readonly CompileMessage[]): Diagnostic[] {
  return messages.map((m) => ({
    ...rangeOf(doc, m.location),
    severity: severityOf[m.msgType],
    message: m.message,
    source: m.msgType,
  }));
}

/** Shows the messages of a compile of exactly the document the view holds (else they are stale). */
export function showDiagnostics(
  view: EditorView,
  compiled: string,
  messages: readonly CompileMessage[],
): void {
  if (view.state.doc.toString() !== compiled) return;
  view.dispatch(setDiagnostics(view.state, diagnosticsOf(view.state.doc, messages)));
}
