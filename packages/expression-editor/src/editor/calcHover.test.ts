import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { calcLanguage } from '../language/calcLanguage';
import { calcTestApi } from '../test/calcTestApi';
import { functionAt } from './calcHover';

describe('hover on a call', () => {
  it('finds the function a call names, by name or alias', async () => {
    const { functions } = await calcTestApi().api.functions();
    expect(functionAt('1 + ABS (x)', 5, functions)?.fn.name).toBe('abs');
    expect(functionAt('upper([Name])', 2, functions)?.fn.name).toBe('toupper');
    expect(functionAt('[abs] + 1', 2, functions)).toBeNull();
    expect(functionAt('blah(1)', 1, functions)).toBeNull();
  });

  it('is offered on names the highlighter calls functions, not in text', () => {
    const state = EditorState.create({ doc: "abs(1) & 'abs(2)'", extensions: [calcLanguage()] });
    const tree = ensureSyntaxTree(state, state.doc.length, 1000)!;
    expect(tree.resolveInner(1, 1).name).toBe('function');
    expect(tree.resolveInner(11, 1).name).toBe('string');
  });
});
