import { type DeleteDetails, type EntityId, relationshipEndName, type Schema } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { type EntityRow, selectLinksOfRels, selectLinksTouching } from '../data/entityRepository.js';
import { tenantScope } from '../data/tenantScope.js';
import { AppError } from '../http/errors.js';

/** The records deleting some records also deletes, each with the chain of records that leads to it. */
export interface CascadeClosure {
  roots: EntityId[];
  /** Every record to delete, roots included. */
  all: Set<EntityId>;
  /** Each dependent's parent in the cascade. */
  parent: Map<EntityId, EntityId>;
}

/**
 * Follows the cascade rules (components, dependants and their inverse forms, custom relationships
 * with cascade flags) from the roots, level by level, one query per level.
 */
export async function cascadeClosure(
  ctx: RequestContext,
  roots: readonly EntityId[],
): Promise<CascadeClosure> {
  const { fwd, rev } = cascadingRels(ctx.schema);
  const all = new Set(roots);
  const parent = new Map<EntityId, EntityId>();
  let frontier = [...all];
  while (frontier.length > 0) {
    const next: EntityId[] = [];
    const found = [
      ...(await selectLinksOfRels(ctx.db, ctx.tenantId, fwd, 'from_id', frontier)).map(
        (l) => [l.fromId, l.toId] as const,
      ),
      ...(await selectLinksOfRels(ctx.db, ctx.tenantId, rev, 'to_id', frontier)).map(
        (l) => [l.toId, l.fromId] as const,
      ),
    ];
    for (const [from, to] of found) {
      if (all.has(to)) continue;
      all.add(to);
      parent.set(to, from);
      next.push(to);
    }
    frontier = next;
  }
  return { roots: [...roots], all, parent };
}

function cascadingRels(schema: Schema): { fwd: EntityId[]; rev: EntityId[] } {
  const fwd: EntityId[] = [];
  const rev: EntityId[] = [];
  const seen = new Set<EntityId>();
  for (const t of schema.types()) {
    for (const { rel } of schema.relationshipsOf(t.id)) {
      if (seen.has(rel.id) || rel.column) continue;
      seen.add(rel.id);
      if (rel.cascadeDelete) fwd.push(rel.id);
      if (rel.cascadeDeleteTo) rev.push(rel.id);
    }
  }
  return { fwd, rev };
}

const RELATED_LIMIT = 1000;

/**
 * What deleting the records would also delete (dependents) and unlink (related), with the records
 * themselves named (the confirmation names them, spec 01 §8). Dependents come nearest first.
 */
export async function deleteDetails(ctx: RequestContext, closure: CascadeClosure): Promise<DeleteDetails> {
  const links = await selectLinksTouching(ctx.db, ctx.tenantId, [...closure.all]);
  const relatedIds = new Map<EntityId, EntityId>();
  for (const l of links) {
    const other = closure.all.has(l.fromId) ? l.toId : l.fromId;
    if (!closure.all.has(other) && !relatedIds.has(other) && relatedIds.size < RELATED_LIMIT)
      relatedIds.set(other, l.relId);
  }
  const rows = await tenantScope(ctx).readRecords([...closure.all, ...relatedIds.keys()]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const describe = (id: EntityId) => {
    const row = byId.get(id);
    return { id, name: row?.name ?? null, typeName: row ? (ctx.schema.type(row.typeId)?.name ?? '') : '' };
  };
  // A dependent the caller cannot read is not named, not even by id: the delete would be refused.
  const dependents = [...closure.all]
    .filter((id) => closure.parent.has(id) && byId.has(id))
    .map((id) => {
      const path: EntityId[] = [];
      for (let p = closure.parent.get(id); p !== undefined; p = closure.parent.get(p)) path.unshift(p);
      return { ...describe(id), entitiesOnPath: path.map(describe) };
    })
    .sort((a, b) => a.entitiesOnPath.length - b.entitiesOnPath.length || a.id - b.id);
  const related = [...relatedIds]
    .filter(([id]) => byId.has(id))
    .map(([id, relId]) => {
      const rel = ctx.schema.relationship(relId);
      return { ...describe(id), relationshipName: rel ? relationshipEndName(rel, 'fwd').name : '' };
    });
  return { entities: [...new Set(closure.roots)].map(describe), dependents, related };
}

/**
 * Refuses a delete whose cascade now takes a record outside `shown`, the ids the user confirmed
 * (the records and the dependents the delete details named): nothing is deleted that the user was
 * not shown (decision 0033). A smaller cascade is fine: it takes nothing unshown.
 */
export function refuseUnshown(ctx: RequestContext, rows: readonly EntityRow[], shown: ReadonlySet<EntityId>) {
  const unshown = rows.filter((row) => !shown.has(row.id)).sort((a, b) => a.id - b.id);
  const [first] = unshown;
  if (!first) return;
  const typeName = ctx.schema.type(first.typeId)?.name ?? 'record';
  const named = first.name ? `${typeName} '${first.name}'` : `an unnamed ${typeName}`;
  const more = unshown.length - 1;
  const what = more === 0 ? named : `${named} and ${more} more record${more === 1 ? '' : 's'}`;
  throw new AppError(
    'conflict',
    `The delete would now also take ${what}, which ${more === 0 ? 'was' : 'were'} not shown. ` +
      'Nothing was deleted; delete again to see everything it takes.',
    { notShown: unshown.map((row) => row.id) },
  );
}
