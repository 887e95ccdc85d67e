import type { EnumValue } from '@plinth/schema';
import {
  choiceTargetMessage,
  defaultNewFieldName,
  type FieldType,
  isFieldType,
  pluralName,
  type RelType,
  relTypeMeaning,
  scriptNameProblem,
  storageKindOf,
  sysType,
  validateFieldBounds,
  validateMemberNames,
  validateTypeNames,
} from '@plinth/schema';
import { fakeApi } from '../../test/fakeApi';
import { adminMe } from '../admin/adminServerHarness';
import type {
  FieldImpact,
  FieldUsage,
  RelationshipUsage,
  ReportChoice,
  SchemaTypeSummary,
  TypeUsage,
} from './schemaApi';

/** A relationship as the fake keeps it: the put's fields, its ends and report links. */
interface FakeRelationship {
  id: number;
  fromTypeId: number;
  toTypeId: number;
  fields: Record<string, unknown>;
  reports: Record<string, number | undefined>;
}

interface FakeField {
  id: number;
  typeId: number;
  name: string;
  scriptName: string;
  type: FieldType;
  isRequired: boolean;
  values: Record<string, unknown>;
  groupId?: number;
}

/** A type as the schema's type list answers it; `extra` sets the rest. */
export const typeSummary = (
  id: number,
  name: string,
  inheritsId: number | null,
  extra: Partial<SchemaTypeSummary> = {},
): SchemaTypeSummary => ({
  id,
  alias: null,
  name,
  scriptName: name.replace(/\W/g, ''),
  description: null,
  inheritsId,
  isAbstract: false,
  isChoiceType: false,
  isSystem: false,
  ...extra,
});

/**
 * A small in-memory stand-in for the schema editor's calls, answering as the server's contracts say
 * and refusing with the same rules (`@plinth/schema`'s validators, as metamodelWrites.ts applies
 * them), so the screens are driven through real requests and answers.
 */
