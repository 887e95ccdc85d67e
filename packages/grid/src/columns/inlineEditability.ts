import { readOnlyMessage } from '@plinth/schema';
import type { InlineEditField, ReportValueType } from '../types.js';

/** Tooltips of cells that cannot be edited inline (spec 02 §5), verbatim. */
export const inlineEditTooltips = {
  unsupported: 'Field is not supported with Inline Edit',
  readOnly: readOnlyMessage,
  noForm: 'No associated form found for this field',
} as const;

export type InlineEditability =
  | { isEditable: true; field: InlineEditField }
  /** `reason` is the cell's tooltip; none outside inline editing. */
  | { isEditable: false; reason: string | null };

export interface InlineEditabilityInput {
  column: { type: ReportValueType; isImage: boolean };
  /** Whether the grid is in inline-editing mode. */
  isInlineEditing: boolean;
  /** Whether the report's display form was found. */
  hasForm: boolean;
  /** The column's component on the form; absent when the form has none for it. */
  field: InlineEditField | undefined;
}

/**
 * Whether a cell can be edited inline (spec 02 §5): never outside inline editing; not image
 * columns, auto-number or calculated fields, or a component the grid has no editor for ('Field is
 * not supported with Inline Edit'); not read-only fields or relationships ('This field is read-only
 * and cannot be edited'); not when there is no form or no component for the column ('No associated
 * form found for this field').
 */
export function inlineEditability({
  column,
  isInlineEditing,
  hasForm,
  field,
}: InlineEditabilityInput): InlineEditability {
  if (!isInlineEditing) return { isEditable: false, reason: null };
  if (column.isImage || column.type === 'AutoNumber')
    return { isEditable: false, reason: inlineEditTooltips.unsupported };
  if (!hasForm || !field) return { isEditable: false, reason: inlineEditTooltips.noForm };
  if (field.kind === 'autoNumber' || field.kind === 'calculated' || field.kind === 'unsupported')
    return { isEditable: false, reason: inlineEditTooltips.unsupported };
  if (field.isReadOnly) return { isEditable: false, reason: inlineEditTooltips.readOnly };
  return { isEditable: true, field };
}
