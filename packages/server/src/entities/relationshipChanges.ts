import {
  type EntityId,
  type EntityRef,
  isFromMany,
  isToMany,
  isValidStructure,
  type RelationshipDef,
  reachesMany,
  relationshipEndName,
  requiredMessage,
  type Schema,
  type StoredLink,
  structureCycleMessage,
} from '@plinth/schema';
import { sql } from 'kysely';
import {
  countLinks,
  deleteLinks,
  insertLinks,
  lockEntities,
  selectLinks,
  selectLinksOfRels,
} from '../data/entityRepository.js';
import type { CallerHandle } from '../data/executor.js';
import { systemQuery } from '../data/systemQuery.js';
import { owns, type TenantScope } from '../data/tenantScope.js';
import type { Engine } from '../db/tables.js';
import { AppError } from '../http/errors.js';

/** A relationship change of one record in a put, with references already resolved to ids. */
export interface ResolvedRelChange {
  entityId: EntityId;
  rel: RelationshipDef;
  direction: 'fwd' | 'rev';
  set?: EntityId[];
  add?: EntityId[];
  remove?: EntityId[];
}

/** An error of one record's member, as the validation answer lists them. */
export interface MemberError {
  id: EntityRef;
  member: string;
  message: string;
}

const link = (c: ResolvedRelChange, other: EntityId): StoredLink =>
  c.direction === 'fwd'
    ? { relId: c.rel.id, fromId: c.entityId, toId: other }
    : { relId: c.rel.id, fromId: other, toId: c.entityId };

/**
 * Applies relationship changes: removals first, then additions, `set` replacing what was there.
 * Answers the links that existed and were removed, so the records that lost them can be checked.
 * A record the put creates (`created`) has no links but those the put gives it: until a change of
 * one meets a link an earlier change made, nothing is read for it and its new links are inserted
 * together (a CSV import's thousand new records: a few statements, not thousands; decision 0106).
 * `readable` is the caller's scope when their read rule may hide records (none: they read all).
 */
export async function applyRelChanges(
  db: CallerHandle,
  tenantId: number,
  changes: readonly ResolvedRelChange[],
  readable?: TenantScope,
  created?: ReadonlySet<EntityId>,
): Promise<StoredLink[]> {
  const removed: StoredLink[] = [];
  const pending: StoredLink[] = [];
  /** `relId:recordId` of every end a change of this put linked. */
  const linked = new Set<string>();
  const flush = async () => {
    await insertLinks(db, tenantId, pending);
    pending.length = 0;
  };
  for (const c of changes) {
    const added = [...(c.set ?? []), ...(c.add ?? [])].map((id) => link(c, id));
    if (created?.has(c.entityId) && !linked.has(`${c.rel.id}:${c.entityId}`)) pending.push(...added);
    else {
      // What was read and removed must see every link written before it, as in the changes' order.
      await flush();
      const toRemove = await linksToRemove(db, tenantId, c, readable);
      await deleteLinks(db, tenantId, toRemove);
      removed.push(...toRemove);
      await insertLinks(db, tenantId, added);
    }
    for (const l of added) linked.add(`${l.relId}:${l.fromId}`).add(`${l.relId}:${l.toId}`);
  }
  await flush();
  return removed;
}

/** The links a change removes: `remove`'s, and what `set` does not keep. */
async function linksToRemove(
  db: CallerHandle,
  tenantId: number,
  c: ResolvedRelChange,
  readable?: TenantScope,
): Promise<StoredLink[]> {
  if (!c.set && !(c.remove && c.remove.length > 0)) return [];
  const keep = c.set ? new Set(c.set) : undefined;
  const drop = new Set(c.remove ?? []);
  const current = await selectLinks(db, tenantId, c.rel.id, c.direction, [c.entityId]);
  const otherOf = (l: StoredLink) => (c.direction === 'fwd' ? l.toId : l.fromId);
  const toRemove = current.filter((l) => drop.has(otherOf(l)) || (keep && !keep.has(otherOf(l))));
  // A link to a record the caller cannot read stays on a many-valued end: what they cannot see,
  // they cannot unlink. A single-valued end is replaced whatever it held.
  if (readable && reachesMany(c.rel, c.direction) && toRemove.length > 0) {
    const visible = new Set((await readable.readRecords(toRemove.map(otherOf))).map((r) => r.id));
    return toRemove.filter((l) => visible.has(otherOf(l)));
  }
  return toRemove;
}

