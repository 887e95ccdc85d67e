import {
  type Direction,
  type EntityId,
  type FieldDef,
  type FormContainer,
  type FormControl,
  type FormDefinition,
  type FormResponse,
  formDefinition,
  type IdOrAlias,
  type RelationshipDef,
  reachesMany,
  relationshipEndName,
  type Schema,
  sysField,
  sysRel,
  sysType,
  type TypeDef,
} from '@plinth/schema';
import { permittedIds } from '../access/rowChecks.js';
import type { RequestContext } from '../context.js';
import { type EntityRow, selectEntities } from '../data/entityRepository.js';
import { systemQuery } from '../data/systemQuery.js';
import { resolveIds } from '../entities/readEntities.js';
import { badRequest, forbidden, invalidShape, notFound } from '../http/errors.js';

/** What a control renders: a field of the form's type, or one end of a relationship. */
export type ControlMember =
  | { kind: 'field'; field: FieldDef }
  | { kind: 'relationship'; rel: RelationshipDef; direction: Direction };

/** A control with the member it renders, and that member's key as entity puts name it. */
export interface ResolvedControl {
  control: FormControl;
  member: ControlMember;
  /** `#fieldId`, or `#relId:fwd` / `#relId:rev`. */
  key: string;
}

/** A form ready to use: stored (with its id) or generated for a type (id null). */
export interface LoadedForm {
  id: EntityId | null;
  /** The stored form's version (none for a generated one). */
  version?: number;
  name: string;
  typeId: EntityId;
  definition: FormDefinition;
  /** The controls whose member the form's type still has, in the form's order. */
  controls: ResolvedControl[];
}

export const memberKey = (member: ControlMember): string =>
  member.kind === 'field' ? `#${member.field.id}` : `#${member.rel.id}:${member.direction}`;

/** The member a control renders, if the type has it. */
export function controlMember(
  schema: Schema,
  typeId: EntityId,
  control: FormControl,
): ControlMember | undefined {
  if (control.fieldToRender !== undefined) {
    const field = schema.fieldsOf(typeId).find((f) => f.id === control.fieldToRender);
    return field ? { kind: 'field', field } : undefined;
  }
  const direction: Direction = control.isReversed ? 'rev' : 'fwd';
  const end = schema
    .relationshipsOf(typeId)
    .find((r) => r.rel.id === control.relationshipToRender && r.direction === direction);
  return end ? { kind: 'relationship', ...end } : undefined;
}

/** Resolves a definition's controls; those whose member is gone from the schema are left out. */
export function resolveControls(schema: Schema, def: FormDefinition): ResolvedControl[] {
  const out: ResolvedControl[] = [];
  for (const control of def.controls) {
    const member = controlMember(schema, def.typeId, control);
    if (member) out.push({ control, member, key: memberKey(member) });
  }
  return out;
}

