import { z } from 'zod';
import { fieldLimits } from '../metamodel/fieldTypes.js';
import { entityId, idOrAlias, maxStartIndex } from './common.js';

/** A field/relationship query such as `name, isOfType.name, manager.name` (spec: "field query"). */
export const fieldQuery = z.string().max(10_000);

export const getEntitiesRequest = z.object({
  ids: z.array(idOrAlias).min(1).max(1000),
  query: fieldQuery.optional(),
});

/** A record as read: its columns, permissions and the requested members keyed as requested. */
export const entityResponse = z
  .object({
    id: entityId,
    typeId: entityId,
    alias: z.string().nullable(),
    name: z.string().nullable(),
    version: z.number().int(),
    canModify: z.boolean(),
    canDelete: z.boolean(),
  })
  .catchall(z.unknown());
export type EntityResponse = z.infer<typeof entityResponse>;

export const getEntitiesResponse = z.object({ entities: z.array(entityResponse) });

/** A reference to a record in a put: an existing id, or the key of a record created in the same put. */
export const entityRef = z.union([
  entityId,
  z.string().regex(/^new:[\w-]{1,64}$/, 'Expected an id or a new:key.'),
]);
export type EntityRef = z.infer<typeof entityRef>;

export const relationshipChange = z
  .object({
    /** Replaces the related records. */
    set: z.array(entityRef).max(10_000).optional(),
    add: z.array(entityRef).max(10_000).optional(),
    remove: z.array(entityRef).max(10_000).optional(),
  })
  .strict();

export const entityChange = z
  .object({
    /** An existing record id, or `new:key` to create one. */
    id: entityRef,
    /** Type of a new record (id or alias); ignored for existing ones. */
    typeId: idOrAlias.optional(),
    /** The version read; when given, a record changed since answers 412 and nothing is written. */
    version: z.number().int().nonnegative().optional(),
    /** Field values keyed by script name, name or `#fieldId`. */
    fields: z.record(z.string().max(200), z.unknown()).optional(),
    /** Relationship changes keyed by the relationship end's script name or `#relId[:rev]`. */
    relationships: z.record(z.string().max(200), relationshipChange).optional(),
  })
  .strict();
export type EntityChange = z.infer<typeof entityChange>;

/**
 * A change of one existing record by its address (`PATCH /entity/:id`): the version read goes in
 * the If-Match header, not the body (decision 0032).
 */
export const patchEntityRequest = entityChange.pick({ fields: true, relationships: true }).strict();
export type PatchEntityRequest = z.infer<typeof patchEntityRequest>;

/** The changed record's id and new version (also its ETag). */
export const patchEntityResponse = z.object({ id: entityId, version: z.number().int() });

export const putEntitiesRequest = z
  .object({
    entities: z.array(entityChange).max(1000).default([]),
    deleted: z.array(entityId).max(1000).default([]),
  })
  .strict();
export type PutEntitiesRequest = z.infer<typeof putEntitiesRequest>;

export const putEntitiesResponse = z.object({
  /** Ids of created records, by the `new:key` they were sent with. */
  ids: z.record(z.string(), entityId),
  /** Each written record's id and new version. */
  versions: z.array(z.object({ id: entityId, version: z.number().int() })),
  deleted: z.array(entityId),
});
export type PutEntitiesResponse = z.infer<typeof putEntitiesResponse>;

export const entitiesOfTypeRequest = z
  .object({
    typeId: idOrAlias,
    query: fieldQuery.optional(),
    /** Equality filter: member (field or single relationship) → value or related id. All must hold. */
    filter: z
      .record(
        z.string().max(200),
        z.union([z.string().max(fieldLimits.longTextMaxLength), z.number(), z.boolean(), z.null()]),
      )
      .optional(),
    includeDerived: z.boolean().default(true),
    startIndex: z.number().int().nonnegative().max(maxStartIndex).default(0),
    /** Clamped to 1000 (entitiesOfType.ts); the applied size is echoed. */
    pageSize: z.number().int().positive().default(100),
  })
  .strict();

export const entitiesOfTypeResponse = z.object({
  entities: z.array(entityResponse),
  /** The page size applied after clamping. */
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});

export const deleteRequest = z.object({ ids: z.array(entityId).min(1).max(1000) }).strict();

const pathEntry = z.object({ id: entityId, name: z.string().nullable(), typeName: z.string() });

/** What deleting records would also delete (dependents) and unlink (related) — spec 01 §3. */
export const deleteDetailsResponse = z.object({
  /** The records asked about, named for the confirmation (spec 01 §8); a name may be missing. */
  entities: z.array(pathEntry),
  dependents: z.array(
    z.object({
      typeName: z.string(),
      name: z.string().nullable(),
      id: entityId,
      /** The records from the deleted one down to this dependent's parent. */
      entitiesOnPath: z.array(pathEntry),
    }),
  ),
  related: z.array(pathEntry.extend({ relationshipName: z.string() })),
});
export type DeleteDetails = z.infer<typeof deleteDetailsResponse>;
