import { type EntityId, pluralName, type ReportDefinition } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { putEntities } from '../entities/putEntities.js';
import { recordColumns } from '../reports/defaultReports.js';
import { definitionsUsing, parsedDefinition } from './typeUsage.js';

/** A report made of an Object's records, as the schema editor lists it. */
export interface TypeReport {
  id: EntityId;
  name: string;
}

/**
 * Makes a stored report of an Object's records (decision 0111): every column a list of them shows,
 * calculations included, sorted by name, named after the Object in the plural ("Projects", then
 * "Projects 2" if the Object already has a report of that name). It is written by the entity put,
 * so the report's own rules hold and the runner opens it like any saved report.
 */
export async function createTypeReport(ctx: RequestContext, typeId: EntityId): Promise<TypeReport> {
  const type = ctx.schema.typeOrThrow(typeId);
  const definition: ReportDefinition = {
    version: 1,
    rootTypeId: type.id,
    columns: recordColumns(ctx.schema, type, { calculations: true }),
    conditions: [],
    sorts: [{ columnId: 'name', order: 'Ascending' }],
    groups: [],
    aggregates: [],
    showGrandTotals: false,
    showSubTotals: true,
    showCount: true,
    isPublic: false,
  };
  const name = freeName(pluralName(type.name), await reportNamesOf(ctx, typeId));
  const key = 'new:report';
  const answer = await putEntities(ctx, {
    entities: [
      { id: key, typeId: 'core:report', fields: { name, reportDefinition: JSON.stringify(definition) } },
    ],
    deleted: [],
  });
  return { id: answer.ids[key]!, name };
}

/** The names of the reports built on the Object, case-folded. */
async function reportNamesOf(ctx: RequestContext, typeId: EntityId): Promise<Set<string>> {
  const { reports } = await definitionsUsing(ctx, (kind, value) => {
    const parsed = parsedDefinition(value) as { rootTypeId?: unknown } | undefined;
    return kind === 'reports' && parsed?.rootTypeId === typeId;
  });
  return new Set(reports.map((r) => r.name.toLowerCase()));
}

/** `name`, or `name 2`, `name 3`… the first that is not taken. */
function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 2; ; n++) if (!taken.has(`${name} ${n}`.toLowerCase())) return `${name} ${n}`;
}
