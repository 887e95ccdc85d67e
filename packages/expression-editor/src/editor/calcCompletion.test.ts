import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState, Text } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { describe, expect, it } from 'vitest';
import { calcTestApi } from '../test/calcTestApi';
import { type CompletionData, calcCompletion, pathBefore } from './calcCompletion';
import { diagnosticsOf, rangeOf } from './calcDiagnostics';

const { api } = calcTestApi();

async function complete(doc: string, explicit = false, data: Partial<CompletionData> = {}) {
  const state = EditorState.create({ doc });
  const functions = (await api.functions()).functions;
  const source = calcCompletion(() => ({
    functions,
    snippets: [{ name: 'let', description: 'Name a value.', text: 'let x = 1 select x' }],
    variables: [{ name: 'PageInput', type: 'Entity', entityTypeId: 2 }],
    contextType: 1,
    membersOf: (typeId) => api.functions(typeId),
    ...data,
  }));
  return (await source(new CompletionContext(state, doc.length, explicit))) as CompletionResult | null;
}

const labels = (r: CompletionResult | null) => r?.options.map((o) => o.label) ?? [];

describe('completion', () => {
  it('offers variables, the context type’s fields and relationships, functions and snippets on Ctrl-Space', async () => {
    const result = await complete('', true);
    expect(labels(result)).toEqual(
      expect.arrayContaining([
        '[PageInput]',
        '[Amount]',
        '[Close Date]',
        '[Account]',
        'iif',
        'datediff',
        'let',
      ]),
    );
  });

  it('completes a bracketed name as typed, with the closing bracket', async () => {
    const result = await complete('1 + [Am');
    expect(result?.from).toBe(4);
    expect(labels(result)).toContain('[Amount]');
  });

  it('inserts a function with its parentheses, the cursor between them', async () => {
    const result = await complete('1 + dated');
    const option = result!.options.find((o) => o.label === 'datediff')!;
    const view = new EditorView({ doc: '1 + dated' });
    (option.apply as (v: EditorView, c: typeof option, from: number, to: number) => void)(
      view,
      option,
      result!.from,
      9,
    );
    expect(view.state.doc.toString()).toBe('1 + datediff()');
    expect(view.state.selection.main.head).toBe(13);
    view.destroy();
  });

  it('follows a path through relationships after a dot', async () => {
    expect(labels(await complete('[Account].'))).toEqual(['[Name]', '[Billing City]', '[Owner]']);
    expect(labels(await complete('[Account].[Owner].Em'))).toEqual(['[Name]', '[Email]']);
    expect(labels(await complete('Account . Owner.'))).toContain('[Email]');
  });

  it('starts a path at a record variable', async () => {
    expect(labels(await complete('[PageInput].'))).toContain('[Billing City]');
  });

  it('offers nothing after a dot on something that is not a relationship', async () => {
    expect(await complete('[Amount].')).toBeNull();
  });

  it('does not pop up while typing nothing', async () => {
    expect(await complete('1 + ')).toBeNull();
  });

  it('reads a member path backwards', () => {
    expect(pathBefore('x + [A]]b].C . ', 15)).toEqual(['A]b', 'C']);
    expect(pathBefore('x + y', 5)).toEqual([]);
  });
});

describe('diagnostics', () => {
  const doc = Text.of(['iif([Foo] > 1,', "  'a', 'b')"]);

  it('marks a message at its line, column and length', () => {
    expect(rangeOf(doc, { line: 1, col: 5, length: 5 })).toEqual({ from: 4, to: 9 });
    expect(rangeOf(doc, { line: 2, col: 3, length: 3 })).toEqual({ from: 17, to: 20 });
  });

  it('clamps a location past the end instead of throwing', () => {
    expect(rangeOf(doc, { line: 9, col: 99, length: 4 })).toEqual({ from: doc.length, to: doc.length });
  });

  it('gives errors, warnings and suggestions their severities', () => {
    const location = { line: 1, col: 1, length: 1 };
    expect(
      diagnosticsOf(doc, [
        { msgType: 'Error', message: 'e', location },
        { msgType: 'Warning', message: 'w', location },
        { msgType: 'Suggestion', message: 's', location },
      ]).map((d) => d.severity),
    ).toEqual(['error', 'warning', 'info']);
  });
});
