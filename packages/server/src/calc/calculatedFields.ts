import { type CompileResult, compile, type FieldValue } from '@plinth/calc';
import {
  type EntityId,
  type EntityRef,
  sysField as F,
  type FieldDef,
  type IdOrAlias,
  type Schema,
  sysType,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { calcSchemaOf, storageOfCalcType } from '../data/calcSchema.js';
import type { EntityRow } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import { compiledField, ServerCalcData } from './calcDataSource.js';

/** A Calculation field of a record being read, waiting for its value. */
export interface PendingCalculation {
  row: EntityRow;
  entity: Record<string, unknown>;
  key: string;
  field: FieldDef;
}

/**
 * Sets the values of Calculation fields on records being read: each is evaluated with its record as
 * context, under the caller's permissions, all of them together so their reads are batched.
 */
export async function fillCalculatedFields(
  ctx: RequestContext,
  pending: readonly PendingCalculation[],
): Promise<void> {
  if (pending.length === 0) return;
  const data = new ServerCalcData(ctx);
  data.prime(pending.map((p) => p.row));
  await Promise.all(
    pending.map(async (p) => {
      try {
        p.entity[p.key] = await data.calculatedValue(p.row, p.field);
      } catch {
        p.entity[p.key] = null;
      }
    }),
  );
}

/**
 * The values of one Calculation field on readable records, by record id, for a page of report rows
 * (or any other list of rows the caller may read): evaluated together, reads batched.
 */
export async function calculatedValues(
  ctx: RequestContext,
  rows: readonly EntityRow[],
  field: FieldDef,
): Promise<Map<EntityId, FieldValue>> {
  const out = new Map<EntityId, FieldValue>();
  const pending = rows.map((row) => ({ row, entity: {} as Record<string, unknown>, key: 'value', field }));
  await fillCalculatedFields(ctx, pending);
  for (const p of pending) out.set(p.row.id, (p.entity.value ?? null) as FieldValue);
  return out;
}

/** Why a Calculation field cannot be saved, for the field's `fieldCalculation` member. */
export interface CalculationIssue {
  member: 'fieldCalculation' | 'defaultValue';
  message: string;
}

/** The spec gives no text for a cycle; this one names the fields around it. */
export const calculationCycleMessage = (names: readonly string[]) =>
  `Calculated fields cannot refer to each other in a cycle: ${names.join(' → ')}.`;

export const calculationResultMessage = (type: string) =>
  `A calculated field must give one text, number, date, time or yes/no value, not ${type}.`;

/**
 * Checks a Calculation field as saved: its expression compiles (the first Error message otherwise),
 * gives one scalar value, and does not take part in a cycle of calculated fields. Answers the result
 * type to store in `calcResultType`.
 */
export function checkCalculationField(
  schema: Schema,
  field: FieldDef,
): { issues: CalculationIssue[]; storage?: string } {
  const compiled = compile(field.calculation ?? '', {
    schema: calcSchemaOf(schema),
    contextTypeId: String(field.typeId),
    host: 'Evaluate',
  });
  const error = compiled.messages.find((m) => m.type === 'Error');
  if (error || !compiled.ok) {
    const where = error ? ` (line ${error.location.line}, column ${error.location.col})` : '';
    return {
      issues: [{ member: 'fieldCalculation', message: `${error?.text ?? 'Unexpected error.'}${where}` }],
    };
  }
  const storage =
    compiled.isList || compiled.resultType === 'Entity' ? undefined : storageOfCalcType(compiled.resultType);
  if (!storage) {
    const type = compiled.isList ? `a List of ${compiled.resultType}` : 'a record';
    return { issues: [{ member: 'fieldCalculation', message: calculationResultMessage(type) }] };
  }
  const cycle = calculationCycle(schema, field.id);
  if (cycle) return { issues: [{ member: 'fieldCalculation', message: calculationCycleMessage(cycle) }] };
  return { issues: [], storage };
}

/** The calculated fields a compiled expression reads (on its record or related ones). */
function calculatedFieldsRead(schema: Schema, compiled: CompileResult): EntityId[] {
  return compiled.calcFlags.fieldIds
    .map((id) => schema.field(Number(id)))
    .filter((f): f is FieldDef => f?.type === 'Calculation')
    .map((f) => f.id);
}

/** A path of calculated fields from `from` to `target` through their stored expressions, or undefined. */
function pathTo(
  schema: Schema,
  from: EntityId,
  target: EntityId,
  seen = new Set<EntityId>(),
): EntityId[] | undefined {
  if (from === target) return [from];
  if (seen.has(from)) return undefined;
  seen.add(from);
  const f = schema.field(from);
  if (f?.type !== 'Calculation') return undefined;
  for (const next of calculatedFieldsRead(schema, compiledField(schema, f))) {
    const rest = pathTo(schema, next, target, seen);
    if (rest) return [from, ...rest];
  }
  return undefined;
}

/**
 * The cycle a Calculation field would close if its expression were `compiled` (its stored one by
 * default), as field names from the field back to itself, or undefined.
 */
export function calculationCycle(
  schema: Schema,
  fieldId: EntityId,
  compiled?: CompileResult,
): string[] | undefined {
  const field = schema.field(fieldId);
  if (!field) return undefined;
  const seen = new Set<EntityId>();
  for (const next of calculatedFieldsRead(schema, compiled ?? compiledField(schema, field))) {
    const path = pathTo(schema, next, fieldId, seen);
    if (path) return [fieldId, ...path].map((id) => schema.field(id)?.name ?? String(id));
  }
  return undefined;
}

/**
 * Expression defaults. A field's default value that starts with `=` is a calculation (the rest of the
 * text), evaluated when a record is created, for the fields the new record was not given. It has no
 * current record (the new record's own values are not saved yet): it can use literals, the clock
 * (`=getdate() + 7`), and lookups such as `resource(...)` and `all(...)`, under the creator's
 * permissions. An error or a null result leaves the field empty. Any other default is a literal value
 * (or TODAY/NOW, true/false).
 */
export const isExpressionDefault = (defaultValue: string | undefined): defaultValue is string =>
  typeof defaultValue === 'string' && defaultValue.trimStart().startsWith('=');

const expressionOf = (defaultValue: string) => defaultValue.trimStart().slice(1);

export function compileExpressionDefault(schema: Schema, field: FieldDef) {
  const expected = storageExpected(field);
  return compile(expressionOf(field.defaultValue ?? ''), {
    schema: calcSchemaOf(schema),
    host: 'Evaluate',
    ...(expected ? { expectedResultType: { type: expected } } : {}),
  });
}

/** The first compile error of a field's expression default, for the `defaultValue` member. */
export function checkExpressionDefault(schema: Schema, field: FieldDef): CalculationIssue[] {
  if (!isExpressionDefault(field.defaultValue)) return [];
  const error = compileExpressionDefault(schema, field).messages.find((m) => m.type === 'Error');
  return error ? [{ member: 'defaultValue', message: error.text }] : [];
}

/** The calculation type a field of this storage holds, for an expression that writes it. */
export function storageExpected(field: FieldDef) {
  switch (field.storage) {
    case 'string':
      return 'String' as const;
    case 'int':
      return 'Int32' as const;
    case 'decimal':
      return 'Decimal' as const;
    case 'currency':
      return 'Currency' as const;
    case 'date':
      return 'Date' as const;
    case 'time':
      return 'Time' as const;
    case 'dateTime':
      return 'DateTime' as const;
    case 'bool':
      return 'Bool' as const;
    default:
      return undefined;
  }
}

/**
 * The values of the expression defaults of the given types' fields, by field id, for a batch of new
 * records (one evaluation per field: with no current record every new record gets the same value).
 */
export async function expressionDefaults(
  ctx: RequestContext,
  creates: ReadonlyArray<{ typeId?: IdOrAlias | undefined }>,
): Promise<Map<EntityId, unknown>> {
  const out = new Map<EntityId, unknown>();
  const fields = new Map<EntityId, FieldDef>();
  for (const c of creates) {
    const t = c.typeId === undefined ? undefined : ctx.schema.type(c.typeId);
    for (const f of t ? ctx.schema.fieldsOf(t.id) : [])
      if (isExpressionDefault(f.defaultValue)) fields.set(f.id, f);
  }
  if (fields.size === 0) return out;
  const data = new ServerCalcData(ctx);
  for (const f of fields.values()) {
    const result = await data.evaluate(compileExpressionDefault(ctx.schema, f), null);
    const v = result.error === undefined ? result.value : null;
    out.set(f.id, v === null || typeof v === 'object' ? undefined : v);
  }
  return out;
}

/**
 * The calculation checks of a metamodel write (called by `validateMetamodelChanges`, inside the
 * put's transaction): every written Calculation field must compile, give one value and not close a
 * cycle; its result type is then stored in `calcResultType`. Expression defaults must compile to the
 * field's type. Answers the errors, each naming the record as the put did.
 */
export async function checkCalculations(
  ctx: RequestContext,
  schema: Schema,
  written: readonly EntityRow[],
  refOf: (id: EntityId) => EntityRef,
): Promise<Array<{ id: EntityRef } & CalculationIssue>> {
  const errors: Array<{ id: EntityRef } & CalculationIssue> = [];
  for (const row of written) {
    if (row.typeId !== sysType.field) continue;
    const field = schema.field(row.id);
    if (!field) continue;
    for (const issue of checkExpressionDefault(schema, field)) errors.push({ id: refOf(row.id), ...issue });
    if (field.type !== 'Calculation') continue;
    const { issues, storage } = checkCalculationField(schema, field);
    for (const issue of issues) errors.push({ id: refOf(row.id), ...issue });
    if (storage && row.data[String(F.calcResultType)] !== storage) {
      const data = { ...row.data, [String(F.calcResultType)]: storage };
      // The field's own record, part of the metamodel every caller's rights are made of.
      await systemQuery(ctx.db, 'catalogue')
        .updateTable('entities')
        .set({ data: JSON.stringify(data) })
        .where('tenant_id', '=', ctx.tenantId)
        .where('id', '=', row.id)
        .execute();
    }
  }
  return errors;
}
