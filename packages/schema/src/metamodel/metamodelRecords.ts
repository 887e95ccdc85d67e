import { sysField as F, firstUserId, sysRel as R, sysType as T } from '../catalogue/ids.js';
import { systemFields, systemRelationships, systemTypes } from '../catalogue/systemCatalogue.js';
import type { EntityId, FieldDef, RelationshipDef, TypeDef } from './definitions.js';
import { type FieldType, isFieldType, type StorageKind, storageKindOf } from './fieldTypes.js';
import { type Cardinality, cardinalities, type RelType, relTypeMeaning, relTypes } from './relTypes.js';
import { Schema } from './Schema.js';

/** A value as stored in a record's JSON values. */
export type StoredValue = string | number | boolean | null;

/** A record as storage holds it: columns plus field values keyed by field id. */
export interface StoredRecord {
  id: EntityId;
  typeId: EntityId;
  name: string | null;
  alias: string | null;
  data: Record<string, StoredValue>;
}

/** A relationship instance. */
export interface StoredLink {
  relId: EntityId;
  fromId: EntityId;
  toId: EntityId;
}

/** FieldDef properties kept as values of a field record, by the catalogue field that holds them. */
const fieldProps = [
  ['description', F.description],
  ['defaultValue', F.defaultValue],
  ['minLength', F.minLength],
  ['maxLength', F.maxLength],
  ['pattern', F.pattern],
  ['patternDescription', F.regexDescription],
  ['minInt', F.minInt],
  ['maxInt', F.maxInt],
  ['minDecimal', F.minDecimal],
  ['maxDecimal', F.maxDecimal],
  ['decimalPlaces', F.decimalPlaces],
  ['minDate', F.minDate],
  ['maxDate', F.maxDate],
  ['minTime', F.minTime],
  ['maxTime', F.maxTime],
  ['minDateTime', F.minDateTime],
  ['maxDateTime', F.maxDateTime],
  ['autoNumberSeed', F.autoNumberSeed],
  ['autoNumberDisplayPattern', F.autoNumberDisplayPattern],
  ['calculation', F.fieldCalculation],
  ['represents', F.fieldRepresents],
  ['allowMultiLines', F.allowMultiLines],
] as const satisfies ReadonlyArray<readonly [keyof FieldDef, number]>;

const storageKinds: readonly StorageKind[] = [
  'string',
  'int',
  'autoNumber',
  'decimal',
  'currency',
  'date',
  'time',
  'dateTime',
  'bool',
];

/** The records and links that hold a type, its fields and relationships. */
export function metamodelToRecords(
  types: readonly TypeDef[],
  fields: readonly FieldDef[],
  rels: readonly RelationshipDef[],
): { records: StoredRecord[]; links: StoredLink[] } {
  const records: StoredRecord[] = [];
  const links: StoredLink[] = [];
  for (const t of types) {
    records.push({
      id: t.id,
      typeId: T.type,
      name: t.name,
      alias: t.alias ?? null,
      data: compact({
        [F.typeScriptName]: t.scriptName,
        [F.isAbstract]: t.isAbstract,
        [F.description]: t.description,
      }),
    });
    if (t.inheritsId !== undefined) links.push({ relId: R.inherits, fromId: t.id, toId: t.inheritsId });
  }
  for (const f of fields) {
    const data: Record<string, StoredValue | undefined> = {
      [F.fieldType]: f.type,
      [F.fieldScriptName]: f.scriptName,
      [F.isRequired]: f.isRequired,
      [F.isFieldReadOnly]: f.isReadOnly,
      [F.calcResultType]: f.type === 'Calculation' ? f.storage : undefined,
    };
    for (const [prop, key] of fieldProps) data[key] = f[prop] as StoredValue | undefined;
    records.push({ id: f.id, typeId: T.field, name: f.name, alias: f.alias ?? null, data: compact(data) });
    links.push({ relId: R.fieldIsOnType, fromId: f.id, toId: f.typeId });
    if (f.groupId !== undefined) links.push({ relId: R.fieldInGroup, fromId: f.id, toId: f.groupId });
  }
  for (const r of rels) {
    records.push({
      id: r.id,
      typeId: T.relationship,
      name: r.name,
      alias: r.alias ?? null,
      data: compact({
        [F.relType]: r.relType,
        [F.cardinality]: r.cardinality,
        [F.toName]: r.toName,
        [F.fromName]: r.fromName,
        [F.toScriptName]: r.toScriptName,
        [F.fromScriptName]: r.fromScriptName,
        [F.relationshipIsMandatory]: r.isMandatory,
        [F.revRelationshipIsMandatory]: r.isReverseMandatory,
        [F.cascadeDelete]: r.cascadeDelete,
        [F.cascadeDeleteTo]: r.cascadeDeleteTo,
        [F.relationshipIsStructure]: r.isStructure || undefined,
        [F.securesTo]: r.securesTo,
        [F.securesFrom]: r.securesFrom,
        [F.defaultToUseCurrent]: r.defaultToUseCurrent,
        [F.defaultFromUseCurrent]: r.defaultFromUseCurrent,
        [F.description]: r.description,
      }),
    });
    links.push({ relId: R.fromType, fromId: r.id, toId: r.fromTypeId });
    links.push({ relId: R.toType, fromId: r.id, toId: r.toTypeId });
  }
  return { records, links };
}

