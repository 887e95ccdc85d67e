import { describe, expect, it } from 'vitest';
import { inlineEditability, inlineEditTooltips } from './inlineEditability.js';

const text = { type: 'String' as const, isImage: false };
const editing = { isInlineEditing: true, hasForm: true };

describe('inlineEditability (spec 02 §5)', () => {
  it('lets a supported field on the form be edited', () => {
    const result = inlineEditability({ ...editing, column: text, field: { kind: 'text' } });
    expect(result).toEqual({ isEditable: true, field: { kind: 'text' } });
  });

  it('edits nothing, and explains nothing, outside inline editing', () => {
    expect(
      inlineEditability({ column: text, isInlineEditing: false, hasForm: true, field: { kind: 'text' } }),
    ).toEqual({
      isEditable: false,
      reason: null,
    });
  });

  it('does not support image columns, auto-number or calculated fields', () => {
    const reason = 'Field is not supported with Inline Edit';
    expect(
      inlineEditability({ ...editing, column: { type: 'String', isImage: true }, field: { kind: 'text' } }),
    ).toEqual({
      isEditable: false,
      reason,
    });
    expect(
      inlineEditability({ ...editing, column: { type: 'AutoNumber', isImage: false }, field: undefined }),
    ).toEqual({
      isEditable: false,
      reason,
    });
    for (const kind of ['autoNumber', 'calculated', 'unsupported'] as const)
      expect(inlineEditability({ ...editing, column: text, field: { kind } })).toEqual({
        isEditable: false,
        reason,
      });
  });

  it('keeps read-only fields and relationships read-only', () => {
    expect(
      inlineEditability({ ...editing, column: text, field: { kind: 'lookup', isReadOnly: true } }),
    ).toEqual({
      isEditable: false,
      reason: 'This field is read-only and cannot be edited',
    });
  });

  it('needs the form and a component for the column', () => {
    const reason = 'No associated form found for this field';
    expect(inlineEditability({ ...editing, column: text, field: undefined })).toEqual({
      isEditable: false,
      reason,
    });
    expect(inlineEditability({ ...editing, hasForm: false, column: text, field: { kind: 'text' } })).toEqual({
      isEditable: false,
      reason,
    });
    expect(Object.values(inlineEditTooltips)).toHaveLength(3);
  });
});