/**
 * Checks the cardinality of every relationship the changes touched, after they were applied:
 * a single-valued end holding two records is refused. Ends of `created` records that their set
 * alone gave links (setOnCreated) are not counted.
 */
export async function checkCardinality(
  db: CallerHandle,
  engine: Engine,
  tenantId: number,
  changes: readonly ResolvedRelChange[],
  refOf: (id: EntityId) => EntityRef,
  created: ReadonlySet<EntityId> = new Set(),
): Promise<MemberError[]> {
  const errors: MemberError[] = [];
  const touched = new Map<EntityId, { rel: RelationshipDef; from: Set<EntityId>; to: Set<EntityId> }>();
  for (const c of changes) {
    const t = touched.get(c.rel.id) ?? { rel: c.rel, from: new Set(), to: new Set() };
    touched.set(c.rel.id, t);
    const others = [...(c.set ?? []), ...(c.add ?? [])];
    for (const other of others) {
      const l = link(c, other);
      t.from.add(l.fromId);
      t.to.add(l.toId);
    }
  }
  for (const { entityId, rel, direction, held } of setOnCreated(changes, created).values()) {
    const t = touched.get(rel.id)!;
    (direction === 'fwd' ? t.from : t.to).delete(entityId);
    if (held > 1 && !reachesMany(rel, direction)) errors.push(tooMany(refOf(entityId), rel, direction));
  }
  // Counting only sees committed links of other transactions: lock the counted records first so a
  // concurrent put linking the same record waits for this one and then counts its link too.
  const counted: EntityId[] = [];
  for (const { rel, from, to } of touched.values()) {
    if (!isToMany(rel.cardinality)) counted.push(...from);
    if (!isFromMany(rel.cardinality)) counted.push(...to);
  }
  await lockEntities(db, engine, tenantId, counted);
  for (const { rel, from, to } of touched.values()) {
    if (!isToMany(rel.cardinality)) {
      for (const [id, n] of await countLinks(db, tenantId, rel.id, 'from_id', [...from]))
        if (n > 1) errors.push(tooMany(refOf(id), rel, 'fwd'));
    }
    if (!isFromMany(rel.cardinality)) {
      for (const [id, n] of await countLinks(db, tenantId, rel.id, 'to_id', [...to]))
        if (n > 1) errors.push(tooMany(refOf(id), rel, 'rev'));
    }
  }
  return errors;
}

/** An end of a new record and how many records its set gave it. */
interface SetEnd {
  entityId: EntityId;
  rel: RelationshipDef;
  direction: 'fwd' | 'rev';
  held: number;
}

/**
 * The ends of records the put creates that one change alone gave links: a set, the only change of
 * its relationship in the put. No link of a new record predates the put, so such an end holds the
 * set's records and need not be counted (a form's new record with its lookups). Keyed by endKey.
 */
function setOnCreated(
  changes: readonly ResolvedRelChange[],
  created: ReadonlySet<EntityId>,
): Map<string, SetEnd> {
  const ofRel = new Map<EntityId, ResolvedRelChange[]>();
  for (const c of changes) {
    const list = ofRel.get(c.rel.id);
    if (list) list.push(c);
    else ofRel.set(c.rel.id, [c]);
  }
  const out = new Map<string, SetEnd>();
  for (const [only, ...more] of ofRel.values()) {
    if (!only?.set || more.length > 0 || only.add?.length || only.remove?.length) continue;
    if (!created.has(only.entityId)) continue;
    const { entityId, rel, direction } = only;
    out.set(endKey(entityId, rel.id, direction), { entityId, rel, direction, held: new Set(only.set).size });
  }
  return out;
}

const endKey = (id: EntityId, relId: EntityId, direction: 'fwd' | 'rev') => `${id}:${relId}:${direction}`;

/** A single-valued end (`fwd`: the relationship's to end, `rev`: its from end) holding more than one. */
function tooMany(id: EntityRef, rel: RelationshipDef, direction: 'fwd' | 'rev'): MemberError {
  const { name, scriptName } = relationshipEndName(rel, direction);
  return { id, member: scriptName, message: `'${name}' can hold only one record.` };
}

