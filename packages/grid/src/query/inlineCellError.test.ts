import { describe, expect, it } from 'vitest';
import type { CellEdit, InlineEditField } from '../types.js';
import { inlineCellError } from './inlineCellError.js';

const edit = (value: unknown): CellEdit => ({ colid: 'c', value });

describe('inlineCellError', () => {
  it('asks for a value of a required field or relationship left empty', () => {
    const lookup: InlineEditField = { kind: 'lookup', isRequired: true };
    expect(inlineCellError(lookup, edit([]))).toBe('A value is required.');
    expect(inlineCellError(lookup, edit([12]))).toBeUndefined();
    const text: InlineEditField = { kind: 'text', isRequired: true };
    expect(inlineCellError(text, edit('  '))).toBe('A value is required.');
    expect(inlineCellError({ kind: 'richText', isRequired: true }, edit('<p>&nbsp;</p>'))).toBe(
      'A value is required.',
    );
    expect(inlineCellError({ kind: 'currency', isRequired: true }, edit(null))).toBe('A value is required.');
    expect(inlineCellError({ kind: 'text' }, edit(''))).toBeUndefined();
    expect(inlineCellError({ kind: 'bool', isRequired: true }, edit(false))).toBeUndefined();
  });

  it('checks numbers against their bounds and text against its maximum length', () => {
    const probability: InlineEditField = { kind: 'int', min: 0, max: 100 };
    expect(inlineCellError(probability, edit(55))).toBeUndefined();
    expect(inlineCellError(probability, edit(150))).toBe(
      'The value is greater than the maximum value; the maximum value is 100',
    );
    expect(inlineCellError(probability, edit(-1))).toBe(
      'The value is less than the minimum value; the minimum value is 0',
    );
    expect(inlineCellError({ kind: 'text', maxLength: 3 }, edit('abcd'))).toBe(
      'The value is too long; the maximum length is 3 characters.',
    );
  });

  it('has nothing to say without a field in the form', () => {
    expect(inlineCellError(undefined, edit(null))).toBeUndefined();
  });
});
