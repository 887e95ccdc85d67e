import type { EntityId } from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import type { RequestContext } from '../context.js';
import { chunks, type EntityRow, toEntityRow } from '../data/entityRepository.js';
import { idIn } from '../data/idList.js';
import { jsonRows, jsonRowsOf } from '../data/sql/sqlFragments.js';
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

/** A row of `entities` with every column null: the links' row carries no record. */
const noRecord = sql.join(
  (
    [
      'tenant_id',
      'id',
      'type_id',
      'name',
      'alias',
      'data',
      'version',
      'created_at',
      'modified_at',
      'created_by',
      'modified_by',
      'owner_id',
    ] as const satisfies ReadonlyArray<keyof EntitiesTable>
  ).map((c) => sql`NULL AS ${sql.ref(c)}`),
);

/** What a row of the page statement is (`lk_kind`). */
const pageRow = -1;
const reachedRow = -2;
const linksRow = -3;
const typedRow = (k: number) => -4 - k;

/**
 * A page's records and, for each link end, the records it reaches from them that the caller may
 * read, in one statement (decisions 0055, 0141): the ends' links are gathered once (`page_links`),
 * then the statement answers the page's records, the links as one JSON value, and each record
 * they reach once, under the caller's read rule. A record the caller cannot read is left out, as
 * if not linked. Pages with many ends and rows are read in parts. `types` adds, in the first
 * part, every record of each set of types the caller may read (the choice values whose colours
 * the full metadata shows: no statement of their own, decision 0089).
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
    const links = ends.map((end, i) => {
      const [self, other] = end.direction === 'fwd' ? ['from_id', 'to_id'] : ['to_id', 'from_id'];
      return sql`SELECT ${sql.lit(i)} AS lk_end, ${sql.ref(`lk.${self}`)} AS lk_from, ${sql.ref(`lk.${other}`)} AS lk_to
        FROM relationships lk
        WHERE ${tenant.owns('lk')} AND lk.rel_id = ${end.relId} AND ${idIn(ctx.engine, sql.ref(`lk.${self}`), part)}`;
    });
    // The page's records, by the ids the report's scoped query chose; the ends guard what they reach.
    const db = systemQuery(ctx.db, 'already scoped');
    const parts: RawBuilder<unknown>[] = [
      sql`SELECT ${sql.lit(pageRow)} AS lk_kind, NULL AS lk_links, entities.* FROM entities
        WHERE ${tenant.owns('entities')} AND ${idIn(ctx.engine, sql.ref('entities.id'), part)}`,
      ...(links.length > 0
        ? [
            sql`SELECT ${sql.lit(linksRow)}, (SELECT ${jsonRows(ctx.engine, [sql.ref('lk_end'), sql.ref('lk_from'), sql.ref('lk_to')])} FROM page_links), ${noRecord}`,
            sql`SELECT ${sql.lit(reachedRow)}, NULL, entities.* FROM entities
              WHERE ${tenant.visible('entities')} AND entities.id IN (SELECT lk_to FROM page_links)`,
          ]
        : []),
      ...(first ? types : []).map(
        (typeIds, k) => sql`SELECT ${sql.lit(typedRow(k))}, NULL, entities.* FROM entities
          WHERE ${tenant.visible('entities')} AND entities.type_id IN (${sql.join([...typeIds])})`,
      ),
    ];
    first = false;
    const gathered =
      links.length > 0 ? sql`WITH page_links AS MATERIALIZED (${sql.join(links, sql` UNION ALL `)}) ` : sql``;
    const result = await sql<PageRow>`${gathered}${sql.join(parts, sql` UNION ALL `)}`.execute(db);
    const reached = new Map<EntityId, EntityRow>();
    let pairs: unknown[][] = [];
    for (const r of result.rows) {
      const kind = Number(r.lk_kind);
      if (kind === linksRow) {
        pairs = jsonRowsOf(r.lk_links);
        continue;
      }
      const row = toEntityRow(r);
      if (kind === pageRow) rows.set(row.id, row);
      else if (kind === reachedRow) reached.set(row.id, row);
      else typed[typedRow(0) - kind]!.push(row);
    }
    for (const [end, from, to] of pairs) {
      const row = reached.get(Number(to));
      if (!row) continue;
      const byOwner = linked[Number(end)]!;
      const list = byOwner.get(Number(from));
      if (list) list.push(row);
      else byOwner.set(Number(from), [row]);
    }
  }
  return { rows, linked, typed };
}

/** A row of the page statement: its kind, the links (on their own row), then a record's columns. */
type PageRow = EntitiesTable & { lk_kind: unknown; lk_links: unknown };
