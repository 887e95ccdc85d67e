import type { FunctionInfo, SnippetInfo } from '../api/calcEditorContracts';
import type { InsertItem } from './InsertList';

/** The Functions popup's items, grouped by category in the registry's order; inserted as `name()`. */
export function functionItems(functions: readonly FunctionInfo[]): InsertItem[] {
  return functions.map((f) => ({
    id: `fn:${f.name}`,
    label: f.name,
    group: f.category,
    detail: f.signatures.join('\n'),
    description: f.example ? `${f.description} Example: ${f.example}` : f.description,
    text: `${f.name}()`,
  }));
}

/** The Snippets popup's items, all in its one group (System). */
export function snippetItems(group: string, snippets: readonly SnippetInfo[]): InsertItem[] {
  return snippets.map((s) => ({
    id: `snippet:${s.name}`,
    label: s.name,
    group,
    detail: s.text,
    description: s.description,
    text: s.text,
  }));
}
