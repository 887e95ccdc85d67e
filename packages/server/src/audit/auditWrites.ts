import type { EntityId, Schema, StoredLink, StoredValue } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { type EntityRow, selectLinks } from '../data/entityRepository.js';
import type { ResolvedRelChange } from '../entities/relationshipChanges.js';
import {
  appendAuditEvents,
  type NewAuditEvent,
  type StoredChange,
  type StoredLinkChange,
} from './auditLog.js';

/**
 * The audit trail of the entity service's writes (decision 0048): every put and delete, of every
 * type, records who changed which record, field by field and link by link, in the write's own
 * transaction. The put takes the links its changes touch before changing them (`auditLinksBefore`)
 * and records the batch once it is known to be valid (`auditPut`); the delete path records the rows
 * it deletes (`auditDeletes`).
 */

const endKey = (entityId: EntityId, relId: EntityId, direction: 'fwd' | 'rev') =>
  `${entityId}:${relId}:${direction}`;

/** The records each changed relationship end of existing records held before the put. */
export type LinksBefore = ReadonlyMap<string, ReadonlySet<EntityId>>;

/** Reads, in one query per relationship end, what the ends a put changes hold now. */
export async function auditLinksBefore(
  ctx: RequestContext,
  changes: readonly ResolvedRelChange[],
  createdIds: ReadonlySet<EntityId>,
): Promise<LinksBefore> {
  const out = new Map<string, Set<EntityId>>();
  const groups = new Map<string, { relId: EntityId; direction: 'fwd' | 'rev'; ids: EntityId[] }>();
  for (const c of changes) {
    out.set(endKey(c.entityId, c.rel.id, c.direction), new Set());
    // A record the batch creates held nothing.
    if (createdIds.has(c.entityId)) continue;
    const key = `${c.rel.id}:${c.direction}`;
    const group = groups.get(key) ?? { relId: c.rel.id, direction: c.direction, ids: [] };
    groups.set(key, group);
    group.ids.push(c.entityId);
  }
  for (const { relId, direction, ids } of groups.values()) {
    for (const l of await selectLinks(ctx.db, ctx.tenantId, relId, direction, ids)) {
      const [self, other] = direction === 'fwd' ? [l.fromId, l.toId] : [l.toId, l.fromId];
      out.get(endKey(self, relId, direction))?.add(other);
    }
  }
  return out;
}

/** What a put wrote, as the audit needs it. */
export interface WrittenBatch {
  created: readonly EntityRow[];
  updated: ReadonlyArray<{ before: EntityRow; after: EntityRow }>;
  relChanges: readonly ResolvedRelChange[];
  linksBefore: LinksBefore;
  /** The links the put removed (applyRelChanges). */
  removedLinks: readonly StoredLink[];
}

/** Records a valid put's created and changed records; a record the put left as it was adds nothing. */
export async function auditPut(ctx: RequestContext, batch: WrittenBatch): Promise<void> {
  const at = ctx.clock.now().toISOString();
  const linkChanges = linkChangesOf(batch);
  const event = (action: 'create' | 'update', row: EntityRow, fields: StoredChange[]): NewAuditEvent => ({
    at,
    userId: ctx.actor.userId,
    action,
    entityId: row.id,
    typeId: row.typeId,
    entityName: row.name,
    changes: [...fields, ...(linkChanges.get(row.id) ?? [])],
  });
  const events: NewAuditEvent[] = [];
  for (const row of batch.created)
    events.push(event('create', row, fieldChanges(ctx.schema, undefined, row)));
  for (const { before, after } of batch.updated) {
    const e = event('update', after, fieldChanges(ctx.schema, before, after));
    if (e.changes!.length > 0) events.push(e);
  }
  await appendAuditEvents(ctx.db, ctx.tenantId, events);
}

/** Records the rows a delete takes (cascades included), with the values they held. */
export async function auditDeletes(ctx: RequestContext, rows: readonly EntityRow[]): Promise<void> {
  const at = ctx.clock.now().toISOString();
  await appendAuditEvents(
    ctx.db,
    ctx.tenantId,
    rows.map((row) => ({
      at,
      userId: ctx.actor.userId,
      action: 'delete' as const,
      entityId: row.id,
      typeId: row.typeId,
      entityName: row.name,
      changes: fieldChanges(ctx.schema, row, undefined),
    })),
  );
}

/**
 * Records the owner handed over on records whose owner's account goes (decision 0045): the
 * security owner link of each, from the old owner to the new.
 */
export async function auditOwnerHandover(
  ctx: RequestContext,
  rows: ReadonlyArray<{ id: EntityId; typeId: EntityId; name: string | null; ownerId: EntityId }>,
  newOwnerId: EntityId,
  securityOwnerRelId: EntityId,
): Promise<void> {
  const at = ctx.clock.now().toISOString();
  await appendAuditEvents(
    ctx.db,
    ctx.tenantId,
    rows.map((row) => ({
      at,
      userId: ctx.actor.userId,
      action: 'update' as const,
      entityId: row.id,
      typeId: row.typeId,
      entityName: row.name,
      changes: [{ r: securityOwnerRelId, d: 'fwd' as const, a: [newOwnerId], x: [row.ownerId] }],
    })),
  );
}

/** A record's values by field id: its JSON values and the fields kept in columns (name, alias). */
function valuesOf(schema: Schema, row: EntityRow): Map<EntityId, StoredValue> {
  const values = new Map<EntityId, StoredValue>();
  for (const [key, value] of Object.entries(row.data)) values.set(Number(key), value);
  for (const f of schema.fieldsOf(row.typeId)) {
    if (f.column === 'name') values.set(f.id, row.name);
    else if (f.column === 'alias') values.set(f.id, row.alias);
  }
  return values;
}

/** The fields whose value differs between two states of a record (either absent: all its values). */
function fieldChanges(schema: Schema, before: EntityRow | undefined, after: EntityRow | undefined) {
  const old = before ? valuesOf(schema, before) : new Map<EntityId, StoredValue>();
  const now = after ? valuesOf(schema, after) : new Map<EntityId, StoredValue>();
  const changes: StoredChange[] = [];
  for (const id of new Set([...old.keys(), ...now.keys()])) {
    const o = old.get(id) ?? null;
    const n = now.get(id) ?? null;
    if (o !== n) changes.push({ f: id, o, n });
  }
  return changes;
}

/** The links each record's changes added and removed, by record. */
function linkChangesOf(batch: WrittenBatch): Map<EntityId, StoredLinkChange[]> {
  const byRecord = new Map<EntityId, StoredLinkChange[]>();
  for (const c of batch.relChanges) {
    const key = endKey(c.entityId, c.rel.id, c.direction);
    if (byRecord.get(c.entityId)?.some((x) => x.r === c.rel.id && x.d === c.direction)) continue;
    const before = batch.linksBefore.get(key) ?? new Set();
    const self = (l: StoredLink) => (c.direction === 'fwd' ? l.fromId : l.toId);
    const removed = batch.removedLinks
      .filter((l) => l.relId === c.rel.id && self(l) === c.entityId)
      .map((l) => (c.direction === 'fwd' ? l.toId : l.fromId));
    const added = [...new Set([...(c.set ?? []), ...(c.add ?? [])])].filter((id) => !before.has(id));
    if (added.length === 0 && removed.length === 0) continue;
    const list = byRecord.get(c.entityId) ?? [];
    byRecord.set(c.entityId, list);
    list.push({ r: c.rel.id, d: c.direction, a: added, x: removed });
  }
  return byRecord;
}
