import { type EntityId, sysType } from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { type EntityRow, hasRecordsOfTypes } from '../data/entityRepository.js';
import { dropFieldIndexes } from '../data/fieldIndexes.js';
import type { SystemTypeBehaviour } from '../entities/systemTypeBehaviour.js';
import { AppError } from '../http/errors.js';
import { countValues } from './fieldUsage.js';
import { validateMetamodelChanges } from './metamodelWrites.js';
import { countLinks } from './relationshipUsage.js';

/**
 * The records that make up the metamodel and the access rules: writing, deleting or linking one
 * changes the schema, checked as the whole batch leaves it (spec 01 §5).
 */
export const metamodelTypeBehaviour: SystemTypeBehaviour = {
  name: 'metamodel',
  typeIds: [sysType.type, sysType.field, sysType.relationship, sysType.fieldGroup, sysType.accessRule],
  definesSchema: true,
  async validate(ctx, records, refOf) {
    // Refuses with validation_failed itself.
    await validateMetamodelChanges(
      ctx,
      records.map((r) => r.row),
      refOf,
    );
    return [];
  },
  onDelete: refuseTypeDeletes,
  async afterCommit(ctx, { deleted }) {
    for (const row of deleted) {
      if (row.typeId !== sysType.field) continue;
      // An index left behind costs writes, never a wrong answer: a failed drop does not fail the delete.
      await dropFieldIndexes(ctx.db, ctx.engine, ctx.tenantId, row.id).catch(() => undefined);
    }
  },
};

/**
 * An object type is deleted only without records (its derived types' included, design §2) and
 * with the types derived from it: a derived type left behind would lose every inherited member.
 */
async function refuseTypeDeletes(ctx: RequestContext, rows: readonly EntityRow[]): Promise<void> {
  await refuseLinkedRelationshipDeletes(ctx, rows);
  await refuseFieldDeletesWithValues(ctx, rows);
  const deletedTypes = rows.filter((r) => r.typeId === sysType.type);
  const deletedIds = new Set<EntityId>(deletedTypes.map((r) => r.id));
  const affected = deletedTypes.flatMap((r) => ctx.schema.descendants(r.id));
  if (await hasRecordsOfTypes(ctx.db, ctx.tenantId, affected)) {
    throw new AppError(
      'conflict',
      'An object that still has records cannot be deleted. Delete its records first.',
    );
  }
  if (affected.some((id) => !deletedIds.has(id))) {
    throw new AppError(
      'conflict',
      'An object that other objects inherit from cannot be deleted. Delete or move them first.',
    );
  }
}

/**
 * A relationship that links records is deleted only through the schema editor's confirmed delete
 * (decision 0100), which removes the links first: a plain delete would leave them behind.
 */
async function refuseLinkedRelationshipDeletes(
  ctx: RequestContext,
  rows: readonly EntityRow[],
): Promise<void> {
  for (const row of rows.filter((r) => r.typeId === sysType.relationship)) {
    const linkCount = await countLinks(ctx, row.id);
    if (linkCount > 0)
      throw new AppError(
        'conflict',
        `The relationship '${row.name ?? row.id}' still links ${linkCount} pairs of records. Delete it from the schema editor, which asks before removing them.`,
      );
  }
}

/**
 * A field that records hold values of is deleted only through the schema editor's confirmed delete
 * (decision 0107), which removes the values first: a plain delete would leave them behind unseen.
 */
async function refuseFieldDeletesWithValues(ctx: RequestContext, rows: readonly EntityRow[]): Promise<void> {
  // Fields going with their Object need no look: an Object is deleted only without records.
  const deletedTypes = new Set(rows.filter((r) => r.typeId === sysType.type).map((r) => r.id));
  const fields = rows.filter(
    (r) => r.typeId === sysType.field && !deletedTypes.has(ctx.schema.field(r.id)?.typeId ?? -1),
  );
  for (const row of fields) {
    const valueCount = await countValues(ctx, row.id);
    if (valueCount > 0)
      throw new AppError(
        'conflict',
        `The field '${row.name ?? row.id}' still has values in ${valueCount} records. Delete it from the schema editor, which asks before removing them.`,
      );
  }
}
