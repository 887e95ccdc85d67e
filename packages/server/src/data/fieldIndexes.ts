import {
  type EntityId,
  type FieldDef,
  firstUserId,
  type Schema,
  shortValueFieldTypes,
  sysType,
} from '@plinth/schema';
import { sql } from 'kysely';
import { GIN_PENDING_LIST_KB } from '../db/migrations/022_gin_pending_lists.js';
import { keepAveragesOnly } from '../db/statistics.js';
import type { Engine } from '../db/tables.js';
import { type CallerHandle, type Executor, unscoped } from './executor.js';
import { dropFieldTextTable } from './search/fieldTexts.js';

/**
 * The expression a report sorts or filters a field by; indexes repeat it exactly so the planner
 * can use them (text is compared lower-cased).
 */
export function indexedExpression(engine: Engine, field: FieldDef): string {
  const key = String(field.id);
  if (engine === 'sqlite') {
    const v = `json_extract(data, '$."${key}"')`;
    return field.storage === 'string' ? `lower(${v})` : v;
  }
  const text = `(data ->> '${key}')`;
  switch (field.storage) {
    case 'int':
    case 'autoNumber':
    case 'decimal':
    case 'currency':
      return `(${text}::numeric)`;
    case 'bool':
      return `(${text}::boolean)`;
    case 'string':
      return `lower(${text})`;
    default:
      return text;
  }
}

/**
 * What an index expression does to a field's value (a cast, lower-casing, nothing), read alike from
 * the expression the server writes and from the definition the database reports back, so a field
 * whose type changed is seen to need another index.
 */
