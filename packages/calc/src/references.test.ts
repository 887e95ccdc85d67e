import { describe, expect, it } from 'vitest';
import { findReferences, referencesVariable } from './references.js';

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
