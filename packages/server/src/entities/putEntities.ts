import {
  type EntityChange,
  type EntityId,
  type EntityRef,
  type FieldDef,
  firstUserId,
  isWritableField,
  type PutEntitiesRequest,
  type PutEntitiesResponse,
  type StoredValue,
  type TypeDef,
  validateFieldValue,
} from '@plinth/schema';
import { creatableIds, permittedIds } from '../access/rowChecks.js';
import { auditDeletes, auditLinksBefore, auditPut } from '../audit/auditWrites.js';
import type { RequestContext } from '../context.js';
import {
  allocateIds,
  bumpMetaVersion,
  deleteEntities,
  type EntityRow,
  insertEntities,
  selectEntities,
  updateEntity,
} from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import { tenantScope } from '../data/tenantScope.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { nextAutoNumbers } from './autoNumbers.js';
import { cascadeClosure, refuseUnshown } from './deleteDetails.js';
import { staleRecord } from './recordVersions.js';
import {
  applyRelChanges,
  checkCardinality,
  checkMandatory,
  checkRequiredByOthers,
  checkStructureCycles,
  type MemberError,
  type ResolvedRelChange,
  requiredByOthers,
  validationFailed,
} from './relationshipChanges.js';
import { sanitizeRichText } from './sanitizeRichText.js';
import {
  systemRecordErrors,
  systemRecordsCommitted,
  systemRecordsDeleting,
  systemRecordsWritten,
} from './systemTypeHooks.js';
import { inTransaction } from './transaction.js';
import { withUseCurrentDefaults } from './useCurrentDefaults.js';

/**
 * Writes a batch of created, updated and deleted records with their relationship changes in one
 * transaction: every value is validated first, and any error, denied permission or stale version
 * leaves the stored data exactly as it was. System types add their rules through the behaviours
 * registered for them (ctx.systemTypes, decision 0043).
 */
export async function putEntities(
  ctx: RequestContext,
  req: PutEntitiesRequest,
  options: PutOptions = {},
): Promise<PutEntitiesResponse> {
  return inTransaction(ctx, (tx) => putInTransaction(tx, req, options));
}

/** What only the server's own services may do in a put (never an HTTP caller). */
export interface PutOptions {
  /** Read-only system fields this put writes: a document's file description (documentService). */
  serverFields?: ReadonlySet<EntityId>;
  /**
   * The owners of records this put creates, by the `new:key` they are sent with (else the caller):
   * a user task or notification belongs to the user it is for (the workflow engine, decision 0126).
   */
  owners?: ReadonlyMap<EntityRef, EntityId>;
}

