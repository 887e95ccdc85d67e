import { type Kysely, sql } from 'kysely';
import type { Engine } from '../tables.js';

/** Reports sort and compare names case-insensitively; this index serves them. */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const nulls = engine === 'postgres' ? sql` NULLS FIRST` : sql``;
  await sql`CREATE INDEX entities_type_lower_name ON entities (tenant_id, type_id, lower(name)${nulls})`.execute(
    db,
  );
}