/** The system catalogue as records and links, ready to be stored in a new tenant. */
export function catalogueRecords() {
  return metamodelToRecords(systemTypes, systemFields, systemRelationships);
}

/**
 * Builds a tenant's Schema from its stored type, field and relationship records. Catalogue entries
 * come from code (they cannot change); the tenant's own ones from the records. Records that are
 * incomplete (a field without a type, say) are skipped rather than failing the whole schema.
 */
export function schemaFromRecords(records: readonly StoredRecord[], links: readonly StoredLink[]): Schema {
  const target = new Map<string, EntityId>();
  for (const l of links) target.set(`${l.relId}:${l.fromId}`, l.toId);
  const to = (relId: number, fromId: EntityId) => target.get(`${relId}:${fromId}`);

  const types: TypeDef[] = [...systemTypes];
  const fields: FieldDef[] = [...systemFields];
  const rels: RelationshipDef[] = [...systemRelationships];
  for (const rec of records) {
    if (rec.id < firstUserId) continue;
    const d = rec.data;
    const name = rec.name ?? '';
    if (rec.typeId === T.type) {
      types.push({
        id: rec.id,
        ...(rec.alias ? { alias: rec.alias } : {}),
        name,
        scriptName: str(d[F.typeScriptName]) ?? name,
        ...opt('description', str(d[F.description])),
        // Every type is a resource: one that names no base inherits the name and description.
        inheritsId: to(R.inherits, rec.id) ?? T.resource,
        isAbstract: d[F.isAbstract] === true,
        isChoiceType: false,
        isSystem: false,
        ...opt('defaultEditFormId', to(R.defaultEditForm, rec.id)),
        ...opt('defaultEditRecordPageId', to(R.defaultEditRecordPage, rec.id)),
        ...opt('defaultDisplayReportId', to(R.defaultDisplayReport, rec.id)),
        ...opt('defaultPickerReportId', to(R.defaultPickerReport, rec.id)),
        ...opt('iconImageId', imageId(d[F.typeIcon])),
      });
    } else if (rec.typeId === T.field) {
      const typeId = to(R.fieldIsOnType, rec.id);
      const fieldType = d[F.fieldType];
      if (typeId === undefined || !isFieldType(fieldType)) continue;
      const field: FieldDef = {
        id: rec.id,
        ...(rec.alias ? { alias: rec.alias } : {}),
        name,
        scriptName: str(d[F.fieldScriptName]) ?? name,
        type: fieldType,
        storage: storageOf(fieldType, d[F.calcResultType]),
        typeId,
        isRequired: d[F.isRequired] === true,
        isReadOnly: d[F.isFieldReadOnly] === true,
        ...opt('groupId', to(R.fieldInGroup, rec.id)),
      };
      for (const [prop, key] of fieldProps) {
        const v = d[key];
        if (v !== undefined && v !== null) (field as unknown as Record<string, unknown>)[prop] = v;
      }
      fields.push(field);
    } else if (rec.typeId === T.relationship) {
      const fromTypeId = to(R.fromType, rec.id);
      const toTypeId = to(R.toType, rec.id);
      const relType = d[F.relType];
      if (fromTypeId === undefined || toTypeId === undefined || !isRelType(relType)) continue;
      const card = d[F.cardinality];
      const meaning = relTypeMeaning(relType, {
        ...(isCardinality(card) ? { cardinality: card } : {}),
        cascadeDelete: d[F.cascadeDelete] === true,
        cascadeDeleteTo: d[F.cascadeDeleteTo] === true,
      });
      const toName = str(d[F.toName]) ?? name;
      const fromName = str(d[F.fromName]) ?? name;
      rels.push({
        id: rec.id,
        ...(rec.alias ? { alias: rec.alias } : {}),
        name,
        relType,
        ...meaning,
        fromTypeId,
        toTypeId,
        toName,
        fromName,
        toScriptName: str(d[F.toScriptName]) ?? toName,
        fromScriptName: str(d[F.fromScriptName]) ?? fromName,
        isMandatory: d[F.relationshipIsMandatory] === true,
        isReverseMandatory: d[F.revRelationshipIsMandatory] === true,
        ...(d[F.relationshipIsStructure] === true ? { isStructure: true } : {}),
        ...opt('description', str(d[F.description])),
        ...flag('securesTo', d[F.securesTo]),
        ...flag('securesFrom', d[F.securesFrom]),
        ...flag('defaultToUseCurrent', d[F.defaultToUseCurrent]),
        ...flag('defaultFromUseCurrent', d[F.defaultFromUseCurrent]),
        ...opt('toDisplayReportId', to(R.toDisplayReport, rec.id)),
        ...opt('toPickerReportId', to(R.toPickerReport, rec.id)),
        ...opt('fromDisplayReportId', to(R.fromDisplayReport, rec.id)),
        ...opt('fromPickerReportId', to(R.fromPickerReport, rec.id)),
      });
    }
  }
  const draft = new Schema(types, fields, rels);
  const withChoice = types.map((t) => ({
    ...t,
    isChoiceType: t.id !== T.enumValue && draft.isA(t.id, T.enumValue),
  }));
  return new Schema(withChoice, fields, rels);
}

