import type { AuditAction, EntityId, StoredValue } from '@plinth/schema';
import { chunks } from '../data/entityRepository.js';
import type { CallerHandle } from '../data/executor.js';
import { insertInto } from '../data/tenantScope.js';

/** A field's change as stored: its id, the value before and after. */
export interface StoredFieldChange {
  f: EntityId;
  o: StoredValue;
  n: StoredValue;
}

/** A relationship end's change as stored: the ids linked (a) and unlinked (x). */
export interface StoredLinkChange {
  r: EntityId;
  d: 'fwd' | 'rev';
  a: EntityId[];
  x: EntityId[];
}

export type StoredChange = StoredFieldChange | StoredLinkChange;

/** One event to add to the trail. */
export interface NewAuditEvent {
  at: string;
  userId: EntityId | null;
  action: AuditAction;
  entityId?: EntityId;
  typeId?: EntityId;
  entityName?: string | null;
  changes?: readonly StoredChange[];
  detail?: { username?: string; address?: string };
}

/**
 * Adds events to a tenant's trail, in the caller's transaction (so a write that rolls back leaves
 * none), with one statement per 200 events.
 */
export async function appendAuditEvents(
  db: CallerHandle,
  tenantId: number,
  events: readonly NewAuditEvent[],
): Promise<void> {
  for (const part of chunks(events, 200)) {
    await insertInto(db, 'audit_log')
      .values(
        part.map((e) => ({
          tenant_id: tenantId,
          at: e.at,
          user_id: e.userId,
          action: e.action,
          entity_id: e.entityId ?? null,
          type_id: e.typeId ?? null,
          entity_name: e.entityName ?? null,
          changes: JSON.stringify(e.changes ?? []),
          detail: e.detail ? JSON.stringify(e.detail) : null,
        })),
      )
      .execute();
  }
}
