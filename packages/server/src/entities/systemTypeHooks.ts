import type { EntityId, EntityRef } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import type { EntityRow } from '../data/entityRepository.js';
import { AppError } from '../http/errors.js';
import type { MemberError } from './relationshipChanges.js';
import type { SystemRecord } from './systemTypes.js';
import { afterCommit } from './transaction.js';

/**
 * The errors the system types' behaviours find in a put's written records: `parse`, then
 * `validate`. Either the behaviours that define the schema (each runs whenever the batch changed the
 * schema, with the records it wrote, maybe none) or the others (each with records only). A
 * behaviour's errors come in the order of its records.
 */
export async function systemRecordErrors(
  ctx: RequestContext,
  written: readonly EntityRow[],
  refOf: (id: EntityId) => EntityRef,
  schemaBehaviours: boolean,
): Promise<MemberError[]> {
  const registry = ctx.systemTypes;
  const errors: MemberError[] = [];
  for (const behaviour of registry.all()) {
    if ((behaviour.definesSchema === true) !== schemaBehaviours) continue;
    const rows = registry.rowsOf(ctx.schema, behaviour, written);
    if (rows.length === 0 && !schemaBehaviours) continue;
    const found: MemberError[] = [];
    const records: SystemRecord<unknown>[] = [];
    for (const row of rows) {
      if (!behaviour.parse) {
        records.push({ row, value: undefined });
        continue;
      }
      try {
        records.push({ row, value: behaviour.parse(row) });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        found.push({ id: refOf(row.id), member: behaviour.parsedMember!, message: e.message });
      }
    }
    if (behaviour.validate && (records.length > 0 || schemaBehaviours))
      found.push(...(await behaviour.validate(ctx, records, refOf)));
    const position = new Map(rows.map((r, i) => [refOf(r.id), i]));
    const at = (e: MemberError) => position.get(e.id) ?? rows.length;
    errors.push(...found.sort((a, b) => at(a) - at(b)));
  }
  return errors;
}

/** Runs the behaviours' `onWritten` on the written rows of their types, inside the put's transaction. */
export async function systemRecordsWritten(
  ctx: RequestContext,
  written: readonly EntityRow[],
): Promise<void> {
  const registry = ctx.systemTypes;
  for (const behaviour of registry.all()) {
    if (!behaviour.onWritten) continue;
    const mine = registry.rowsOf(ctx.schema, behaviour, written);
    if (mine.length > 0) await behaviour.onWritten(ctx, mine);
  }
}

/** Runs the behaviours' `onDelete` on the rows of their types, before the rows are deleted. */
export async function systemRecordsDeleting(ctx: RequestContext, rows: readonly EntityRow[]): Promise<void> {
  const registry = ctx.systemTypes;
  for (const behaviour of registry.all()) {
    if (!behaviour.onDelete) continue;
    const mine = registry.rowsOf(ctx.schema, behaviour, rows);
    if (mine.length > 0) await behaviour.onDelete(ctx, mine);
  }
}

/** Queues the behaviours' `afterCommit` for the records of their types a put or delete wrote or deleted. */
export async function systemRecordsCommitted(
  ctx: RequestContext,
  written: readonly EntityRow[],
  deleted: readonly EntityRow[],
): Promise<void> {
  const registry = ctx.systemTypes;
  for (const behaviour of registry.all()) {
    const hook = behaviour.afterCommit;
    if (!hook) continue;
    const change = {
      written: registry.rowsOf(ctx.schema, behaviour, written),
      deleted: registry.rowsOf(ctx.schema, behaviour, deleted),
    };
    if (change.written.length > 0 || change.deleted.length > 0)
      await afterCommit(ctx, (outer) => hook.call(behaviour, outer, change));
  }
}