export function schemaServerHarness() {
  const types: SchemaTypeSummary[] = [
    typeSummary(sysType.resource, 'Resource', null, {
      isSystem: true,
      isAbstract: true,
      alias: 'core:resource',
    }),
    typeSummary(sysType.enumValue, 'Choice Value', sysType.resource, { isSystem: true, isAbstract: true }),
    typeSummary(sysType.person, 'Person', sysType.resource, { isSystem: true, alias: 'core:person' }),
    typeSummary(10_010, 'Account', sysType.resource),
    typeSummary(10_020, 'Opportunity', sysType.resource),
    typeSummary(10_021, 'Big Opportunity', 10_020),
    typeSummary(10_030, 'Stage', sysType.enumValue, { isChoiceType: true }),
  ];
  const choices: EnumValue[] = [
    { id: 10_031, name: 'Lead', order: 10, colour: '#1565c0', iconImageId: null, isRetired: false },
    { id: 10_032, name: 'Won', order: 20, colour: null, iconImageId: null, isRetired: false },
  ];
  const fields: FakeField[] = [
    {
      id: 10_100,
      typeId: 10_010,
      name: 'Text',
      scriptName: 'Text',
      type: 'Text',
      isRequired: false,
      values: {},
    },
  ];
  const groups: Array<{ id: number; name: string; typeId: number }> = [];
  const relationships: FakeRelationship[] = [];
  const reports = new Map<number, ReportChoice[]>([[10_010, [{ id: 10_500, name: 'Accounts by city' }]]]);
  const relationshipUsage = new Map<number, RelationshipUsage>();
  const usage = new Map<number, TypeUsage>();
  /** The reports made of each Object from its page (decision 0111). */
  const typeReports = new Map<number, ReportChoice[]>();
  /** What uses each field and what a change would break, as the test sets them (decision 0107). */
  const fieldUsage = new Map<number, FieldUsage>();
  const fieldImpact = new Map<number, FieldImpact>();
  const records = new Map<number, number>([[10_010, 12]]);
  let nextId = 20_000;
  const ok = (body: unknown) => ({ status: 200, body });
  const refuse = (errors: Array<{ id: unknown; member: string; message: string }>) => ({
    status: 400,
    body: {
      error: { code: 'validation_failed', message: 'Some values are not valid.', details: { errors } },
    },
  });
  const notFound = {
    status: 404,
    body: { error: { code: 'not_found', message: 'The record was not found.' } },
  };
  const descendants = (id: number): number[] => [
    id,
    ...types.filter((t) => t.inheritsId === id).flatMap((t) => descendants(t.id)),
  ];
  const ancestors = (id: number): number[] => {
    const t = types.find((x) => x.id === id);
    return t?.inheritsId ? [t.inheritsId, ...ancestors(t.inheritsId)] : [];
  };
  const fieldsOf = (id: number) => fields.filter((f) => [id, ...ancestors(id)].includes(f.typeId));
  const fieldJson = (f: FakeField) => ({
    id: f.id,
    name: f.name,
    scriptName: f.scriptName,
    type: f.type,
    storage: f.type === 'Calculation' ? 'string' : storageKindOf(f.type),
    typeId: f.typeId,
    isRequired: f.isRequired,
    isReadOnly: false,
    ...f.values,
    ...(f.groupId ? { groupId: f.groupId } : {}),
  });

  const relationshipJson = (r: FakeRelationship, direction: 'fwd' | 'rev') => {
    const f = r.fields;
    const relType = f.relType as RelType;
    return {
      id: r.id,
      name: f.toName,
      relType,
      cardinality: relType === 'custom' ? f.cardinality : relTypeMeaning(relType).cardinality,
      fromTypeId: r.fromTypeId,
      toTypeId: r.toTypeId,
      toName: f.toName,
      fromName: f.fromName,
      toScriptName: f.toScriptName,
      fromScriptName: f.fromScriptName,
      isMandatory: f.relationshipIsMandatory === true,
      isReverseMandatory: f.revRelationshipIsMandatory === true,
      ...(f.description ? { description: f.description } : {}),
      ...Object.fromEntries(
        ['securesTo', 'securesFrom', 'defaultToUseCurrent', 'defaultFromUseCurrent']
          .filter((k) => f[k] === true)
          .map((k) => [k, true]),
      ),
      ...Object.fromEntries(
        Object.entries(r.reports)
          .filter(([, id]) => id !== undefined)
          .map(([key, id]) => [`${key}Id`, id]),
      ),
      direction,
      endName: direction === 'fwd' ? f.toName : f.fromName,
      endScriptName: direction === 'fwd' ? f.toScriptName : f.fromScriptName,
    };
  };
  const relationshipsOf = (id: number) => {
    const line = [id, ...ancestors(id)];
    return relationships.flatMap((r) => [
      ...(line.includes(r.fromTypeId) ? [relationshipJson(r, 'fwd')] : []),
      ...(line.includes(r.toTypeId) ? [relationshipJson(r, 'rev')] : []),
    ]);
  };
  /** The names a new member of a type must not take: its fields and ends, and its derived types'. */
  const membersOf = (id: number) =>
    descendants(id).flatMap((d) => [
      ...fieldsOf(d).map((f) => ({ id: f.id, name: f.name, scriptName: f.scriptName })),
      ...relationshipsOf(d).map((r) => ({
        id: r.id,
        name: String(r.endName),
        scriptName: String(r.endScriptName),
      })),
    ]);

  // biome-ignore lint/suspicious/noExplicitAny: a fake server reads the JSON bodies loosely.
  const putRelationship = (change: any) => {
    const existing = relationships.find((r) => r.id === change.id);
    const fromTypeId: number = existing?.fromTypeId ?? change.relationships?.fromType?.set?.[0];
    const toTypeId: number | undefined = existing?.toTypeId ?? change.relationships?.toType?.set?.[0];
    const f = { ...existing?.fields, ...change.fields };
    const errors: Array<{ id: unknown; member: string; message: string }> = [];
    const target = types.find((t) => t.id === toTypeId);
    if (!target || toTypeId === undefined) return notFound;
    if ((f.relType === 'choiceField' || f.relType === 'multiChoiceField') && !target.isChoiceType)
      errors.push({ id: change.id, member: 'toType', message: choiceTargetMessage(target.name) });
    const ends = [
      [f.toName, f.toScriptName, fromTypeId, 'toName', 'toScriptName'],
      [f.fromName, f.fromScriptName, toTypeId, 'fromName', 'fromScriptName'],
    ] as const;
    for (const [name, scriptName, typeId, nameKey, scriptKey] of ends) {
      const siblings = membersOf(typeId).filter((m) => m.id !== existing?.id);
      for (const i of validateMemberNames(
        { ...(existing ? { id: existing.id } : {}), name, scriptName, kind: 'relationship' },
        siblings,
      ))
        errors.push({
          id: change.id,
          member: i.property === 'name' ? nameKey : scriptKey,
          message: i.message,
        });
      const problem = scriptNameProblem(scriptName);
      if (problem) errors.push({ id: change.id, member: scriptKey, message: problem });
    }
    if (errors.length > 0) return refuse(errors);
    const reportKeys = ['toDisplayReport', 'toPickerReport', 'fromDisplayReport', 'fromPickerReport'];
    const next: FakeRelationship = {
      id: existing?.id ?? nextId++,
      fromTypeId,
      toTypeId,
      fields: f,
      reports: Object.fromEntries(
        reportKeys.map((k) => [k, change.relationships?.[k]?.set?.[0] ?? existing?.reports[k]]),
      ),
    };
    if (existing) Object.assign(existing, next);
    else relationships.push(next);
    return ok({
      ids: existing ? {} : { [change.id]: next.id },
      versions: [{ id: next.id, version: 1 }],
      deleted: [],
    });
  };

  // biome-ignore lint/suspicious/noExplicitAny: a fake server reads the JSON bodies loosely.
  const putType = (change: any) => {
    const existing = types.find((t) => t.id === change.id);
    const draft = {
      ...(existing ? { id: existing.id } : {}),
      name: change.fields?.name ?? existing?.name ?? '',
      scriptName: change.fields?.typeScriptName ?? existing?.scriptName ?? '',
    };
    const issues = validateTypeNames(draft, types);
    if (issues.length > 0)
      return refuse(
        issues.map((i) => ({
          id: change.id,
          member: i.property === 'name' ? 'name' : 'typeScriptName',
          message: i.message,
        })),
      );
    const id = existing?.id ?? nextId++;
    const next = typeSummary(id, draft.name, change.relationships?.inherits?.set?.[0] ?? sysType.resource, {
      scriptName: draft.scriptName,
      description: change.fields?.description ?? null,
      isAbstract: change.fields?.isAbstract === true,
      iconImageId:
        change.fields?.typeIcon === undefined
          ? (existing?.iconImageId ?? null)
          : change.fields.typeIcon === null
            ? null
            : Number(change.fields.typeIcon),
    });
    if (existing) Object.assign(existing, next);
    else types.push(next);
    return ok({ ids: existing ? {} : { [change.id]: id }, versions: [{ id, version: 1 }], deleted: [] });
  };

  // biome-ignore lint/suspicious/noExplicitAny: a fake server reads the JSON bodies loosely.
  const putField = (change: any) => {
    const existing = fields.find((f) => f.id === change.id);
    const typeId: number = existing?.typeId ?? change.relationships?.fieldIsOnType?.set?.[0];
    // A change of an existing field writes what it names over what the field holds, as a put does.
    const merged = existing
      ? {
          name: existing.name,
          fieldScriptName: existing.scriptName,
          fieldType: existing.type,
          isRequired: existing.isRequired,
          ...existing.values,
          ...change.fields,
        }
      : (change.fields ?? {});
    const { name, fieldScriptName, fieldType, isRequired, ...values } = merged;
    if (!isFieldType(fieldType))
      return refuse([{ id: change.id, member: 'fieldType', message: 'Invalid field type specified' }]);
    const siblings = descendants(typeId)
      .flatMap((id) => fieldsOf(id))
      .map((f) => ({ id: f.id, name: f.name, scriptName: f.scriptName }));
    const errors = [
      ...validateMemberNames(
        { ...(existing ? { id: existing.id } : {}), name, scriptName: fieldScriptName, kind: 'field' },
        siblings,
      ).map((i) => ({
        id: change.id,
        member: i.property === 'name' ? 'name' : 'fieldScriptName',
        message: i.message,
      })),
      ...validateFieldBounds({ type: fieldType, ...clean(values) }).map((i) => ({
        id: change.id,
        member: i.property,
        message: i.message,
      })),
    ];
    if (errors.length > 0) return refuse(errors);
    const groupId = change.relationships?.fieldInGroup
      ? change.relationships.fieldInGroup.set?.[0]
      : existing?.groupId;
    const next: FakeField = {
      id: existing?.id ?? nextId++,
      typeId,
      name,
      scriptName: fieldScriptName,
      type: fieldType,
      isRequired: isRequired === true,
      values: clean(values),
      ...(groupId ? { groupId } : {}),
    };
    if (existing) Object.assign(existing, next);
    else fields.push(next);
    return ok({
      ids: existing ? {} : { [change.id]: next.id },
      versions: [{ id: next.id, version: 1 }],
      deleted: [],
    });
  };

  // biome-ignore lint/suspicious/noExplicitAny: a fake server reads the JSON bodies loosely.
  const putChoices = (changes: any[]) => {
    const ids: Record<string, number> = {};
    for (const change of changes) {
      let value = choices.find((c) => c.id === change.id);
      if (!value) {
        value = { id: nextId++, name: null, order: 999, colour: null, iconImageId: null, isRetired: false };
        choices.push(value);
        ids[change.id] = value.id;
      }
      const f = change.fields ?? {};
      if (f.name !== undefined) value.name = f.name;
      if (f.enumOrder !== undefined) value.order = f.enumOrder;
      if (f.enumColour !== undefined) value.colour = f.enumColour;
      if (f.enumIcon !== undefined) value.iconImageId = f.enumIcon === null ? null : Number(f.enumIcon);
      if (f.enumRetired !== undefined) value.isRetired = f.enumRetired;
    }
    return ok({ ids, versions: [], deleted: [] });
  };

  // biome-ignore lint/suspicious/noExplicitAny: a fake server reads the JSON bodies loosely.
  const { api, requests } = fakeApi((path, body: any, method) => {
    if (path === '/auth/me') return ok(adminMe);
    if (path === '/spapi/data/v1/tenantSettings')
      return { status: 404, body: { error: { code: 'not_found', message: 'No.' } } };
    if (path === '/spapi/data/v1/schema/types') return ok({ types });
    const newName = /^\/spapi\/data\/v1\/schema\/newFieldName\?typeId=(\d+)&fieldType=(\w+)$/.exec(path);
    if (newName) {
      const taken = fieldsOf(Number(newName[1])).flatMap((f) => [f.name, f.scriptName]);
      return ok({ name: defaultNewFieldName(newName[2] as FieldType, taken) });
    }
    if (path === '/spapi/data/v1/schema/type/10030/enumValues')
      return ok({
        values: [...choices].sort((a, b) => a.order - b.order || (a.name ?? '').localeCompare(b.name ?? '')),
      });
    const reportsCall = /^\/spapi\/data\/v1\/schema\/type\/(\d+)\/reports$/.exec(path);
    if (reportsCall) return ok({ reports: reports.get(Number(reportsCall[1])) ?? [] });
    const relCall = /^\/spapi\/data\/v1\/schema\/relationship\/(\d+)\/(usage|delete)$/.exec(path);
    if (relCall) {
      const rel = relationships.find((r) => r.id === Number(relCall[1]));
      if (!rel) return notFound;
      const uses = relationshipUsage.get(rel.id) ?? { forms: [], pages: [], reports: [], linkCount: 0 };
      if (relCall[2] === 'usage') return ok(uses);
      relationships.splice(relationships.indexOf(rel), 1);
      return ok({ deleted: rel.id, linkCount: body.linkCount });
    }
    const fieldCall = /^\/spapi\/data\/v1\/schema\/field\/(\d+)\/(usage|impact|delete)$/.exec(path);
    if (fieldCall) {
      const field = fields.find((f) => f.id === Number(fieldCall[1]));
      if (!field) return notFound;
      const uses = fieldUsage.get(field.id) ?? {
        forms: [],
        pages: [],
        reports: [],
        calculations: [],
        valueCount: 0,
      };
      if (fieldCall[2] === 'usage') return ok(uses);
      if (fieldCall[2] === 'impact')
        return ok(
          fieldImpact.get(field.id) ?? {
            valueCount: 0,
            broken: { count: 0, examples: [] },
            missing: 0,
            typeChanged: body.fields.fieldType !== undefined && body.fields.fieldType !== field.type,
          },
        );
      fields.splice(fields.indexOf(field), 1);
      return ok({ deleted: field.id, valueCount: body.valueCount });
    }
    const reportCall = /^\/spapi\/data\/v1\/schema\/type\/(\d+)\/report$/.exec(path);
    if (reportCall && method === 'POST') {
      const id = Number(reportCall[1]);
      const type = types.find((t) => t.id === id);
      if (!type) return notFound;
      const made = typeReports.get(id) ?? [];
      const name = made.length === 0 ? pluralName(type.name) : `${pluralName(type.name)} ${made.length + 1}`;
      const report = { id: nextId++, name };
      typeReports.set(id, [...made, report]);
      return ok(report);
    }
    const typeCall = /^\/spapi\/data\/v1\/schema\/type\/(\d+)(\/usage|\/delete)?$/.exec(path);
    if (typeCall) {
      const id = Number(typeCall[1]);
      const type = types.find((t) => t.id === id);
      if (!type) return notFound;
      const uses = usage.get(id) ?? {
        forms: [],
        pages: [],
        reports: typeReports.get(id) ?? [],
        relationships: relationshipsOf(id),
        derivedTypes: types.filter((t) => t.inheritsId === id).map((t) => ({ id: t.id, name: t.name })),
        recordCount: records.get(id) ?? 0,
      };
      if (typeCall[2] === '/usage') return ok(uses);
      if (typeCall[2] === '/delete' && method === 'POST') {
        types.splice(types.indexOf(type), 1);
        return ok({ deleted: id, recordCount: body.recordCount });
      }
      const { alias, inheritsId, description, iconImageId, ...rest } = type;
      return ok({
        type: {
          ...rest,
          ...(alias ? { alias } : {}),
          ...(inheritsId ? { inheritsId } : {}),
          ...(description ? { description } : {}),
          ...(iconImageId ? { iconImageId } : {}),
        },
        ancestors: ancestors(id).map((a) => ({
          id: a,
          name: types.find((t) => t.id === a)?.name,
          alias: null,
        })),
        fields: fieldsOf(id).map(fieldJson),
        relationships: relationshipsOf(id),
        derivedTypes: types
          .filter((t) => t.inheritsId === id)
          .map((t) => ({ id: t.id, name: t.name, alias: null, isAbstract: t.isAbstract })),
        canCreateType: !type.isAbstract,
      });
    }
    if (path === '/spapi/data/v1/entity/ofType')
      return ok({
        entities: groups
          .filter((g) => g.typeId === body.filter?.fieldGroupOnType)
          .map((g) => ({
            id: g.id,
            typeId: sysType.fieldGroup,
            alias: null,
            name: g.name,
            version: 1,
            canModify: true,
            canDelete: true,
          })),
        pageSize: 1000,
        hasMore: false,
      });
    if (path === '/spapi/data/v1/entity/put') {
      if (body.entities.length === 0) {
        const gone = new Set<number>(body.deleted);
        for (const [id, list] of typeReports)
          typeReports.set(
            id,
            list.filter((r) => !gone.has(r.id)),
          );
        return ok({ ids: {}, versions: [], deleted: body.deleted });
      }
      const change = body.entities[0];
      if (change.typeId === 10_030 || choices.some((c) => c.id === change.id))
        return putChoices(body.entities);
      const kind =
        change.typeId ??
        (types.some((t) => t.id === change.id)
          ? 'core:type'
          : relationships.some((r) => r.id === change.id)
            ? 'core:relationship'
            : 'core:field');
      if (kind === 'core:relationship') return putRelationship(change);
      if (kind === 'core:type') return putType(change);
      if (kind === 'core:fieldGroup') {
        const id = nextId++;
        groups.push({ id, name: change.fields.name, typeId: change.relationships.fieldGroupOnType.set[0] });
        return ok({ ids: { [change.id]: id }, versions: [{ id, version: 1 }], deleted: [] });
      }
      return putField(change);
    }
    return { status: 404, body: { error: { code: 'not_found', message: `No fake answer for ${path}` } } };
  });
  return {
    api,
    requests,
    types,
    fields,
    usage,
    records,
    choices,
    relationships,
    reports,
    typeReports,
    relationshipUsage,
    fieldUsage,
    fieldImpact,
  };
}

/** The put's values without the cleared (null) ones, as the metamodel keeps them. */
function clean(values: Record<string, unknown>): Record<string, never> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== '')) as Record<
    string,
    never
  >;
}
