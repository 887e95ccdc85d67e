import type { EntityId } from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import type { RequestContext } from '../context.js';
import { chunks, type EntityRow, toEntityRow } from '../data/entityRepository.js';
import { idIn } from '../data/idList.js';
import { systemQuery } from '../data/systemQuery.js';
import { tenantScope } from '../data/tenantScope.js';
import type { EntitiesTable } from '../db/tables.js';

/** A relationship end followed from the page's records. */
export interface PageLinkEnd {
  relId: EntityId;
  direction: 'fwd' | 'rev';
}

/** The records a link end reaches from each record of the page, that the caller may read. */
export type LinkedRows = Map<EntityId, EntityRow[]>;

/** The most ids one statement carries, over all its parts (both engines take far more). */
const maxIdsPerStatement = 6000;

/**
 * A page's records and, for each link end, the records it reaches from them that the caller may
 * read, in one statement (decision 0055): one `UNION ALL` part for the records, one per end (its
 * links joined to the records they reach, under the caller's read rules). A record the caller
 * cannot read is left out, as if not linked. Pages with many ends and rows are read in parts.
 * `types` adds, in the first part, every record of each set of types the caller may read (the
 * choice values whose colours the full metadata shows: no statement of their own, decision 0089).
 */
export async function readPageRecords(
  ctx: RequestContext,
  ids: readonly EntityId[],
  ends: readonly PageLinkEnd[],
  types: ReadonlyArray<readonly EntityId[]> = [],
): Promise<{ rows: Map<EntityId, EntityRow>; linked: LinkedRows[]; typed: EntityRow[][] }> {
  const rows = new Map<EntityId, EntityRow>();
  const linked: LinkedRows[] = ends.map(() => new Map());
  const typed: EntityRow[][] = types.map(() => []);
  let first = true;
  const unique = [...new Set(ids)];
  const tenant = tenantScope(ctx);
  const size = Math.max(1, Math.floor(maxIdsPerStatement / (ends.length + 1)));
  for (const part of chunks(unique, size)) {
    // The page's records, by the ids the report's scoped query chose; the ends guard what they reach.
    const db = systemQuery(ctx.db, 'already scoped');
    const parts: RawBuilder<unknown>[] = [
      sql`SELECT NULL AS lk_end, NULL AS lk_from, entities.* FROM entities
        WHERE ${tenant.owns('entities')} AND ${idIn(ctx.engine, sql.ref('entities.id'), part)}`,
      ...ends.map((end, i) => {
        const [self, other] = end.direction === 'fwd' ? ['from_id', 'to_id'] : ['to_id', 'from_id'];
        return sql`SELECT ${sql.lit(i)} AS lk_end, ${sql.ref(`lk.${self}`)} AS lk_from, entities.*
          FROM relationships lk JOIN entities ON entities.id = ${sql.ref(`lk.${other}`)}
          WHERE ${tenant.owns('lk')} AND lk.rel_id = ${end.relId} AND ${idIn(ctx.engine, sql.ref(`lk.${self}`), part)}
          AND ${tenant.visible('entities')}`;
      }),
      ...(first ? types : []).map(
        (typeIds, k) => sql`SELECT ${sql.lit(-1 - k)} AS lk_end, NULL AS lk_from, entities.* FROM entities
          WHERE ${tenant.visible('entities')} AND entities.type_id IN (${sql.join([...typeIds])})`,
      ),
    ];
    first = false;
    const result = await sql<EntitiesTable & { lk_end: unknown; lk_from: unknown }>`${sql.join(
      parts,
      sql` UNION ALL `,
    )}`.execute(db);
    for (const r of result.rows) {
      const row = toEntityRow(r);
      if (r.lk_end === null || r.lk_end === undefined) {
        rows.set(row.id, row);
        continue;
      }
      const end = Number(r.lk_end);
      if (end < 0) {
        typed[-1 - end]!.push(row);
        continue;
      }
      const byOwner = linked[end]!;
      const from = Number(r.lk_from);
      const list = byOwner.get(from);
      if (list) list.push(row);
      else byOwner.set(from, [row]);
    }
  }
  return { rows, linked, typed };
}
