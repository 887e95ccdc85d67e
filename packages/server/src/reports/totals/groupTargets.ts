import { type RawBuilder, sql } from 'kysely';
import type { RequestContext } from '../../context.js';
import { idIn } from '../../data/idList.js';
import { tenantScope } from '../../data/tenantScope.js';
import { orderKeySql, type ReportSql } from '../reportSql.js';
import type { GroupKey } from './groupKeys.js';
import type { Regrouping } from './mergePartials.js';
import type { SegmentState } from './partialRows.js';

type Row = Record<string, unknown>;

/**
 * Partials grouped by to-one relationships of the root records are grouped by the related record's
 * id as the link row holds it, so the related records are not read for every root record; their
 * names join the few groups afterwards under the caller's read rule, and a related record the
 * caller may not read falls into the blank group, beside the records linked to none (decision 0089).
 */
export interface TargetKey {
  key: GroupKey;
  /** The related id as the link holds it: `r{n}.to_id` (or `from_id` for a reverse link). */
  link: RawBuilder<unknown>;
}

/** The keys as target keys when every one is a to-one relationship of the root records. */
export function targetKeys(q: ReportSql, keys: readonly GroupKey[]): TargetKey[] | undefined {
  if (keys.length === 0) return undefined;
  const out: TargetKey[] = [];
  for (const key of keys) {
    const link = key.id && q.linkedIdOf(key.column);
    if (!link) return undefined;
    out.push({ key, link });
  }
  return out;
}

/** The select list of the partials before their values: the chunk, then each key's id as `kid{i}`. */
export function targetSelects(
  targets: readonly TargetKey[],
  chunk: RawBuilder<unknown>,
): RawBuilder<unknown>[] {
  return [chunk, ...targets.map((t) => sql`${t.link} AS ${sql.id(`kid${t.key.i}`)}`)];
}

/**
 * The groups of `state` (by related id) as the name-grouped partials would have had them: each
 * group named by its related records the caller may read, the others blank, merged where they meet,
 * in the report's order of groups. Reads the related records' names, one statement per key.
 */
export async function regroupByTargets(
  ctx: RequestContext,
  targets: readonly TargetKey[],
  state: SegmentState,
): Promise<Regrouping> {
  const idOf = (g: number, i: number) => {
    const v = state.groups[g]!.keys[`kid${i}`];
    return v === null || v === undefined ? null : Number(v);
  };
  const named = await Promise.all(
    targets.map((t) => {
      const ids = new Set<number>();
      for (let g = 0; g < state.groups.length; g++) {
        const id = idOf(g, t.key.i);
        if (id !== null) ids.add(id);
      }
      return readNames(ctx, t.key, [...ids]);
    }),
  );
  // Per raw group: the final group's identity, its keys and its place in each key's order.
  const finals: Array<{ keys: Row; ranks: number[] }> = [];
  const finalIndex = new Map<string, number>();
  const remap = new Int32Array(state.groups.length);
  for (let g = 0; g < state.groups.length; g++) {
    const keys: Row = {};
    const ranks: number[] = [];
    const parts: Array<number | null> = [];
    targets.forEach((t, n) => {
      const id = idOf(g, t.key.i);
      const seen = id === null ? undefined : named[n]!.get(id);
      keys[`k${t.key.i}`] = seen ? seen.name : null;
      keys[`kid${t.key.i}`] = seen ? seen.id : null;
      parts.push(seen ? id : null);
      // Blanks are lowest in both directions (reportSql's orderKeySql): first, or last descending.
      ranks.push(seen ? seen.rank : t.key.order === 'Descending' ? Number.POSITIVE_INFINITY : -1);
    });
    const norm = JSON.stringify(parts);
    let f = finalIndex.get(norm);
    if (f === undefined) {
      f = finals.length;
      finals.push({ keys, ranks });
      finalIndex.set(norm, f);
    }
    remap[g] = f;
  }
  const order = finals.map((_, f) => f);
  order.sort((a, b) => {
    const ra = finals[a]!.ranks;
    const rb = finals[b]!.ranks;
    for (let n = 0; n < ra.length; n++) if (ra[n] !== rb[n]) return ra[n]! < rb[n]! ? -1 : 1;
    return 0;
  });
  const placeOf = new Int32Array(finals.length);
  order.forEach((f, place) => {
    placeOf[f] = place;
  });
  return {
    groups: order.map((f) => ({ keys: finals[f]!.keys })),
    placeOf: remap.map((f) => placeOf[f]!),
  };
}

/**
 * The related records of `ids` the caller may read, by id: their name as the report shows it, their
 * id as the engine answers it, and their place in the key's order (as groupKeys orders the groups).
 */
async function readNames(
  ctx: RequestContext,
  key: GroupKey,
  ids: readonly number[],
): Promise<Map<number, { name: unknown; id: unknown; rank: number }>> {
  const out = new Map<number, { name: unknown; id: unknown; rank: number }>();
  if (ids.length === 0) return out;
  const among = idIn(ctx.engine, sql.ref('j.id'), ids);
  const by = (v: RawBuilder<unknown>) => orderKeySql(v, key.order);
  const tenant = tenantScope(ctx);
  const { rows } = await tenant.execute(sql<{ id: unknown; name: unknown }>`SELECT j.id AS id, j.name AS name
      FROM entities j WHERE ${tenant.visible('j')} AND ${among}
      ORDER BY ${by(sql`lower(j.name)`)}, ${by(sql`j.name`)}, ${by(sql`j.id`)}`);
  rows.forEach((r, rank) => {
    out.set(Number(r.id), { name: r.name, id: r.id, rank });
  });
  return out;
}
