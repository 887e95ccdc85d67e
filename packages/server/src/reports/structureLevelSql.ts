import type { EntityId, RelationshipDef, StructureLevelOperator } from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import type { RequestContext } from '../context.js';
import { tenantScope } from '../data/tenantScope.js';

/**
 * The most levels a structure walk follows. Writes refuse loops, but a loop in older data (links
 * stored before the relationship became a structure) ends here instead of running away.
 */
export const maxStructureDepth = 50;

/**
 * A subquery of the ids at the structure levels `oper` asks for around the records `ids`, walking
 * the structure relationship with `WITH RECURSIVE` (SQLite and PostgreSQL alike):
 *
 * - `AnyBelow`: the records strictly below them (children, their children, …);
 * - `AtOrBelow`: the same and the records themselves;
 * - `AnyAbove`: the records strictly above them (parent, grandparent, …);
 * - `AtOrAbove`: the same and the records themselves.
 *
 * The walk starts only from records the caller may read and steps only onto records the caller may
 * read: a hidden record cuts the line, so nothing shows what lies beyond it. Ids are parameters.
 */
export function structureLevelSql(
  ctx: RequestContext,
  structure: RelationshipDef,
  oper: StructureLevelOperator,
  ids: readonly EntityId[],
): RawBuilder<unknown> {
  if (ids.length === 0) return sql`SELECT NULL WHERE 1 = 0`;
  const tenant = tenantScope(ctx);
  const below = oper === 'AnyBelow' || oper === 'AtOrBelow';
  // A structure link goes from a record to its parent: walking down follows links into the record
  // reached so far, walking up follows links out of it.
  const [here, next] = below ? (['to_id', 'from_id'] as const) : (['from_id', 'to_id'] as const);
  const strict = oper === 'AnyBelow' || oper === 'AnyAbove';
  return sql`WITH RECURSIVE levels (id, depth) AS (
      SELECT sv.id, 0 FROM entities sv
      WHERE sv.id IN (${sql.join([...ids])}) AND ${tenant.visible('sv')}
      UNION ALL
      SELECT ${sql.ref(`sl.${next}`)}, levels.depth + 1 FROM levels
      JOIN relationships sl ON ${tenant.owns('sl')} AND sl.rel_id = ${structure.id} AND ${sql.ref(`sl.${here}`)} = levels.id
      JOIN entities sn ON sn.id = ${sql.ref(`sl.${next}`)} AND ${tenant.visible('sn')}
      WHERE levels.depth < ${sql.lit(maxStructureDepth)}
    )
    SELECT id FROM levels WHERE depth ${strict ? sql`> 0` : sql`>= 0`}`;
}