async function putInTransaction(
  ctx: RequestContext,
  req: PutEntitiesRequest,
  options: PutOptions,
): Promise<PutEntitiesResponse> {
  const { schema, perms, actor } = ctx;
  const now = ctx.clock.now().toISOString();
  const seen = new Set<EntityRef>();
  for (const c of req.entities) {
    if (seen.has(c.id)) throw badRequest(`The record ${c.id} appears twice in the batch.`);
    seen.add(c.id);
  }
  const deletedIds = [...new Set(req.deleted)];
  if (deletedIds.some((id) => seen.has(id)))
    throw badRequest('A record cannot be both changed and deleted in one batch.');

  // New records start as the signed-in user on their relationships' use-current ends.
  const entities = await withUseCurrentDefaults(ctx, req.entities);
  const creates = entities.filter((c): c is EntityChange & { id: string } => typeof c.id === 'string');
  const updates = req.entities.filter((c): c is EntityChange & { id: number } => typeof c.id === 'number');

  // Existing records: unreadable ones are 404 like missing ones; readable but locked ones 403.
  const existing = new Map(
    (await tenantScope(ctx).readRecords([...updates.map((u) => u.id), ...deletedIds])).map((r) => [r.id, r]),
  );
  for (const id of [...updates.map((u) => u.id), ...deletedIds]) if (!existing.has(id)) throw notFound();
  const modifiable = await permittedIds(
    ctx,
    'modify',
    updates.map((u) => existing.get(u.id)!),
  );
  for (const u of updates) if (!modifiable.has(u.id)) throw forbidden();

  // New records get their ids up front so relationships in the batch can point at them.
  const newIds = new Map<string, EntityId>();
  if (creates.length > 0) {
    const first = await allocateIds(ctx.db, ctx.tenantId, creates.length);
    for (const [i, c] of creates.entries()) newIds.set(c.id, first + i);
  }
  const refOf = (id: EntityId): EntityRef => [...newIds].find(([, v]) => v === id)?.[0] ?? id;
  const resolve = (ref: EntityRef): EntityId | undefined => (typeof ref === 'number' ? ref : newIds.get(ref));

  const errors: MemberError[] = [];
  const created: EntityRow[] = [];
  const updated: Array<{ row: EntityRow; expectedVersion: number | undefined }> = [];
  // The defaults of the fields new records are not given, worked out once per batch.
  const defaultOf = creates.length > 0 ? await ctx.systemTypes.newRecordDefaults(ctx, creates) : undefined;

  for (const c of creates) {
    if (c.typeId === undefined) throw badRequest(`The new record ${c.id} needs a typeId.`);
    const type = schema.type(c.typeId);
    if (!type) throw badRequest(`Unknown type ${c.typeId}.`);
    if (!perms.canCreateType(type.id))
      throw type.isAbstract ? badRequest(`'${type.name}' is abstract.`) : forbidden();
    const row: EntityRow = {
      id: newIds.get(c.id)!,
      typeId: type.id,
      name: null,
      alias: null,
      data: {},
      version: 1,
      createdAt: now,
      modifiedAt: now,
      createdBy: actor.userId,
      modifiedBy: actor.userId,
      ownerId: options.owners?.get(c.id) ?? actor.userId,
    };
    applyFields(ctx, type, row, c, errors, true, options, defaultOf);
    created.push(row);
  }
  for (const u of updates) {
    const before = existing.get(u.id)!;
    // A stale version is refused before its values are looked at: re-reading comes first.
    if (u.version !== undefined && u.version !== before.version) throw staleRecord(before);
    const type = schema.type(before.typeId);
    if (!type) throw badRequest(`The record ${u.id} has an unknown type.`);
    const row: EntityRow = {
      ...before,
      data: { ...before.data },
      version: before.version + 1,
      modifiedAt: now,
      modifiedBy: actor.userId,
    };
    applyFields(ctx, type, row, u, errors, false, options);
    updated.push({ row, expectedVersion: u.version });
  }
  const relChanges = resolveRelChanges(ctx, entities, existing, created, errors, resolve);
  if (errors.length > 0) throw validationFailed(errors);

  // Auto-numbers are taken only once the batch is known to be valid.
  await assignAutoNumbers(ctx, created);
  await insertEntities(ctx.db, ctx.tenantId, created, true);
  for (const { row, expectedVersion } of updated) {
    const before = existing.get(row.id)!;
    const ok = await updateEntity(ctx.db, ctx.tenantId, row, expectedVersion ?? before.version, before);
    if (!ok) throw staleRecord(existing.get(row.id)!);
  }
  await checkRelTargets(ctx, relChanges);
  const createdIds = new Set(newIds.values());
  const linksBefore = await auditLinksBefore(ctx, relChanges, createdIds);
  const removedLinks = await applyRelChanges(
    ctx.db,
    ctx.tenantId,
    relChanges,
    ctx.perms.readFilter() ? tenantScope(ctx) : undefined,
    createdIds,
  );
  const relErrors = [
    ...(await checkCardinality(ctx.db, ctx.engine, ctx.tenantId, relChanges, refOf, createdIds)),
    ...(await checkStructureCycles(ctx.db, ctx.engine, ctx.tenantId, relChanges, refOf)),
    ...(await checkMandatory(
      ctx.db,
      ctx.tenantId,
      schema,
      created,
      relChanges,
      refOf,
      // A link to a record the batch deletes would go with it anyway, as any delete unlinks; what
      // the delete leaves the records that stay is checked by the delete (deleteWithDependents).
      removedLinks.filter((l) => !deletedIds.includes(l.fromId) && !deletedIds.includes(l.toId)),
    )),
  ];
  if (relErrors.length > 0) throw validationFailed(relErrors);
  // A create rule with a calculation covers only the new records (as written) it accepts.
  const creatable = await creatableIds(ctx, created);
  if (created.some((r) => !creatable.has(r.id))) throw forbidden();

  // Rules of particular system types, checked on the written rows.
  const written = [...created, ...updated.map((u) => u.row)];
  const recordErrors = await systemRecordErrors(ctx, written, refOf, false);
  if (recordErrors.length > 0) throw validationFailed(recordErrors);

  const deleted = deletedIds.length > 0 ? await deleteRecords(ctx, deletedIds, refOf) : [];

  const definesSchema = (typeId: EntityId) => ctx.systemTypes.definesSchema(schema, typeId);
  const touchedSchema =
    written.some((r) => definesSchema(r.typeId)) ||
    deleted.some((r) => definesSchema(r.typeId)) ||
    relChanges.some((c) => definesSchema(c.rel.fromTypeId));
  if (touchedSchema) {
    await bumpMetaVersion(ctx.db, ctx.tenantId);
    // The schema's records are checked against the schema as the whole batch leaves it.
    const schemaErrors = await systemRecordErrors(ctx, written, refOf, true);
    if (schemaErrors.length > 0) throw validationFailed(schemaErrors);
  }
  // The audit trail: who changed which record, field by field, in this transaction (decision 0048).
  const updatedPairs = updated.map((u) => ({ before: existing.get(u.row.id)!, after: u.row }));
  await auditPut(ctx, { created, updated: updatedPairs, relChanges, linksBefore, removedLinks });
  await systemRecordsWritten(ctx, written);
  await systemRecordsCommitted(ctx, written, deleted);
  return {
    ids: Object.fromEntries(newIds),
    versions: [...created, ...updated.map((u) => u.row)].map((r) => ({ id: r.id, version: r.version })),
    deleted: deleted.map((r) => r.id),
  };
}