/**
 * Checks mandatory relationships: of created records, every mandatory end of their type; of
 * updated records, the ends the put changed; and of the records at the other end of removed links,
 * the end that lost the link (removing a link from one side empties the other side too).
 */
export async function checkMandatory(
  db: CallerHandle,
  tenantId: number,
  schema: Schema,
  created: ReadonlyArray<{ id: EntityId; typeId: EntityId }>,
  changes: readonly ResolvedRelChange[],
  refOf: (id: EntityId) => EntityRef,
  removed: readonly StoredLink[] = [],
): Promise<MemberError[]> {
  const checks: Array<{ id: EntityId; rel: RelationshipDef; direction: 'fwd' | 'rev' }> = [];
  for (const c of created) {
    for (const { rel, direction } of schema.relationshipsOf(c.typeId)) {
      if (rel.column) continue;
      if ((direction === 'fwd' && rel.isMandatory) || (direction === 'rev' && rel.isReverseMandatory)) {
        checks.push({ id: c.id, rel, direction });
      }
    }
  }
  for (const c of changes) {
    const mandatory = c.direction === 'fwd' ? c.rel.isMandatory : c.rel.isReverseMandatory;
    if (mandatory) checks.push({ id: c.entityId, rel: c.rel, direction: c.direction });
  }
  for (const l of removed) {
    const rel = schema.relationship(l.relId);
    if (!rel) continue;
    if (rel.isMandatory) checks.push({ id: l.fromId, rel, direction: 'fwd' });
    if (rel.isReverseMandatory) checks.push({ id: l.toId, rel, direction: 'rev' });
  }
  const errors: MemberError[] = [];
  const seen = new Set<string>();
  const known = setOnCreated(changes, new Set(created.map((c) => c.id)));
  for (const { id, rel, direction } of checks) {
    const key = endKey(id, rel.id, direction);
    if (seen.has(key)) continue;
    seen.add(key);
    const held =
      known.get(key)?.held ??
      (await countLinks(db, tenantId, rel.id, direction === 'fwd' ? 'from_id' : 'to_id', [id])).get(id);
    if ((held ?? 0) === 0) {
      errors.push({
        id: refOf(id),
        member: relationshipEndName(rel, direction).scriptName,
        message: requiredMessage,
      });
    }
  }
  return errors;
}

/**
 * Checks what deleting records leaves the records that stay: one whose mandatory end held only
 * deleted records would be left empty (decision 0028). Answers each such end, with a deleted record
 * it required. Two queries find the links into the deleted records on mandatory ends, two more what
 * the records at their other end keep, whatever the number of records.
 */
export async function checkRequiredByOthers(
  db: CallerHandle,
  tenantId: number,
  schema: Schema,
  deleted: ReadonlySet<EntityId>,
  refOf: (id: EntityId) => EntityRef,
): Promise<Array<MemberError & { required: EntityId }>> {
  const mandatory = { fwd: new Set<EntityId>(), rev: new Set<EntityId>() };
  for (const rel of schema.relationships()) {
    if (rel.column) continue;
    if (rel.isMandatory) mandatory.fwd.add(rel.id);
    if (rel.isReverseMandatory) mandatory.rev.add(rel.id);
  }
  const ids = [...deleted];
  // The records that stay and lose a link on an end they must fill: from-records of links into the
  // deleted records (fwd), to-records of links out of them (rev).
  const lost = [
    ...(await selectLinksOfRels(db, tenantId, [...mandatory.fwd], 'to_id', ids))
      .filter((l) => !deleted.has(l.fromId))
      .map((l) => ({ id: l.fromId, relId: l.relId, direction: 'fwd' as const, required: l.toId })),
    ...(await selectLinksOfRels(db, tenantId, [...mandatory.rev], 'from_id', ids))
      .filter((l) => !deleted.has(l.toId))
      .map((l) => ({ id: l.toId, relId: l.relId, direction: 'rev' as const, required: l.fromId })),
  ];
  if (lost.length === 0) return [];
  // What they keep: links of the same relationships to records that stay.
  const kept = new Set<string>();
  for (const direction of ['fwd', 'rev'] as const) {
    const of = lost.filter((l) => l.direction === direction);
    if (of.length === 0) continue;
    const links = await selectLinksOfRels(
      db,
      tenantId,
      [...new Set(of.map((l) => l.relId))],
      direction === 'fwd' ? 'from_id' : 'to_id',
      of.map((l) => l.id),
    );
    for (const l of links) {
      const [self, other] = direction === 'fwd' ? [l.fromId, l.toId] : [l.toId, l.fromId];
      if (!deleted.has(other)) kept.add(`${self}:${l.relId}:${direction}`);
    }
  }
  const errors: Array<MemberError & { required: EntityId }> = [];
  for (const l of lost) {
    const key = `${l.id}:${l.relId}:${l.direction}`;
    const rel = schema.relationship(l.relId);
    if (kept.has(key) || !rel) continue;
    kept.add(key);
    errors.push({
      id: refOf(l.id),
      member: relationshipEndName(rel, l.direction).scriptName,
      message: requiredMessage,
      required: l.required,
    });
  }
  return errors;
}

