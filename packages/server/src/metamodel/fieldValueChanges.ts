import {
  defaultFieldNames,
  type EntityId,
  type FieldDef,
  type FieldType,
  type FieldValueResult,
  type StoredValue,
  validateFieldValue,
} from '@plinth/schema';
import { sql } from 'kysely';
import type { RequestContext } from '../context.js';
import { parseData } from '../data/entityRepository.js';
import type { CallerHandle } from '../data/executor.js';
import { indexRecords } from '../data/search/searchIndex.js';
import { systemQuery } from '../data/systemQuery.js';
import { jsonValue } from '../db/jsonValue.js';
import type { Engine } from '../db/tables.js';

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

const BATCH = 500;

interface HeldValue {
  id: EntityId;
  typeId: EntityId;
  name: string | null;
  data: Record<string, StoredValue>;
  value: StoredValue;
}

/**
 * Every record holding a value of a field, a batch at a time (in id order, so memory stays flat on
 * a big table), whatever the caller's read rules: a schema change concerns every record.
 */
async function* heldValues(
  db: CallerHandle,
  engine: Engine,
  tenantId: number,
  fieldId: EntityId,
): AsyncGenerator<HeldValue[]> {
  const key = String(fieldId);
  let after = 0;
  for (;;) {
    const rows = await systemQuery(db, 'upkeep')
      .selectFrom('entities')
      .select(['id', 'type_id', 'name', 'data'])
      .where('tenant_id', '=', tenantId)
      .where('id', '>', after)
      .where(sql<boolean>`${jsonValue(engine, fieldId)} is not null`)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.id;
    yield rows.flatMap((r) => {
      const data = parseData(r.data);
      const value = data[key];
      return value === undefined || value === null
        ? []
        : [{ id: r.id, typeId: r.type_id, name: r.name, data, value }];
    });
  }
}

/**
 * Rewrites every stored value of a field with `convert` (the same value: left as it is; undefined:
 * the value removed), bumping each changed record's version so a form opened before the change
 * cannot write the old value back unseen, and re-indexing its search text.
 */
export async function rewriteFieldValues(
  db: CallerHandle,
  engine: Engine,
  tenantId: number,
  fieldId: EntityId,
  convert: (value: StoredValue) => StoredValue | undefined,
): Promise<number> {
  const key = String(fieldId);
  let changed = 0;
  for await (const batch of heldValues(db, engine, tenantId, fieldId)) {
    const rewritten: HeldValue[] = [];
    for (const held of batch) {
      const converted = convert(held.value);
      if (converted === held.value) continue;
      if (converted === undefined) delete held.data[key];
      else held.data[key] = converted;
      // Every value the field holds changes with its type, whatever the writer may read.
      await systemQuery(db, 'write integrity')
        .updateTable('entities')
        .set((eb) => ({ data: JSON.stringify(held.data), version: eb('version', '+', 1) }))
        .where('tenant_id', '=', tenantId)
        .where('id', '=', held.id)
        .execute();
      rewritten.push(held);
    }
    await indexRecords(db, tenantId, rewritten);
    changed += rewritten.length;
  }
  return changed;
}

/**
 * What a proposed definition of a field would make of the values stored now (the schema editor
 * asks before saving): how many records hold a value, and which of them the new definition refuses
 * — a value that does not convert to a new type, or breaks a tightened length, range or pattern —
 * and, when the field becomes required, how many records of its type have no value.
 */
export async function valuesAgainst(
  ctx: RequestContext,
  before: FieldDef,
  after: FieldDef,
): Promise<{ valueCount: number; broken: BrokenValues; missing: number }> {
  const broken: BrokenValues = { count: 0, examples: [] };
  let valueCount = 0;
  for await (const batch of heldValues(ctx.db, ctx.engine, ctx.tenantId, before.id)) {
    for (const held of batch) {
      valueCount++;
      const result = convertedValue(held.value, before, after);
      if (result.ok && result.value !== null) continue;
      broken.count++;
      if (broken.examples.length < exampleCount) broken.examples.push(exampleOf(held.value));
    }
  }
  let missing = 0;
  if (after.isRequired && after.type !== 'Calculation' && after.type !== 'AutoNumber') {
    const row = await systemQuery(ctx.db, 'write integrity')
      .selectFrom('entities')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('tenant_id', '=', ctx.tenantId)
      .where('type_id', 'in', ctx.schema.descendants(before.typeId))
      .where(sql<boolean>`${jsonValue(ctx.engine, before.id)} is null`)
      .executeTakeFirst();
    missing = Number(row?.n ?? 0);
  }
  return { valueCount, broken, missing };
}