/** Validates and writes the field values of one change onto its row; on create, fills defaults. */
function applyFields(
  ctx: RequestContext,
  type: TypeDef,
  row: EntityRow,
  change: EntityChange,
  errors: MemberError[],
  isNew: boolean,
  options: PutOptions,
  defaultOf?: (f: FieldDef) => unknown,
) {
  const given = new Set<EntityId>();
  for (const [key, input] of Object.entries(change.fields ?? {})) {
    const member = ctx.schema.member(type.id, key);
    if (member?.kind !== 'field') {
      errors.push({ id: change.id, member: key, message: `'${key}' is not a field of '${type.name}'.` });
      continue;
    }
    const field = member.field;
    const writable = isWritableField(field) || options.serverFields?.has(field.id) === true;
    if (!writable || (field.column === 'alias' && !ctx.actor.isAdmin)) {
      errors.push({ id: change.id, member: key, message: `'${field.name}' is read-only.` });
      continue;
    }
    given.add(field.id);
    const value = field.type === 'RichText' && typeof input === 'string' ? sanitizeRichText(input) : input;
    setValue(row, field, validate(field, value, change.id, errors));
  }
  if (!isNew) return;
  for (const field of ctx.schema.fieldsOf(type.id)) {
    if (given.has(field.id) || !isWritableField(field) || field.column) continue;
    const fallback = defaultOf?.(field);
    if (fallback === undefined && !field.isRequired) continue;
    // A rich-text default is sanitised like a value given (issue 14).
    const value =
      field.type === 'RichText' && typeof fallback === 'string' ? sanitizeRichText(fallback) : fallback;
    setValue(row, field, validate(field, value, change.id, errors));
  }
}

function validate(field: FieldDef, input: unknown, id: EntityRef, errors: MemberError[]): StoredValue {
  const result = validateFieldValue(field, input);
  if (result.ok) return result.value;
  errors.push({ id, member: field.scriptName, message: result.message });
  return null;
}

function setValue(row: EntityRow, field: FieldDef, value: StoredValue) {
  if (field.column === 'name') row.name = value === null ? null : String(value);
  else if (field.column === 'alias') row.alias = value === null ? null : String(value);
  else if (value === null) delete row.data[String(field.id)];
  else row.data[String(field.id)] = value;
}

async function assignAutoNumbers(ctx: RequestContext, created: EntityRow[]) {
  const byField = new Map<FieldDef, EntityRow[]>();
  for (const row of created) {
    for (const f of ctx.schema.fieldsOf(row.typeId)) {
      if (f.type === 'AutoNumber') byField.set(f, [...(byField.get(f) ?? []), row]);
    }
  }
  for (const [field, rows] of byField) {
    const first = await nextAutoNumbers(ctx, field, rows.length);
    rows.forEach((row, i) => {
      row.data[String(field.id)] = first + i;
    });
  }
}

