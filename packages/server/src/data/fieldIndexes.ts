import {
  type EntityId,
  type FieldDef,
  firstUserId,
  type Schema,
  shortValueFieldTypes,
  sysType,
} from '@plinth/schema';
import { sql } from 'kysely';
import type { Engine } from '../db/tables.js';
import type { Executor } from './executor.js';
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
 * Creates the index of every sortable field of a tenant that lacks one, and on PostgreSQL a
 * trigram index of each Text field (SQLite's is made by the first Contains on it, fieldTexts.ts).
 * On PostgreSQL each index is partial to the tenant, since another tenant's field with the same
 * id may hold another type.
 * Blanks sort lowest in reports, so PostgreSQL's indexes put nulls first (SQLite's always do).
 * A new field's index is created while its values are still empty, so this is cheap after start-up.
 */
export async function ensureFieldIndexes(
  db: Executor,
  engine: Engine,
  tenantId: number,
  schema: Schema,
): Promise<void> {
  const fields = new Map<number, FieldDef>();
  for (const t of schema.types()) {
    for (const f of schema.fieldsOf(t.id))
      if (!f.column && f.id >= firstUserId && shortValueFieldTypes.has(f.type)) fields.set(f.id, f);
  }
  for (const f of fields.values()) {
    const expr = indexedExpression(engine, f);
    if (engine === 'sqlite') {
      await sql
        .raw(`CREATE INDEX IF NOT EXISTS entities_f${f.id} ON entities (tenant_id, type_id, ${expr})`)
        .execute(db);
      continue;
    }
    const index = `entities_t${tenantId}_f${f.id}`;
    await createOnPostgres(
      db,
      `CREATE INDEX IF NOT EXISTS ${index} ON entities (type_id, ${expr} NULLS FIRST) WHERE tenant_id = ${tenantId}`,
    );
    // A Contains condition's LIKE '%term%' on the lower-cased text reads this one (decision 0135).
    if (f.storage === 'string')
      await createOnPostgres(
        db,
        `CREATE INDEX IF NOT EXISTS ${index}_trgm ON entities USING gin (${expr} gin_trgm_ops) WHERE tenant_id = ${tenantId}`,
      );
  }
}

/**
 * Drops the report indexes of a deleted field, which every write would otherwise keep up (decision
 * 0136): on PostgreSQL the tenant's sort and trigram indexes; on SQLite the tenant's field text
 * table and, once no tenant has a field of that id, the sort index, whose name all of them share.
 */
export async function dropFieldIndexes(
  db: Executor,
  engine: Engine,
  tenantId: number,
  fieldId: EntityId,
): Promise<void> {
  if (!Number.isSafeInteger(fieldId) || fieldId < firstUserId) return;
  if (engine === 'postgres') {
    // Outside a transaction without locking out the table's readers and writers meanwhile.
    const drop = db.isTransaction ? 'DROP INDEX IF EXISTS' : 'DROP INDEX CONCURRENTLY IF EXISTS';
    const index = `entities_t${tenantId}_f${fieldId}`;
    await sql.raw(`${drop} ${index}`).execute(db);
    await sql.raw(`${drop} ${index}_trgm`).execute(db);
    return;
  }
  await dropFieldTextTable(db, tenantId, fieldId);
  const { rows } = await sql`SELECT 1 AS kept FROM tenants WHERE EXISTS (SELECT 1 FROM entities
      WHERE entities.tenant_id = tenants.id AND entities.id = ${fieldId} AND entities.type_id = ${sysType.field})
    LIMIT 1`.execute(db);
  if (rows.length === 0) await sql.raw(`DROP INDEX IF EXISTS entities_f${fieldId}`).execute(db);
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