function storageOf(type: FieldType, resultType: StoredValue | undefined): StorageKind {
  if (type !== 'Calculation') return storageKindOf(type);
  return storageKinds.includes(resultType as StorageKind) ? (resultType as StorageKind) : 'string';
}

const isRelType = (v: unknown): v is RelType =>
  typeof v === 'string' && (relTypes as readonly string[]).includes(v);
const isCardinality = (v: unknown): v is Cardinality =>
  typeof v === 'string' && (cardinalities as readonly string[]).includes(v);
const str = (v: StoredValue | undefined) => (typeof v === 'string' && v !== '' ? v : undefined);

/** An icon as `enumIcon` and `typeIcon` hold it: an image document's id as text. */
function imageId(v: StoredValue | undefined): EntityId | undefined {
  return typeof v === 'string' && /^[1-9]\d{0,14}$/.test(v.trim()) ? Number(v) : undefined;
}

function flag<K extends string>(key: K, value: StoredValue | undefined): Partial<Record<K, true>> {
  return value === true ? ({ [key]: true } as Record<K, true>) : {};
}

function opt<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

function compact(data: Record<string, StoredValue | undefined>): Record<string, StoredValue> {
  const out: Record<string, StoredValue> = {};
  for (const [k, v] of Object.entries(data)) if (v !== undefined) out[k] = v;
  return out;
}