/** A stored definition, checked against the current shape; a broken one is a clear 400, not a 500. */
export function parseFormDefinition(raw: unknown): FormDefinition {
  if (raw === undefined || raw === null || raw === '') throw badRequest('The form has no definition.');
  let json: unknown;
  try {
    json = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch {
    throw badRequest('The form definition is not valid JSON.');
  }
  const parsed = formDefinition.safeParse(json);
  if (!parsed.success) throw invalidShape('The form definition is not valid.', parsed.error.issues);
  return parsed.data;
}

/** The name of a field group, by its id; fields of a group not named go with the ungrouped ones. */
export type FieldGroupNames = ReadonlyMap<EntityId, string>;

/** Catalogue members a generated form leaves out: the record's alias and its type (decision 0092). */
const leftOutFields: ReadonlySet<EntityId> = new Set([sysField.alias]);
const leftOutRelationships: ReadonlySet<EntityId> = new Set([sysRel.isOfType]);
/** Kept by the server for every record: shown read-only, last, under 'Record information'. */
const recordInformationFields: ReadonlySet<EntityId> = new Set([sysField.createdDate, sysField.modifiedDate]);
const recordInformationRelationships: ReadonlySet<EntityId> = new Set([
  sysRel.createdBy,
  sysRel.lastModifiedBy,
  sysRel.securityOwner,
]);

/**
 * The form generated for a type that has no default edit form (decisions 0074, 0092): a control
 * for every field and every relationship end of the type, in the schema's order. The fields sit in
 * a vertical stack per field group (the ungrouped ones, with the to-one relationships, first in
 * 'Details'); the to-many relationships are tabs of one tab container. What the server keeps for
 * every record (created and modified, by whom, the owner) is read-only in 'Record information';
 * the alias and the record's type are left out.
 */
export function generatedForm(
  schema: Schema,
  type: TypeDef,
  groups: FieldGroupNames = new Map(),
): LoadedForm {
  const details = 'details';
  const recordInformation = 'recordInformation';
  const containers: FormContainer[] = [
    { id: details, containerType: 'verticalStack', name: 'Details', isHidden: false, renderingOrdinal: 0 },
  ];
  const groupContainer = new Map<EntityId, string>();
  let ordinal = 50;
  const next = () => {
    const at = ordinal;
    ordinal += 10;
    return at;
  };
  const fieldControls = schema
    .fieldsOf(type.id)
    .filter((f) => !leftOutFields.has(f.id))
    .map((f) => {
      let containerId = recordInformationFields.has(f.id) ? recordInformation : details;
      const groupName = f.groupId === undefined ? undefined : groups.get(f.groupId);
      if (f.groupId !== undefined && groupName !== undefined) {
        let id = groupContainer.get(f.groupId);
        if (id === undefined) {
          id = `g${f.groupId}`;
          groupContainer.set(f.groupId, id);
          containers.push({
            id,
            containerType: 'verticalStack',
            name: groupName,
            isHidden: false,
            renderingOrdinal: containers.length * 10,
          });
        }
        containerId = id;
      }
      return formControl({ id: `f${f.id}`, fieldToRender: f.id, containerId, renderingOrdinal: next() });
    });
  const ends = schema.relationshipsOf(type.id).filter(({ rel }) => !leftOutRelationships.has(rel.id));
  const isRecordInformation = (rel: RelationshipDef, direction: Direction) =>
    direction === 'fwd' && recordInformationRelationships.has(rel.id);
  if (
    fieldControls.some((c) => c.containerId === recordInformation) ||
    ends.some(({ rel, direction }) => isRecordInformation(rel, direction))
  )
    containers.push({
      id: recordInformation,
      containerType: 'verticalStack',
      name: 'Record information',
      isHidden: false,
      renderingOrdinal: containers.length * 10,
    });
  const toMany = ends.filter(({ rel, direction }) => reachesMany(rel, direction));
  if (toMany.length > 0)
    containers.push({
      id: 'tabs',
      containerType: 'tabContainer',
      name: 'Relationships',
      isHidden: false,
      renderingOrdinal: containers.length * 10,
    });
  const relControls = ends.map(({ rel, direction }) => {
    const id = direction === 'fwd' ? `r${rel.id}` : `r${rel.id}-rev`;
    const isKept = isRecordInformation(rel, direction);
    let containerId = isKept ? recordInformation : details;
    if (toMany.some((e) => e.rel === rel && e.direction === direction)) {
      containerId = `tab-${id}`;
      containers.push({
        id: containerId,
        containerType: 'form',
        name: relationshipEndName(rel, direction).name,
        containerId: 'tabs',
        isHidden: false,
        renderingOrdinal: containers.length * 10,
      });
    }
    return formControl({
      id,
      relationshipToRender: rel.id,
      isReversed: direction === 'rev',
      readOnlyControl: isKept || rel.column !== undefined,
      containerId,
      renderingOrdinal: next(),
    });
  });
  const definition: FormDefinition = {
    version: 1,
    typeId: type.id,
    controls: [...fieldControls, ...relControls],
    containers,
  };
  return {
    id: null,
    name: type.name,
    typeId: type.id,
    definition,
    controls: resolveControls(schema, definition),
  };
}

const generatedForms = new WeakMap<Schema, Map<EntityId, Promise<LoadedForm>>>();

/**
 * A type's generated form, kept until the metamodel changes (any change of a type, field, field
 * group or relationship makes a new Schema; every process revalidates it against the tenant's
 * metamodel version, so the cache is coherent across processes).
 */
export function generatedFormFor(ctx: RequestContext, type: TypeDef): Promise<LoadedForm> {
  let byType = generatedForms.get(ctx.schema);
  if (!byType) {
    byType = new Map();
    generatedForms.set(ctx.schema, byType);
  }
  let form = byType.get(type.id);
  if (!form) {
    const groupIds = [
      ...new Set(ctx.schema.fieldsOf(type.id).flatMap((f) => (f.groupId === undefined ? [] : [f.groupId]))),
    ];
    const schema = ctx.schema;
    form = (
      groupIds.length === 0
        ? Promise.resolve([])
        : selectEntities(systemQuery(ctx.db, 'catalogue'), ctx.tenantId, groupIds)
    ).then((rows) =>
      generatedForm(
        schema,
        type,
        new Map(rows.filter((r) => r.typeId === sysType.fieldGroup).map((r) => [r.id, r.name ?? ''])),
      ),
    );
    // Group names read inside a transaction may be rolled back: kept only when read outside one.
    if (!ctx.db.isTransaction) {
      const cached = form;
      byType.set(type.id, cached);
      cached.catch(() => byType.delete(type.id));
    }
  }
  return form;
}

/** A control with the defaults of a definition for what `c` leaves out. */
export function formControl(c: Partial<FormControl> & { id: string }): FormControl {
  return {
    isReversed: false,
    mandatory: false,
    readOnlyControl: false,
    isHidden: false,
    customValidationAlwaysValidate: false,
    ...c,
  };
}

function storedForm(schema: Schema, row: EntityRow): LoadedForm {
  const definition = parseFormDefinition(row.data[String(sysField.formDefinition)]);
  return {
    id: row.id,
    version: row.version,
    name: row.name ?? '',
    typeId: definition.typeId,
    definition,
    controls: resolveControls(schema, definition),
  };
}

/**
 * Whether the caller may read records of a type (on some rows at least): forms of a type are for
 * the people who see its records, whatever rules they have on `core:form` itself.
 */
export function canReadType(ctx: RequestContext, typeId: EntityId): boolean {
  return ctx.perms.forType(typeId).read !== 'none' || ctx.perms.hasRowRules('read', typeId);
}

/** A stored form by id or alias, for a caller who may read its type's records. */
export async function loadForm(
  ctx: RequestContext,
  ref: IdOrAlias,
  options: { designMode?: boolean } = {},
): Promise<LoadedForm> {
  const [id] = await resolveIds(ctx.db, ctx.tenantId, [ref]);
  // Forms are served to whoever may read their type's records, whatever the rules on forms.
  const [row] = await selectEntities(systemQuery(ctx.db, 'catalogue'), ctx.tenantId, [id!]);
  if (row?.typeId !== sysType.form) throw notFound();
  // The builder's copy, with controls the type has lost: for those who may change the form.
  if (options.designMode && !(await permittedIds(ctx, 'modify', [row])).has(row.id)) throw forbidden();
  const form = storedForm(ctx.schema, row);
  if (!ctx.schema.type(form.typeId)) throw notFound();
  if (!canReadType(ctx, form.typeId)) throw forbidden();
  return form;
}

/**
 * A type's default form: the default edit form of the type, or else of its nearest base type that
 * has one, when that is a form for the type's records (its type or a base type); otherwise the
 * generated one (`forceGenerate` asks for the generated one regardless). A base form's controls
 * stay those of the base type, which the derived type has too. No access check: see
 * `defaultFormForCaller`.
 */
export async function defaultFormOf(
  ctx: RequestContext,
  type: TypeDef,
  options: { forceGenerate?: boolean } = {},
): Promise<LoadedForm> {
  if (!options.forceGenerate) {
    for (const { defaultEditFormId } of ctx.schema.ancestors(type.id)) {
      if (defaultEditFormId === undefined) continue;
      const [row] = await selectEntities(systemQuery(ctx.db, 'catalogue'), ctx.tenantId, [defaultEditFormId]);
      if (row?.typeId !== sysType.form) continue;
      const form = storedForm(ctx.schema, row);
      if (ctx.schema.isA(type.id, form.typeId)) return form;
    }
  }
  return generatedFormFor(ctx, type);
}

/** The default form of a type named by id or alias, for a caller who may read its records. */
export async function defaultFormForCaller(
  ctx: RequestContext,
  typeRef: IdOrAlias,
  options: { forceGenerate?: boolean } = {},
): Promise<LoadedForm> {
  const type = ctx.schema.type(typeRef);
  if (!type) throw notFound();
  if (!canReadType(ctx, type.id)) throw forbidden();
  return defaultFormOf(ctx, type, options);
}

/**
 * The answer of the form calls. In use, only the controls whose member the type still has; in
 * design mode (the builder's), every control, with those whose member is gone named.
 */
export function formResponseOf(
  form: LoadedForm,
  options: { designMode?: boolean; changeMarker?: string } = {},
): FormResponse {
  const resolved = new Set(form.controls.map((c) => c.control));
  const missing = form.definition.controls.filter((c) => !resolved.has(c));
  return {
    id: form.id,
    name: form.name,
    typeId: form.typeId,
    controls: options.designMode ? form.definition.controls : form.controls.map((c) => c.control),
    containers: form.definition.containers,
    ...(options.changeMarker === undefined ? {} : { changeMarker: options.changeMarker }),
    ...(options.designMode ? { missingControls: missing.map((c) => c.id) } : {}),
  };
}

/**
 * A form's change marker (decision 0075): a stored form's changes with its version, and what the
 * form shows of its type with the tenant's metamodel version; a generated form only with the
 * latter. The browser's form cache compares it with the server's to keep or drop its copy.
 */
export async function formChangeMarker(
  ctx: RequestContext,
  form: { id: EntityId | null; version?: number | undefined; typeId?: EntityId },
): Promise<string> {
  const { version: meta } = await ctx.metaCache.get(ctx.db, ctx.tenantId);
  return form.id === null ? `t${form.typeId}.m${meta}` : `f${form.id}.v${form.version ?? 0}.m${meta}`;
}

/** Default forms by type for one request, each read once however many records ask. */
export class DefaultForms {
  readonly #byType = new Map<EntityId, Promise<LoadedForm>>();
  constructor(private readonly ctx: RequestContext) {}

  of(type: TypeDef): Promise<LoadedForm> {
    let form = this.#byType.get(type.id);
    if (!form) {
      form = defaultFormOf(this.ctx, type);
      this.#byType.set(type.id, form);
    }
    return form;
  }
}
