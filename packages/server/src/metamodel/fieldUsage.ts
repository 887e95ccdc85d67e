import type { EntityId, FieldDef } from '@plinth/schema';
import { sql } from 'kysely';
import { compiledField } from '../calc/calcDataSource.js';
import type { RequestContext } from '../context.js';
import { systemQuery } from '../data/systemQuery.js';
import { jsonValue } from '../db/jsonValue.js';
import {
  definitionNames,
  definitionsUsing,
  parsedDefinition,
  type TypeUse,
  usedByMessage,
} from './typeUsage.js';

/**
 * What stands in the way of deleting a field, and what goes with it (decision 0107): the forms,
 * pages and reports that show it, the calculated fields that read it, and how many records hold a
 * value of it.
 */
export interface FieldUsage {
  forms: TypeUse[];
  pages: TypeUse[];
  reports: TypeUse[];
  calculations: TypeUse[];
  valueCount: number;
}

/** The keys under which definitions name a field: report columns, form controls, page components. */
const fieldKeys = new Set(['fieldId', 'fieldToRender']);

export async function readFieldUsage(ctx: RequestContext, field: FieldDef): Promise<FieldUsage> {
  const uses = await definitionsUsing(ctx, (_kind, value) =>
    definitionNames(parsedDefinition(value), fieldKeys, field.id),
  );
  return {
    ...uses,
    calculations: calculationsReading(ctx, field),
    valueCount: await countValues(ctx, field.id),
  };
}

export function isFieldInUse(usage: FieldUsage): boolean {
  return usage.forms.length + usage.pages.length + usage.reports.length + usage.calculations.length > 0;
}

/** The refusal names every use, so the user knows what to change first. */
export function fieldInUseMessage(usage: FieldUsage): string {
  return usedByMessage('field', [
    ['Forms', usage.forms],
    ['Pages', usage.pages],
    ['Reports', usage.reports],
    ['Calculations', usage.calculations],
  ]);
}

/** Calculated fields of any type whose calculation reads the field (as the compiler resolves it). */
function calculationsReading(ctx: RequestContext, field: FieldDef): TypeUse[] {
  const { schema } = ctx;
  const out: TypeUse[] = [];
  for (const type of schema.types()) {
    for (const f of schema.fieldsOf(type.id)) {
      if (f.typeId !== type.id || f.type !== 'Calculation' || f.id === field.id) continue;
      const compiled = compiledField(schema, f);
      if (compiled.ok && compiled.calcFlags.fieldIds.some((id) => Number(id) === field.id))
        out.push({ id: f.id, name: `${type.name} › ${f.name}` });
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** How many records hold a value of the field, whatever the caller's read rules. */
export async function countValues(ctx: RequestContext, fieldId: EntityId): Promise<number> {
  const row = await systemQuery(ctx.db, 'write integrity')
    .selectFrom('entities')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('tenant_id', '=', ctx.tenantId)
    .where(sql<boolean>`${jsonValue(ctx.engine, fieldId)} is not null`)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
