import {
  defaultFieldNames,
  type EntityId,
  type FieldDef,
  type FieldType,
  type FieldValueResult,
  type StoredValue,
  validateFieldValue,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { rewriteFieldValues } from './richTextValues.js';

const textTypes: readonly FieldType[] = ['Text', 'MultilineText', 'RichText'];
const yes = new Set(['yes', 'y', 'true', '1']);
const no = new Set(['no', 'n', 'false', '0']);

/**
 * A stored value of a field as the field's new definition takes it (issue 19 item 5): numbers,
 * yes/no values and dates become their text; text becomes a number, date, time or yes/no when it
 * reads as one; a date becomes that day's midnight (UTC) and a date-time its (UTC) day. The result
 * is checked against the new definition's bounds, so a value that no longer fits is refused too.
 *
 * @example convertedValue('12', textField, numberField) // { ok: true, value: 12 }
 */
export function convertedValue(value: StoredValue, before: FieldDef, after: FieldDef): FieldValueResult {
  return validateFieldValue(after, asInput(value, before.type, after.type));
}

function asInput(value: StoredValue, from: FieldType, to: FieldType): unknown {
  if (typeof value === 'boolean') return textTypes.includes(to) ? (value ? 'Yes' : 'No') : value;
  if (typeof value === 'number') return textTypes.includes(to) ? String(value) : value;
  if (typeof value !== 'string') return value;
  if (to === 'Boolean') {
    const word = value.trim().toLowerCase();
    return yes.has(word) ? true : no.has(word) ? false : value;
  }
  if (from === 'Date' && to === 'DateTime') return `${value}T00:00:00.000Z`;
  if (from === 'DateTime' && to === 'Date') return value.slice(0, 10);
  return value;
}

/** Records whose value does not take a field's new definition: how many, and the first few. */
export interface BrokenValues {
  count: number;
  examples: string[];
}

const exampleCount = 3;

/** The text of a value as an example in a message. */
const exampleOf = (value: StoredValue) => {
  const text = String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
};

/**
 * Converts every stored value of a retyped field to its new type, in the caller's transaction.
 * Values that do not convert are left as they were and answered: the caller refuses the change
 * (rolling the converted ones back) when there are any.
 */
export async function convertStoredValues(
  ctx: RequestContext,
  before: FieldDef,
  after: FieldDef,
): Promise<BrokenValues> {
  const broken: BrokenValues = { count: 0, examples: [] };
  await rewriteFieldValues(ctx.db, ctx.engine, ctx.tenantId, after.id, (value) => {
    const result = convertedValue(value, before, after);
    if (result.ok && result.value !== null) return result.value;
    broken.count++;
    if (broken.examples.length < exampleCount) broken.examples.push(exampleOf(value));
    return value;
  });
  return broken;
}

/** The refusal of a type change some values do not take, with the count and first examples. */
export function unconvertibleMessage(broken: BrokenValues, after: FieldDef): string {
  const records = broken.count === 1 ? '1 record holds a value' : `${broken.count} records hold values`;
  const examples = broken.examples.map((e) => `'${e}'`).join(', ');
  return `${records} that cannot be changed to '${defaultFieldNames[after.type]}' (${examples}). Change ${broken.count === 1 ? 'it' : 'them'} first.`;
}

/** Removes a field's value from every record that holds one (the field is being deleted). */
export function removeStoredValues(ctx: RequestContext, fieldId: EntityId): Promise<number> {
  return rewriteFieldValues(ctx.db, ctx.engine, ctx.tenantId, fieldId, () => undefined);
}
