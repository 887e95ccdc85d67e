import {
  type EntityId,
  type EntityResponse,
  type IdOrAlias,
  isFromMany,
  isToMany,
  type RelationshipDef,
  relationshipEndName,
  sysType,
} from '@plinth/schema';
import { permittedIds } from '../access/rowChecks.js';
import { fillCalculatedFields, type PendingCalculation } from '../calc/calculatedFields.js';
import type { RequestContext } from '../context.js';
import {
  columnRelationshipTarget,
  type EntityRow,
  fieldValue,
  selectIdsByAlias,
  selectLinksOfRels,
} from '../data/entityRepository.js';
import type { CallerHandle } from '../data/executor.js';
import { tenantScope } from '../data/tenantScope.js';
import { badRequest, notFound } from '../http/errors.js';
import { parseFieldQuery, type QueryNode } from './fieldQuery.js';

/** Resolves ids and aliases to ids; an unknown alias is a 404 like an unknown id. */
export async function resolveIds(
  db: CallerHandle,
  tenantId: number,
  refs: readonly IdOrAlias[],
): Promise<EntityId[]> {
  const aliases = refs.filter((r): r is string => typeof r === 'string' && !/^\d+$/.test(r));
  const byAlias = await selectIdsByAlias(db, tenantId, aliases);
  return refs.map((r) => {
    if (typeof r === 'number') return r;
    if (/^\d+$/.test(r)) return Number(r);
    const id = byAlias.get(r.toLowerCase());
    if (id === undefined) throw notFound();
    return id;
  });
}

/**
 * Reads records by id or alias with a field and relationship query. Records the caller cannot
 * read answer exactly like missing ones: 404.
 */
