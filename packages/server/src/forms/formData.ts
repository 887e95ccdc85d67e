import {
  type EntityResponse,
  type FormDataRequest,
  type FormDataResponse,
  formServiceMessages,
  reachesMany,
  relationshipEndName,
  type TypeDef,
} from '@plinth/schema';
import type { RequestContext } from '../context.js';
import { fieldValue } from '../data/entityRepository.js';
import { tenantScope } from '../data/tenantScope.js';
import { parseFieldQuery } from '../entities/fieldQuery.js';
import { materialize } from '../entities/readEntities.js';
import { currentUserAs, useCurrentEnds } from '../entities/useCurrentDefaults.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import {
  canReadType,
  defaultFormOf,
  type LoadedForm,
  loadForm,
  type ResolvedControl,
} from './formDefinitions.js';
import { recordAfterChange } from './recordAfterChange.js';

/**
 * The form a record of `type` is shown with: the one asked for, which must be a form for the
 * type's records, or the type's default form.
 */
export async function formForType(
  ctx: RequestContext,
  type: TypeDef,
  formRef: FormDataRequest['formId'],
): Promise<LoadedForm> {
  if (formRef === undefined) return defaultFormOf(ctx, type);
  const form = await loadForm(ctx, formRef);
  if (!ctx.schema.isA(type.id, form.typeId))
    throw badRequest(`The form is not for records of '${type.name}'.`);
  return form;
}

/**
 * The members of a form read with its record (decision 0074): every field, and the relationship
 * ends that reach one record. Ends that reach many are the relationship table's to page through
 * (the report request's relationDetail), and the reverse of a column relationship is a report's.
 */
function readMembers(form: LoadedForm): ResolvedControl[] {
  return form.controls.filter((c) => {
    if (c.member.kind === 'field') return true;
    const { rel, direction } = c.member;
    return !reachesMany(rel, direction) && !(rel.column && direction === 'rev');
  });
}

const tokenOf = (c: ResolvedControl) =>
  c.member.kind === 'field'
    ? c.member.field.scriptName
    : relationshipEndName(c.member.rel, c.member.direction).scriptName;

/**
 * POST form/data (spec 03 §7): the record a form shows, with the form's members, and the controls
 * hidden or read-only from the start. A record the caller cannot read is a 404 like a missing one;
 * a relationship end to a type the caller cannot read is hidden and not read.
 */
export async function formData(ctx: RequestContext, req: FormDataRequest): Promise<FormDataResponse> {
  if (req.entityId === undefined && req.typeId === undefined)
    throw badRequest(formServiceMessages.noEntityOrType);
  let entity: EntityResponse;
  let form: LoadedForm;
  if (req.entityId !== undefined) {
    // The type first (one indexed read, under the caller's read rules), for the form's members.
    const [stored] = await tenantScope(ctx).readRecords([req.entityId]);
    if (!stored) throw notFound();
    const type = ctx.schema.type(stored.typeId)!;
    if (!canReadType(ctx, type.id)) throw forbidden();
    form = await formForType(ctx, type, req.formId);
    const tokens = readMembers(form)
      .filter((c) => c.member.kind === 'field' || canReadType(ctx, otherEnd(c)))
      .map(tokenOf);
    const query = [...new Set(['name', ...tokens])].join(', ') + (req.query ? `, ${req.query}` : '');
    entity = (await materialize(ctx, [stored], parseFieldQuery(query), true))[0]!;
  } else {
    const type = ctx.schema.type(req.typeId!);
    if (!type) throw badRequest(`Unknown type ${req.typeId}.`);
    if (!ctx.perms.canCreateType(type.id)) throw forbidden();
    form = await formForType(ctx, type, req.formId);
    entity = await newRecordEntity(ctx, type, form);
  }

  const hidden = new Set<string>();
  const readOnly = new Set<string>();
  for (const container of form.definition.containers) if (container.isHidden) hidden.add(container.id);
  for (const c of form.controls) {
    const id = c.control.id;
    if (c.control.isHidden) hidden.add(id);
    if (c.member.kind === 'relationship' && !canReadType(ctx, otherEnd(c))) hidden.add(id);
    if (c.control.readOnlyControl || !entity.canModify || memberIsReadOnly(c)) readOnly.add(id);
  }
  return {
    formDataEntity: entity,
    formId: form.id,
    initiallyHiddenControls: [...hidden],
    initiallyReadOnlyControls: [...readOnly],
  };
}

/** The type at the other end of a relationship control. */
function otherEnd(c: ResolvedControl): number {
  if (c.member.kind !== 'relationship') throw new Error('not a relationship control');
  return c.member.direction === 'fwd' ? c.member.rel.toTypeId : c.member.rel.fromTypeId;
}

function memberIsReadOnly(c: ResolvedControl): boolean {
  if (c.member.kind === 'relationship') return c.member.rel.column !== undefined;
  const f = c.member.field;
  return f.isReadOnly || f.type === 'Calculation' || f.type === 'AutoNumber';
}

/**
 * A new record of a type as a form starts it (id 0): the fields' literal defaults, as a save would
 * give them; expression defaults and calculated fields are form/evalCalcFieldsForNew's.
 */
async function newRecordEntity(
  ctx: RequestContext,
  type: TypeDef,
  form: LoadedForm,
): Promise<EntityResponse> {
  const record = await recordAfterChange(ctx, { typeId: type.id });
  const entity: EntityResponse = {
    id: record.row.id,
    typeId: type.id,
    alias: null,
    name: record.row.name,
    version: 0,
    canModify: true,
    canDelete: false,
  };
  // Ends whose relationship says a new record starts as the signed-in user show them already.
  const ends = useCurrentEnds(ctx.schema, type.id);
  const userAs =
    ends.length > 0
      ? await currentUserAs(
          ctx,
          ends.map((e) => e.endTypeId),
        )
      : undefined;
  for (const c of readMembers(form)) {
    if (c.member.kind === 'field') {
      entity[tokenOf(c)] = fieldValue(record.row, c.member.field) ?? null;
      continue;
    }
    const { rel, direction } = c.member;
    const end = ends.find((e) => e.rel.id === rel.id && e.direction === direction);
    const user = end && userAs?.(end.endTypeId);
    entity[tokenOf(c)] = user
      ? { id: user.id, typeId: user.typeId, alias: user.alias, name: user.name }
      : null;
  }
  return entity;
}