function expressionKind(expression: string): 'numeric' | 'boolean' | 'lower' | 'plain' {
  if (/::\s*numeric/i.test(expression)) return 'numeric';
  if (/::\s*boolean/i.test(expression)) return 'boolean';
  if (/\blower\s*\(/i.test(expression)) return 'lower';
  return 'plain';
}

/**
 * A field's SQLite sort index. Ids are per tenant and SQLite's indexes span all tenants, so
 * tenants whose fields of one id hold text and other values share two indexes, one of each kind.
 */
export function sqliteSortIndex(fieldId: EntityId, lowered: boolean): string {
  return lowered ? `entities_f${fieldId}_text` : `entities_f${fieldId}`;
}

/**
 * Gives every sortable field of a tenant the index of its current type, and on PostgreSQL a
 * trigram index of each Text field (SQLite's is made by the first Contains on it, fieldTexts.ts).
 * An index made for the field's former type is replaced (decision 0138): no report of the new
 * type reads it, and on PostgreSQL its cast would refuse every value the old type could not hold.
 * On PostgreSQL each index is partial to the tenant, since another tenant's field with the same
 * id may hold another type. Blanks sort lowest in reports, so PostgreSQL's indexes put nulls first
 * (SQLite's always do). A new field's index is created while its values are still empty, so this
 * is cheap after start-up; the indexes there are read in one statement. A new SQLite index is
 * analysed at once (decision 0139).
 */
export async function ensureFieldIndexes(
  handle: CallerHandle,
  engine: Engine,
  tenantId: number,
  schema: Schema,
): Promise<void> {
  const db = unscoped(handle);
  const fields = new Map<number, FieldDef>();
  for (const t of schema.types()) {
    for (const f of schema.fieldsOf(t.id))
      if (!f.column && f.id >= firstUserId && shortValueFieldTypes.has(f.type)) fields.set(f.id, f);
  }
  if (fields.size === 0) return;
  const existing = await existingIndexes(db, engine, tenantId);
  let analysed = false;
  for (const f of fields.values()) {
    const expr = indexedExpression(engine, f);
    const kind = expressionKind(expr);
    if (engine === 'sqlite') {
      const plain = sqliteSortIndex(f.id, false);
      const plainDefinition = existing.get(plain);
      // Before text and other values had an index each, a text field's index had the plain name.
      const misnamed = plainDefinition !== undefined && expressionKind(plainDefinition) === 'lower';
      if (misnamed) await sql.raw(`DROP INDEX IF EXISTS ${plain}`).execute(db);
      const index = sqliteSortIndex(f.id, kind === 'lower');
      if (existing.has(index) && !(misnamed && index === plain)) continue;
      await sql
        .raw(`CREATE INDEX IF NOT EXISTS ${index} ON entities (tenant_id, type_id, ${expr})`)
        .execute(db);
      // Unanalysed beside analysed indexes, its tenant column would look selective to the planner,
      // which then reads the tenant's records through it (decision 0139). Cheaper than the build.
      await sql.raw(`ANALYZE ${index}`).execute(db);
      analysed = true;
      continue;
    }
    const index = `entities_t${tenantId}_f${f.id}`;
    const found = existing.get(index);
    if (found !== undefined && expressionKind(found) !== kind) {
      await dropOnPostgres(db, index);
      if (kind !== 'lower') await dropOnPostgres(db, `${index}_trgm`);
    }
    if (found === undefined || expressionKind(found) !== kind)
      await createOnPostgres(
        db,
        `CREATE INDEX IF NOT EXISTS ${index} ON entities (type_id, ${expr} NULLS FIRST) WHERE tenant_id = ${tenantId}`,
      );
    // A Contains condition's LIKE '%term%' on the lower-cased text reads this one (decision 0135).
    if (f.storage === 'string' && !existing.has(`${index}_trgm`))
      await createOnPostgres(
        db,
        `CREATE INDEX IF NOT EXISTS ${index}_trgm ON entities USING gin (${expr} gin_trgm_ops)
          WITH (gin_pending_list_limit = ${GIN_PENDING_LIST_KB}) WHERE tenant_id = ${tenantId}`,
      );
  }
  if (analysed) await keepAveragesOnly(db);
}

/** The field indexes the tenant can use, by name (and a few others), with their definitions as kept. */
async function existingIndexes(db: Executor, engine: Engine, tenantId: number): Promise<Map<string, string>> {
  const { rows } =
    engine === 'sqlite'
      ? await sql<{ name: string; def: string | null }>`SELECT name, sql AS def FROM sqlite_master
          WHERE type = 'index' AND tbl_name = 'entities' AND name LIKE 'entities_f%'`.execute(db)
      : await sql<{
          name: string;
          def: string | null;
        }>`SELECT indexname AS name, indexdef AS def FROM pg_indexes
          WHERE tablename = 'entities' AND indexname LIKE ${`entities_t${tenantId}_f%`}`.execute(db);
  return new Map(rows.map((r) => [r.name, r.def ?? '']));
}

/**
 * Drops the report indexes of a deleted field, which every write would otherwise keep up (decision
 * 0136): on PostgreSQL the tenant's sort and trigram indexes; on SQLite the tenant's field text
 * table and, once no tenant has a field of that id, the sort indexes, whose names all share.
 */
export async function dropFieldIndexes(
  handle: CallerHandle,
  engine: Engine,
  tenantId: number,
  fieldId: EntityId,
): Promise<void> {
  const db = unscoped(handle);
  if (!Number.isSafeInteger(fieldId) || fieldId < firstUserId) return;
  if (engine === 'postgres') {
    const index = `entities_t${tenantId}_f${fieldId}`;
    await dropOnPostgres(db, index);
    await dropOnPostgres(db, `${index}_trgm`);
    return;
  }
  await dropFieldTextTable(db, tenantId, fieldId);
  const { rows } = await sql`SELECT 1 AS kept FROM tenants WHERE EXISTS (SELECT 1 FROM entities
      WHERE entities.tenant_id = tenants.id AND entities.id = ${fieldId} AND entities.type_id = ${sysType.field})
    LIMIT 1`.execute(db);
  if (rows.length > 0) return;
  for (const lowered of [false, true])
    await sql.raw(`DROP INDEX IF EXISTS ${sqliteSortIndex(fieldId, lowered)}`).execute(db);
}

/** Drops a PostgreSQL index, outside a transaction without locking out the table's readers and writers. */
async function dropOnPostgres(db: Executor, index: string): Promise<void> {
  const drop = db.isTransaction ? 'DROP INDEX IF EXISTS' : 'DROP INDEX CONCURRENTLY IF EXISTS';
  await sql.raw(`${drop} ${index}`).execute(db);
}

/**
 * Creates a PostgreSQL index that another connection may be creating at the same moment: two
 * requests (or two server processes, decision 0052) that see a new field together both create its
 * index, and IF NOT EXISTS does not stop the second from failing on the catalogue's unique name
 * once the first commits. The index is there either way. Inside a transaction a savepoint keeps
 * that failure from aborting it.
 */
async function createOnPostgres(db: Executor, statement: string): Promise<void> {
  const inTransaction = db.isTransaction;
  if (inTransaction) await sql.raw('SAVEPOINT field_index').execute(db);
  try {
    await sql.raw(statement).execute(db);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // unique_violation on pg_class's name, or duplicate_table.
    if (code !== '23505' && code !== '42P07') throw error;
    if (inTransaction) await sql.raw('ROLLBACK TO SAVEPOINT field_index').execute(db);
  }
  if (inTransaction) await sql.raw('RELEASE SAVEPOINT field_index').execute(db);
}