/** Resolves relationship keys and references; a reference to a missing record is an error. */
function resolveRelChanges(
  ctx: RequestContext,
  changes: readonly EntityChange[],
  existing: Map<EntityId, EntityRow>,
  created: readonly EntityRow[],
  errors: MemberError[],
  resolve: (ref: EntityRef) => EntityId | undefined,
): ResolvedRelChange[] {
  const out: ResolvedRelChange[] = [];
  const typeOf = new Map<EntityId, EntityId>([
    ...[...existing.values()].map((r) => [r.id, r.typeId] as const),
    ...created.map((r) => [r.id, r.typeId] as const),
  ]);
  for (const c of changes) {
    const entityId = resolve(c.id)!;
    const typeId = typeOf.get(entityId);
    if (typeId === undefined) continue;
    for (const [key, change] of Object.entries(c.relationships ?? {})) {
      const member = ctx.schema.member(typeId, key);
      if (member?.kind !== 'relationship') {
        errors.push({
          id: c.id,
          member: key,
          message: `'${key}' is not a relationship of '${ctx.schema.type(typeId)?.name}'.`,
        });
        continue;
      }
      if (member.rel.column) {
        errors.push({ id: c.id, member: key, message: `'${key}' is read-only.` });
        continue;
      }
      const ids = (refs: EntityRef[] | undefined) => {
        if (!refs) return undefined;
        const resolved = refs.map(resolve);
        if (resolved.some((id) => id === undefined)) {
          errors.push({ id: c.id, member: key, message: 'A related record of the batch does not exist.' });
          return [];
        }
        return [...new Set(resolved as EntityId[])];
      };
      out.push({
        entityId,
        rel: member.rel,
        direction: member.direction,
        ...optional('set', ids(change.set)),
        ...optional('add', ids(change.add)),
        ...optional('remove', ids(change.remove)),
      });
    }
  }
  return out;
}

/** Every record a relationship change points at must exist, be readable and be of the end's type. */
async function checkRelTargets(ctx: RequestContext, changes: readonly ResolvedRelChange[]) {
  const wanted = new Set<EntityId>();
  for (const c of changes) for (const id of [...(c.set ?? []), ...(c.add ?? [])]) wanted.add(id);
  if (wanted.size === 0) return;
  const rows = new Map((await tenantScope(ctx).readRecords([...wanted])).map((r) => [r.id, r]));
  const errors: MemberError[] = [];
  for (const c of changes) {
    const endType = c.direction === 'fwd' ? c.rel.toTypeId : c.rel.fromTypeId;
    for (const id of [...(c.set ?? []), ...(c.add ?? [])]) {
      const row = rows.get(id);
      if (!row) throw notFound();
      if (!ctx.schema.isA(row.typeId, endType)) {
        errors.push({
          id: c.entityId,
          member: c.direction === 'fwd' ? c.rel.toScriptName : c.rel.fromScriptName,
          message: `The record ${id} is not a ${ctx.schema.type(endType)?.name ?? 'record of the right type'}.`,
        });
      }
    }
  }
  if (errors.length > 0) throw validationFailed(errors);
}

/**
 * Deletes records and everything their cascade rules take with them, if the caller may delete all
 * and no record that stays requires one of them (a mandatory end of its would be left empty).
 * With `shown` (the ids a confirmation showed), a cascade that takes any other record is refused.
 */
export async function deleteWithDependents(
  ctx: RequestContext,
  ids: readonly EntityId[],
  refOf: (id: EntityId) => EntityRef = (id) => id,
  shown?: ReadonlySet<EntityId>,
): Promise<EntityRow[]> {
  const rows = await deleteRecords(ctx, ids, refOf, shown);
  await systemRecordsCommitted(ctx, [], rows);
  return rows;
}

/** deleteWithDependents without the system types' afterCommit, which a put queues with its writes. */
async function deleteRecords(
  ctx: RequestContext,
  ids: readonly EntityId[],
  refOf: (id: EntityId) => EntityRef,
  shown?: ReadonlySet<EntityId>,
): Promise<EntityRow[]> {
  const closure = await cascadeClosure(ctx, ids);
  const rows = await selectEntities(systemQuery(ctx.db, 'access check'), ctx.tenantId, [...closure.all]);
  const readable = await permittedIds(ctx, 'read', rows);
  const deletable = await permittedIds(ctx, 'delete', rows);
  for (const row of rows) {
    // Deleting takes dependents with it; one the caller cannot read or delete stops the whole delete.
    if (row.id < firstUserId || !readable.has(row.id) || !deletable.has(row.id)) throw forbidden();
  }
  if (shown) refuseUnshown(ctx, rows, shown);
  // What the system types check and do before their records go: an object type with records stays,
  // a document's earlier versions go with it. Any refusal rolls back what they did.
  await systemRecordsDeleting(ctx, rows);
  const required = await checkRequiredByOthers(ctx.db, ctx.tenantId, ctx.schema, closure.all, refOf);
  if (required.length > 0) throw requiredByOthers(required);
  await deleteEntities(ctx.db, ctx.tenantId, [...closure.all]);
  await auditDeletes(ctx, rows);
  if (rows.some((r) => ctx.systemTypes.definesSchema(ctx.schema, r.typeId)))
    await bumpMetaVersion(ctx.db, ctx.tenantId);
  return rows;
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
