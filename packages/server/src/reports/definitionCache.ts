import type { EntityId, ReportDefinition, Schema, TypeDef } from '@plinth/schema';
import { defaultReport } from './defaultReports.js';
import { type ResolvedColumn, resolveColumns } from './resolveColumns.js';

/** One stored definition as parsed: the row version and the stored text it was parsed from. */
interface Entry {
  version: number;
  text: string;
  definition: ReportDefinition;
}

/** The most definitions kept per database; the least recently used goes first. */
const maxEntries = 1000;

const caches = new WeakMap<object, Map<string, Entry>>();

/**
 * A stored report's definition, parsed and checked once per version of its record (decision
 * 0055): kept per database handle (one per process in production), keyed by tenant and report
 * id, and served only while the row read for this request has the version and the stored text it
 * was parsed from. The row is read on every request, under the caller's read rules, so a change
 * made through any process is seen by the very next run, and nothing is kept that the caller may
 * not read. `text` is what the row holds (its values' text, where the engine gives text), so a
 * kept definition costs no parse of the row at all; `parse` runs only when nothing kept matches.
 * A definition that does not parse is not kept: it fails again, with the same answer. The
 * definition is frozen: it is shared by every request that runs the report.
 */
export function storedDefinition(
  db: object,
  tenantId: number,
  row: { id: EntityId; version: number },
  text: string,
  parse: () => ReportDefinition,
): ReportDefinition {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const key = `${tenantId}:${row.id}`;
  const entry = cache.get(key);
  if (entry) cache.delete(key);
  if (entry && entry.version === row.version && entry.text === text) {
    cache.set(key, entry);
    return entry.definition;
  }
  const definition = deepFreeze(parse());
  cache.set(key, { version: row.version, text, definition });
  if (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
  return definition;
}

const resolved = new WeakMap<ReportDefinition, { schema: Schema; columns: ResolvedColumn[] }>();

/**
 * The definition's columns resolved against the schema, once per definition and schema (decision
 * 0055). A schema object is one version of a tenant's metamodel (the meta cache makes a new one
 * when `meta_version` moves), so a change of fields or relationships resolves again. Columns that
 * do not resolve throw, every time.
 */
export function resolvedColumns(schema: Schema, definition: ReportDefinition): readonly ResolvedColumn[] {
  const known = resolved.get(definition);
  if (known?.schema === schema) return known.columns;
  const columns = resolveColumns(schema, definition);
  resolved.set(definition, { schema, columns });
  return columns;
}

const generated = new WeakMap<Schema, Map<string, { title: string; definition: ReportDefinition }>>();

/**
 * A type's generated display or picker report, made once per schema (decision 0055): it is made
 * from the schema alone, so a new schema version makes it again.
 */
export function generatedReport(
  schema: Schema,
  type: TypeDef,
  kind: 'display' | 'picker',
): { title: string; definition: ReportDefinition } {
  let made = generated.get(schema);
  if (!made) {
    made = new Map();
    generated.set(schema, made);
  }
  const key = `${type.id}:${kind}`;
  let report = made.get(key);
  if (!report) {
    report = deepFreeze(defaultReport(schema, type, kind));
    made.set(key, report);
  }
  return report;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
