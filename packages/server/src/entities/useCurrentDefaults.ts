import {
  type EntityChange,
  type EntityId,
  type RelationshipDef,
  reachesMany,
  relationshipEndName,
  type Schema,
  sysRel,
  sysType,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { type EntityRow, selectLinks } from '../data/entityRepository.js';
import { tenantScope } from '../data/tenantScope.js';

/** A relationship end a new record starts on as the signed-in user (spec 03 §4 "use current"). */
export interface UseCurrentEnd {
  rel: RelationshipDef;
  direction: 'fwd' | 'rev';
  /** Its script name, as changes and answers key it. */
  key: string;
  /** The type of the record it reaches: a user account, or a person. */
  endTypeId: EntityId;
}

/**
 * The ends of a type whose relationship says a new record starts as the signed-in user: the to-end
 * of a from-record (`defaultToUseCurrent`) or the from-end of a to-record (`defaultFromUseCurrent`),
 * each reaching one record.
 */
export function useCurrentEnds(schema: Schema, typeId: EntityId): UseCurrentEnd[] {
  return schema
    .relationshipsOf(typeId)
    .filter(
      ({ rel, direction }) =>
        !rel.column &&
        !reachesMany(rel, direction) &&
        (direction === 'fwd' ? rel.defaultToUseCurrent === true : rel.defaultFromUseCurrent === true),
    )
    .map(({ rel, direction }) => ({
      rel,
      direction,
      key: relationshipEndName(rel, direction).scriptName,
      endTypeId: direction === 'fwd' ? rel.toTypeId : rel.fromTypeId,
    }));
}

/**
 * The signed-in user as a record of each of the end types: their user account, or the person who
 * holds it (accountHolder, read only when an end reaches people); undefined when they have none
 * or may not read it.
 */
export async function currentUserAs(
  ctx: RequestContext,
  endTypeIds: readonly EntityId[],
): Promise<(typeId: EntityId) => EntityRow | undefined> {
  const account = ctx.actor.userId;
  const isPerson = (typeId: EntityId) => ctx.schema.isA(typeId, sysType.person);
  const person = endTypeIds.some(isPerson)
    ? (await selectLinks(ctx.db, ctx.tenantId, sysRel.accountHolder, 'fwd', [account]))[0]?.toId
    : undefined;
  const of = (typeId: EntityId) =>
    ctx.schema.isA(typeId, sysType.userAccount) ? account : isPerson(typeId) ? person : undefined;
  // A record the user may not read is no default: linking it would refuse the whole write.
  const candidates = [...new Set(endTypeIds.map(of).filter((id) => id !== undefined))];
  const readable = new Map((await tenantScope(ctx).readRecords(candidates)).map((r) => [r.id, r]));
  return (typeId) => {
    const id = of(typeId);
    return id === undefined ? undefined : readable.get(id);
  };
}

/**
 * New records of a put start as the signed-in user on their use-current ends, unless the put
 * names those ends itself (an empty `set` included: the user chose no one).
 */
export async function withUseCurrentDefaults(
  ctx: RequestContext,
  changes: readonly EntityChange[],
): Promise<EntityChange[]> {
  const endsOf = new Map<EntityId, UseCurrentEnd[]>();
  const wanted = new Set(
    changes.filter((c) => {
      if (typeof c.id !== 'string' || c.typeId === undefined) return false;
      const type = ctx.schema.type(c.typeId);
      if (!type) return false;
      if (!endsOf.has(type.id)) endsOf.set(type.id, useCurrentEnds(ctx.schema, type.id));
      return endsOf.get(type.id)!.length > 0;
    }),
  );
  if (wanted.size === 0) return [...changes];
  const userAs = await currentUserAs(
    ctx,
    [...endsOf.values()].flat().map((e) => e.endTypeId),
  );
  return changes.map((c) => {
    if (!wanted.has(c)) return c;
    const named = new Set(Object.keys(c.relationships ?? {}).map((k) => k.toLowerCase()));
    const added: NonNullable<EntityChange['relationships']> = {};
    for (const end of endsOf.get(ctx.schema.type(c.typeId!)!.id)!) {
      const user = userAs(end.endTypeId);
      if (user !== undefined && !named.has(end.key.toLowerCase())) added[end.key] = { set: [user.id] };
    }
    return Object.keys(added).length === 0 ? c : { ...c, relationships: { ...c.relationships, ...added } };
  });
}
