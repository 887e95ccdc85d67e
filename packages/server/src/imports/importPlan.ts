import { type EntityChange, sysField, type TypeDef } from '@plinth/schema';
import { sql } from 'kysely';
import type { RequestContext } from '../context.js';
import { parseData } from '../data/entityRepository.js';
import { chunks } from '../data/executor.js';
import { tenantScope } from '../data/tenantScope.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { readTenantSettings } from '../settings/tenantSettings.js';
import { type CellReader, cellReader } from './cellValues.js';
import { type CsvRow, countRows, csvRecords } from './csvText.js';
import { importMessages } from './importMessages.js';
import { type ImportTarget, importTargets } from './importTargets.js';

/** A cell's problem: the column's header (null for the row as a whole) and the message. */
export interface CellMessage {
  column: string | null;
  message: string;
}

/** How the rows of one file become records of one type, worked out once per preview or import. */
export interface ImportPlan {
  type: TypeDef;
  columns: string[];
  /** The member each column fills, or null. */
  targets: Array<ImportTarget | null>;
  /** Problems of the mapping itself; an import with any is refused. */
  mappingProblems: string[];
  /**
   * Per lookup column: the related records by folded name (none: no match; more than one:
   * ambiguous), filled a batch of rows at a time by {@link resolveNames}.
   */
  related: Map<number, Map<string, number[]>>;
  read: CellReader;
  /** The rows under the header, as a quick count of the file's lines says (for progress). */
  expectedRows: number;
}

/** The type a caller may import records of; another's or an unknown one is a 404, one they may not create a 403. */
export function importableType(ctx: RequestContext, typeId: number): TypeDef {
  const type = ctx.schema.type(typeId);
  if (!type) throw notFound('The Object was not found.');
  if (type.isAbstract) throw badRequest(`'${type.name}' is abstract.`);
  if (!ctx.perms.canCreateType(type.id)) throw forbidden();
  return type;
}

/**
 * Plans a file's import from its header: the mapping checked against the type's importable
 * members, and the tenant's way of writing values (decision 0105). The rows are read once, later,
 * a batch at a time.
 */
export async function planImport(
  ctx: RequestContext,
  text: string,
  typeId: number,
  mapping: ReadonlyArray<string | null>,
): Promise<ImportPlan> {
  const type = importableType(ctx, typeId);
  const all = importTargets(ctx.schema, type.id);
  const byKey = new Map(all.map((t) => [t.key, t]));
  let header: string[] | undefined;
  for await (const row of csvRecords(text)) {
    header = row.cells;
    break;
  }
  if (!header) throw badRequest(importMessages.empty);
  const columns = header.map((c, i) => c.trim() || `Column ${i + 1}`);
  if (mapping.length !== columns.length) throw badRequest(importMessages.mappingLength);
  const targets = mapping.map((key) => {
    if (key === null) return null;
    const target = byKey.get(key);
    if (!target) throw badRequest(importMessages.notImportable(key));
    return target;
  });
  const related = new Map<number, Map<string, number[]>>();
  targets.forEach((t, i) => {
    if (t?.member === 'relationship') related.set(i, new Map());
  });
  const settings = await readTenantSettings(ctx.db, ctx.tenantId);
  return {
    type,
    columns,
    targets,
    mappingProblems: mappingProblems(all, targets),
    related,
    read: cellReader(settings),
    expectedRows: countRows(text),
  };
}

/**
 * Finds the records a batch of rows names in its lookup and choice columns, by name among those
 * the caller may read (decision 0104), each name asked for once per plan.
 */
export async function resolveNames(
  ctx: RequestContext,
  plan: ImportPlan,
  rows: readonly CsvRow[],
): Promise<void> {
  for (const [i, known] of plan.related) {
    const target = plan.targets[i];
    if (target?.member !== 'relationship') continue;
    const wanted = new Set<string>();
    for (const row of rows) {
      const name = row.cells[i]?.trim().toLowerCase();
      if (name && !known.has(name)) wanted.add(name);
    }
    if (wanted.size === 0) continue;
    const found = await recordsByName(ctx, target.relatedTypeId, [...wanted]);
    for (const name of wanted) known.set(name, found.get(name) ?? []);
  }
}

function mappingProblems(
  all: readonly ImportTarget[],
  targets: ReadonlyArray<ImportTarget | null>,
): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const t of targets) {
    if (!t) continue;
    if (seen.has(t.key)) problems.push(importMessages.mappedTwice(t.label));
    seen.add(t.key);
  }
  if (seen.size === 0) problems.push(importMessages.nothingMapped);
  // A required field with a default gets it; a required one without, or a required link, needs a column.
  for (const t of all)
    if (t.isRequired && !seen.has(t.key) && (t.member !== 'field' || t.field.defaultValue === undefined))
      problems.push(importMessages.requiredUnmapped(t.label));
  return problems;
}

/**
 * The records of a type (and its derived types) the caller may read whose names are among `names`
 * (folded to lower case), by folded name; retired choice values are left out.
 */
async function recordsByName(
  ctx: RequestContext,
  typeId: number,
  names: readonly string[],
): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>();
  const typeIds = [typeId, ...ctx.schema.descendants(typeId)];
  const isChoice = ctx.schema.type(typeId)?.isChoiceType === true;
  for (const part of chunks(names)) {
    const rows = await tenantScope(ctx)
      .records()
      .select(['entities.id', 'entities.name', 'entities.data'])
      .where('entities.type_id', 'in', typeIds)
      .where(sql<string>`lower(entities.name)`, 'in', part)
      .execute();
    for (const row of rows) {
      if (isChoice && parseData(row.data)[sysField.enumRetired] === true) continue;
      const key = (row.name ?? '').trim().toLowerCase();
      found.set(key, [...(found.get(key) ?? []), row.id]);
    }
  }
  return found;
}

/** One row as a new record of the put, with the problems of its cells. */
export function convertRow(plan: ImportPlan, row: CsvRow): { change: EntityChange; messages: CellMessage[] } {
  const messages: CellMessage[] = [];
  const fields: Record<string, unknown> = {};
  const relationships: Record<string, { set: number[] }> = {};
  const extra = row.cells.slice(plan.columns.length);
  if (extra.some((c) => c.trim() !== ''))
    messages.push({ column: null, message: importMessages.cellCount(row.cells.length, plan.columns.length) });
  plan.targets.forEach((target, i) => {
    if (!target) return;
    const column = plan.columns[i]!;
    const cell = row.cells[i] ?? '';
    if (target.member === 'field') {
      const result = plan.read(target.field, cell);
      if (!result.ok) messages.push({ column, message: result.message });
      else if (result.value !== null) fields[target.key] = result.value;
      return;
    }
    const name = cell.trim();
    if (name === '') {
      if (target.isRequired) messages.push({ column, message: 'A value is required.' });
      return;
    }
    const ids = plan.related.get(i)?.get(name.toLowerCase()) ?? [];
    if (ids.length === 1) relationships[target.key] = { set: ids };
    else
      messages.push({
        column,
        message:
          ids.length === 0
            ? importMessages.noMatch(target.detail, name)
            : importMessages.ambiguous(target.detail, name, ids.length),
      });
  });
  return {
    change: { id: `new:${row.line}`, typeId: plan.type.id, fields, relationships } as EntityChange,
    messages,
  };
}