export async function readEntities(
  ctx: RequestContext,
  refs: readonly IdOrAlias[],
  query: string | undefined,
): Promise<EntityResponse[]> {
  const ids = await resolveIds(ctx.db, ctx.tenantId, refs);
  const rows = await tenantScope(ctx).readRecords(ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (ids.some((id) => !byId.has(id))) throw notFound();
  const nodes = query === undefined ? undefined : parseFieldQuery(query);
  const ordered = [...new Set(ids)].map((id) => byId.get(id)!);
  return materialize(ctx, ordered, nodes, true);
}

/** Turns rows into answers with the members the query asks for (all fields when it asks nothing). */
export async function materialize(
  ctx: RequestContext,
  rows: readonly EntityRow[],
  nodes: QueryNode[] | undefined,
  withPermissions: boolean,
): Promise<EntityResponse[]> {
  // Rules with a calculation are asked of the database, once for the page.
  const none = new Set<EntityId>();
  const modifiable = withPermissions ? await permittedIds(ctx, 'modify', rows) : none;
  const deletable = withPermissions ? await permittedIds(ctx, 'delete', rows) : none;
  const out = rows.map((row) => {
    const e: EntityResponse = {
      id: row.id,
      typeId: row.typeId,
      alias: row.alias,
      name: row.name,
      version: row.version,
      canModify: modifiable.has(row.id),
      canDelete: deletable.has(row.id),
    };
    if (row.typeId === sysType.type) e.canCreateType = ctx.perms.canCreateType(row.id);
    return e;
  });
  const pending: Array<{
    row: EntityRow;
    entity: EntityResponse;
    node: QueryNode;
    rel: RelationshipDef;
    dir: 'fwd' | 'rev';
  }> = [];
  const calculated: PendingCalculation[] = [];
  rows.forEach((row, index) => {
    const entity = out[index]!;
    const type = ctx.schema.type(row.typeId);
    for (const node of nodes ?? [{ token: '*', children: [] }]) {
      if (node.token === '*') {
        for (const f of ctx.schema.fieldsOf(row.typeId)) {
          entity[f.scriptName] = fieldValue(row, f);
          if (f.type === 'Calculation') calculated.push({ row, entity, key: f.scriptName, field: f });
        }
        continue;
      }
      const member = ctx.schema.member(row.typeId, node.token);
      if (!member)
        throw badRequest(`Unknown field or relationship '${node.token}' on '${type?.name ?? row.typeId}'.`);
      if (member.kind === 'field') {
        if (node.children.length > 0)
          throw badRequest(`'${node.token}' is a field; only relationships have members.`);
        entity[node.token] = fieldValue(row, member.field);
        if (member.field.type === 'Calculation')
          calculated.push({ row, entity, key: node.token, field: member.field });
      } else {
        pending.push({ row, entity, node, rel: member.rel, dir: member.direction });
      }
    }
  });
  // Two queries for all the relationship nodes, however many rows and nodes: their links, then
  // the records they reach — never a query per row or per relationship.
  const groups = new Map<string, typeof pending>();
  for (const p of pending) {
    const key = `${p.node.token.toLowerCase()}|${p.rel.id}|${p.dir}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const targetsOf = await relatedIds(
    ctx,
    [...groups.values()].map((g) => ({ rel: g[0]!.rel, dir: g[0]!.dir })),
    rows,
  );
  const allTargets = [...new Set([...targetsOf.values()].flatMap((t) => [...t.values()].flat()))];
  const targetRows = new Map((await tenantScope(ctx).readRecords(allTargets)).map((r) => [r.id, r]));
  for (const group of groups.values()) {
    const { rel, dir, node } = group[0]!;
    const targets = targetsOf.get(endKey(rel.id, dir))!;
    const reached = [...new Set([...targets.values()].flat())].flatMap((id) => targetRows.get(id) ?? []);
    const children = node.children.length > 0 ? node.children : [{ token: 'name', children: [] }];
    const rendered = await materialize(ctx, reached, children, false);
    const byId = new Map(rendered.map((e) => [e.id, lightweight(e)]));
    const many = dir === 'fwd' ? isToMany(rel.cardinality) : isFromMany(rel.cardinality);
    for (const p of group) {
      const related = (targets.get(p.row.id) ?? []).map((id) => byId.get(id)).filter((e) => e !== undefined);
      p.entity[p.node.token] = many ? related : (related[0] ?? null);
    }
  }
  await fillCalculatedFields(ctx, calculated);
  return out;
}

/** Related records carry no permission flags: the answer would cost a check per record. */
function lightweight(e: EntityResponse): Record<string, unknown> {
  const { canModify: _m, canDelete: _d, version: _v, ...rest } = e;
  return rest;
}

const endKey = (relId: EntityId, dir: 'fwd' | 'rev') => `${relId}|${dir}`;

/**
 * The records each relationship end reaches from each row, by end (`endKey`): column ends from the
 * rows themselves, link ends in one query a direction for all of them.
 */
async function relatedIds(
  ctx: RequestContext,
  ends: ReadonlyArray<{ rel: RelationshipDef; dir: 'fwd' | 'rev' }>,
  rows: readonly EntityRow[],
): Promise<Map<string, Map<EntityId, EntityId[]>>> {
  const out = new Map(ends.map((e) => [endKey(e.rel.id, e.dir), new Map<EntityId, EntityId[]>()]));
  const add = (key: string, from: EntityId, to: EntityId) => {
    const targets = out.get(key)!;
    targets.set(from, [...(targets.get(from) ?? []), to]);
  };
  for (const { rel, dir } of ends) {
    if (!rel.column) continue;
    // The reverse of a column relationship (e.g. a type's instances) is a report's job, not a read's.
    if (dir === 'rev')
      throw badRequest(`'${relationshipEndName(rel, dir).scriptName}' cannot be read here; use a report.`);
    for (const row of rows) {
      const id = columnRelationshipTarget(row, rel.column);
      if (id !== null) add(endKey(rel.id, dir), row.id, id);
    }
  }
  const ids = rows.map((r) => r.id);
  for (const dir of ['fwd', 'rev'] as const) {
    const relIds = ends.filter((e) => e.dir === dir && !e.rel.column).map((e) => e.rel.id);
    const links = await selectLinksOfRels(
      ctx.db,
      ctx.tenantId,
      relIds,
      dir === 'fwd' ? 'from_id' : 'to_id',
      ids,
    );
    for (const l of links) {
      const [from, to] = dir === 'fwd' ? [l.fromId, l.toId] : [l.toId, l.fromId];
      add(endKey(l.relId, dir), from, to);
    }
  }
  return out;
}