/**
 * The refusal of a delete that would leave records without what they require: the put's member
 * errors, under one message naming the first (decision 0028).
 */
export function requiredByOthers(errors: ReadonlyArray<MemberError & { required: EntityId }>): AppError {
  const [first] = errors;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more like it)` : '';
  return new AppError(
    'validation_failed',
    `The record ${first?.required} cannot be deleted: '${first?.member}' of record ${first?.id} requires it${more}.`,
    { errors: errors.map(({ id, member, message }) => ({ id, member, message })) },
  );
}

/**
 * Checks the structures (hierarchies) the changes touched, after they were applied: a record whose
 * parent became the record itself or a record below it would close a loop, and is refused.
 */
export async function checkStructureCycles(
  db: CallerHandle,
  engine: Engine,
  tenantId: number,
  changes: readonly ResolvedRelChange[],
  refOf: (id: EntityId) => EntityRef,
): Promise<MemberError[]> {
  const structural = changes.filter(
    (c) => isValidStructure(c.rel) && (c.set?.length ?? 0) + (c.add?.length ?? 0) > 0,
  );
  if (structural.length === 0) return [];
  if (engine === 'postgres') {
    // One structure change of a tenant at a time: two concurrent changes could each be fine alone
    // and close a loop together. The lock ends with the transaction.
    for (const relId of new Set(structural.map((c) => c.rel.id)))
      await sql`SELECT pg_advisory_xact_lock(${tenantId}::int, ${relId % 2_147_483_647}::int)`.execute(
        systemQuery(db, 'write integrity'),
      );
  }
  const errors: MemberError[] = [];
  for (const c of structural) {
    // The records that got a new parent: the changed record, or on the reverse end its new children.
    const children = c.direction === 'fwd' ? [c.entityId] : [...(c.set ?? []), ...(c.add ?? [])];
    for (const child of new Set(children)) {
      if (await reachesItself(db, tenantId, c.rel.id, child)) {
        errors.push({
          id: refOf(c.entityId),
          member: relationshipEndName(c.rel, c.direction).scriptName,
          message: structureCycleMessage(c.rel.toName),
        });
        break;
      }
    }
  }
  return errors;
}

/**
 * True when walking up a structure from a record's parent comes back to the record. `UNION` drops
 * records already reached, so the walk ends even where older data holds a loop elsewhere.
 */
async function reachesItself(db: CallerHandle, tenantId: number, relId: EntityId, id: EntityId) {
  const found = await sql<{ id: number }>`WITH RECURSIVE up (id) AS (
      SELECT to_id FROM relationships WHERE ${owns({ tenantId }, 'relationships')} AND rel_id = ${relId} AND from_id = ${id}
      UNION
      SELECT r.to_id FROM up JOIN relationships r ON ${owns({ tenantId }, 'r')} AND r.rel_id = ${relId} AND r.from_id = up.id
    )
    SELECT id FROM up WHERE id = ${id} LIMIT 1`.execute(systemQuery(db, 'write integrity'));
  return found.rows.length > 0;
}

export function validationFailed(errors: readonly MemberError[]): AppError {
  return new AppError('validation_failed', 'Some values are not valid.', { errors });
}
