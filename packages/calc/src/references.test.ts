import { describe, expect, it } from 'vitest';
import { findReferences, referencesVariable, renameReferences } from './references.js';

describe('expression references', () => {
  it('finds names and parameters, not calls, members, strings or comments', () => {
    const expr =
      "iif([PageInput] = 'x [Hidden]', @Count, [Customer].Name) /* [Nope] */ // [Nor]\n& pageinput";
    expect(findReferences(expr)).toEqual(['PageInput', 'Count', 'Customer']);
  });

  it('finds references in expressions that do not parse', () => {
    expect(findReferences('[Qty] * * [Unit Price]')).toEqual(['Qty', 'Unit Price']);
  });

  it('finds names inside text templates', () => {
    expect(findReferences("$'Hello {[First Name]}, {{[not this]}}'")).toEqual(['First Name']);
  });

  it('matches variables case-insensitively, and SelectedRecord matches SelectedRecords', () => {
    expect(referencesVariable('[selectedrecord].Name', 'SelectedRecords')).toBe(true);
    expect(referencesVariable('[PAGEINPUT]', 'PageInput')).toBe(true);
    expect(referencesVariable("'[PageInput]'", 'PageInput')).toBe(false);
  });
});

describe('renaming a variable in an expression', () => {
  it('rewrites bare, bracketed and @ references, not members, calls, strings or comments', () => {
    const expr = "iif([Count] > 1, @Count + count, 'Count') /* [Count] */ & [Customer].Count";
    expect(renameReferences(expr, 'Count', 'Total')).toBe(
      "iif([Total] > 1, @Total + Total, 'Count') /* [Count] */ & [Customer].Count",
    );
  });

  it('brackets a new name that cannot stand bare', () => {
    expect(renameReferences('Count + @Count', 'count', 'Line total')).toBe('[Line total] + @[Line total]');
    expect(renameReferences('[Count]', 'Count', 'a]b')).toBe('[a]]b]');
  });

  it('leaves an expression that binds the old name with let', () => {
    const expr = 'let Count = 2 select Count * 2';
    expect(renameReferences(expr, 'Count', 'Total')).toBe(expr);
  });

  it('rewrites inside text templates and leaves text that does not lex', () => {
    expect(renameReferences("$'{[Count]} items'", 'Count', 'Total')).toBe("$'{[Total]} items'");
    expect(renameReferences("'unclosed [Count]", 'Count', 'Total')).toBe("'unclosed [Count]");
  });
});
