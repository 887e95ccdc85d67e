import { aboveMaximumMessage, belowMinimumMessage, requiredMessage, tooLongMessage } from '@plinth/schema';
import type { CellEdit, InlineEditField } from '../types.js';

const textKinds = new Set(['text', 'multilineText', 'richText']);
const numberKinds = new Set(['int', 'decimal', 'currency']);

/** Rich text with no text in it (only tags, spaces or non-breaking spaces) is blank. */
const isBlankText = (value: string, isRich: boolean) =>
  (isRich ? value.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ') : value).trim() === '';

function isEmpty(field: InlineEditField, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'string') return isBlankText(value, field.kind === 'richText');
  return false;
}

/**
 * The error of an inline-edited cell against its field in the form (spec 02 §5 "Inline edit"):
 * required, minimum and maximum, maximum length — in the words the server uses, so a record is
 * kept back (red) before it is sent. Booleans are never missing. Undefined when the value is fine.
 */
export function inlineCellError(field: InlineEditField | undefined, cell: CellEdit): string | undefined {
  if (!field) return undefined;
  const value = cell.value;
  if (field.kind !== 'bool' && isEmpty(field, value)) return field.isRequired ? requiredMessage : undefined;
  if (numberKinds.has(field.kind) && typeof value === 'number') {
    if (field.min !== undefined && value < field.min) return belowMinimumMessage(field.min);
    if (field.max !== undefined && value > field.max) return aboveMaximumMessage(field.max);
  }
  if (textKinds.has(field.kind) && typeof value === 'string' && field.maxLength !== undefined) {
    const length = field.kind === 'richText' ? value.replace(/<[^>]*>/g, '').length : value.length;
    if (length > field.maxLength) return tooLongMessage(field.maxLength);
  }
  return undefined;
}
