import { type EntityId, sysField as F, firstUserId, type Schema, sysType as T } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { selectEntities } from '../data/entityRepository.js';
import type { CallerHandle } from '../data/executor.js';
import { systemQuery } from '../data/systemQuery.js';

/** A definition that names an Object: a form, a page, a report or a relationship. */
export interface TypeUse {
  id: EntityId;
  name: string;
}

/**
 * What stands in the way of deleting an Object, and what goes with it (decision 0095): the forms,
 * pages and reports built on it or on a type derived from it, the relationships that link it to
 * other Objects, the derived Objects, and how many records of it (derived types' included) exist.
 */
export interface TypeUsage {
  forms: TypeUse[];
  pages: TypeUse[];
  reports: TypeUse[];
  relationships: TypeUse[];
  derivedTypes: TypeUse[];
  recordCount: number;
}

/** True when something still uses the Object, so that deleting it is refused. */
export function isTypeInUse(usage: TypeUsage): boolean {
  return (
    usage.forms.length + usage.pages.length + usage.reports.length + usage.relationships.length > 0 ||
    usage.derivedTypes.length > 0
  );
}

/** The definition records and the field holding each one's JSON. */
const definitionTypeKeys = [
  { typeId: T.form, fieldId: F.formDefinition, into: 'forms' },
  { typeId: T.report, fieldId: F.reportDefinition, into: 'reports' },
  { typeId: T.pageVersion, fieldId: F.pageVersionContent, into: 'pages' },
] as const;

export async function readTypeUsage(ctx: RequestContext, typeId: EntityId): Promise<TypeUsage> {
  const { schema } = ctx;
  const covered = new Set(schema.descendants(typeId));
  const usage: TypeUsage = {
    forms: [],
    pages: [],
    reports: [],
    relationships: relationshipsToOthers(schema, covered),
    derivedTypes: schema.derivedTypes(typeId).map((t) => ({ id: t.id, name: t.name })),
    recordCount: await countRecords(ctx.db, ctx.tenantId, [...covered]),
  };
  const uses = await definitionsUsing(ctx, (kind, value) => {
    const named = typeIdIn(value, typeKeys[kind]);
    return named !== undefined && covered.has(named);
  });
  Object.assign(usage, uses);
  return usage;
}

/** The kinds of definition that name Objects and relationships, as TypeUsage lists them. */
export type DefinitionKind = 'forms' | 'pages' | 'reports';

/** Where each definition keeps the type it is built on, in its JSON value. */
const typeKeys: Record<DefinitionKind, string> = {
  forms: 'typeId',
  reports: 'rootTypeId',
  pages: 'contextEntityTypeId',
};

/**
 * The forms, pages (page versions) and reports whose stored definition `uses` accepts, by name.
 * Every definition counts, whatever the administrator's own read rules: a schema change affects all.
 */
export async function definitionsUsing(
  ctx: RequestContext,
  uses: (kind: DefinitionKind, value: unknown) => boolean,
): Promise<Record<DefinitionKind, TypeUse[]>> {
  const found: Record<DefinitionKind, TypeUse[]> = { forms: [], pages: [], reports: [] };
  const ids = await systemQuery(ctx.db, 'write integrity')
    .selectFrom('entities')
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where(
      'type_id',
      'in',
      definitionTypeKeys.map((d) => d.typeId),
    )
    .execute();
  const everyRecord = systemQuery(ctx.db, 'write integrity');
  const rows = await selectEntities(
    everyRecord,
    ctx.tenantId,
    ids.map((r) => r.id),
  );
  for (const row of rows) {
    const kind = definitionTypeKeys.find((d) => d.typeId === row.typeId);
    if (kind && uses(kind.into, row.data[String(kind.fieldId)]))
      found[kind.into].push({ id: row.id, name: row.name ?? `#${row.id}` });
  }
  for (const list of Object.values(found)) list.sort((a, b) => a.name.localeCompare(b.name));
  return found;
}

/** User relationships with one end on the Object (or a derived one) and the other on an Object that stays. */
function relationshipsToOthers(schema: Schema, covered: ReadonlySet<EntityId>): TypeUse[] {
  const seen = new Map<EntityId, TypeUse>();
  for (const id of covered) {
    for (const { rel } of schema.relationshipsOf(id)) {
      if (rel.id < firstUserId) continue; // the catalogue's own
      const from = covered.has(rel.fromTypeId);
      const to = covered.has(rel.toTypeId);
      if (from === to) continue; // inherited from a base type, or within what is deleted
      seen.set(rel.id, { id: rel.id, name: from ? rel.toName : rel.fromName });
    }
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** A stored definition's JSON value, parsed; undefined when it is not JSON. */
export function parsedDefinition(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

function typeIdIn(value: unknown, key: string): EntityId | undefined {
  const parsed = parsedDefinition(value);
  if (!parsed || typeof parsed !== 'object') return undefined;
  const id = (parsed as Record<string, unknown>)[key];
  return typeof id === 'number' ? id : undefined;
}

async function countRecords(
  db: CallerHandle,
  tenantId: number,
  typeIds: readonly EntityId[],
): Promise<number> {
  if (typeIds.length === 0) return 0;
  const row = await systemQuery(db, 'write integrity')
    .selectFrom('entities')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('type_id', 'in', [...typeIds])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The refusal to delete a part of the schema still in use: it names every use, so the user knows
 * what to change first.
 *
 * @example usedByMessage('field', [['Reports', [{ id: 1, name: 'Deals' }]]]) // 'The field is used and cannot be deleted. Reports: Deals.'
 */
export function usedByMessage(
  what: string,
  parts: ReadonlyArray<readonly [label: string, uses: readonly TypeUse[]]>,
): string {
  const listed = parts
    .filter(([, uses]) => uses.length > 0)
    .map(([label, uses]) => `${label}: ${uses.map((u) => u.name).join(', ')}`);
  return `The ${what} is used and cannot be deleted. ${listed.join('; ')}.`;
}

/**
 * Whether a stored definition's JSON names `id` under one of `keys` anywhere (report columns and
 * paths, form controls, page components: a few thousand nodes at most).
 */
export function definitionNames(value: unknown, keys: ReadonlySet<string>, id: EntityId): boolean {
  if (Array.isArray(value)) return value.some((v) => definitionNames(v, keys, id));
  if (!value || typeof value !== 'object') return false;
  for (const [key, v] of Object.entries(value)) {
    if (keys.has(key) && v === id) return true;
    if (typeof v === 'object' && definitionNames(v, keys, id)) return true;
  }
  return false;
}
