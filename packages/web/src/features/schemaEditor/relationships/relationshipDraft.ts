import {
  type Cardinality,
  choiceTargetMessage,
  type EntityChange,
  type NamedEntity,
  type RelType,
  requiredMessage,
  scriptNameProblem,
  type TypeSchemaRelationship,
  validateMemberNames,
} from '@plinth/schema';
import type { SchemaApi } from '../schemaApi';
import { isChoiceKind } from './relationshipKinds';

/** The relationship's properties as the dialog edits them (spec 01 §3, spec 03 §3, decision 0100). */
export interface RelationshipDraft {
  id: number | null;
  relType: RelType;
  /** Kept only for a custom relationship; the other kinds imply theirs. */
  cardinality: Cardinality;
  fromTypeId: number;
  toTypeId: number | null;
  toName: string;
  fromName: string;
  toScriptName: string;
  fromScriptName: string;
  description: string;
  isMandatory: boolean;
  isReverseMandatory: boolean;
  securesTo: boolean;
  securesFrom: boolean;
  defaultToUseCurrent: boolean;
  defaultFromUseCurrent: boolean;
  toDisplayReportId: number | null;
  toPickerReportId: number | null;
  fromDisplayReportId: number | null;
  fromPickerReportId: number | null;
}

/** The put keys of the dialog's properties, as the server names them in its refusals. */
export type RelationshipMember =
  | 'relType'
  | 'cardinality'
  | 'toType'
  | 'toName'
  | 'fromName'
  | 'toScriptName'
  | 'fromScriptName'
  | 'description'
  | 'relationshipIsMandatory'
  | 'revRelationshipIsMandatory'
  | 'securesTo'
  | 'securesFrom'
  | 'defaultToUseCurrent'
  | 'defaultFromUseCurrent'
  | 'toDisplayReport'
  | 'toPickerReport'
  | 'fromDisplayReport'
  | 'fromPickerReport';

export type RelationshipTab = 'general' | 'details' | 'security';

/** The spec's tab names (spec 01 §9) for the properties a relationship has. */
export const relationshipTabLabels: Record<RelationshipTab, string> = {
  general: 'General',
  details: 'Relationship details',
  security: 'Security',
};

export const membersByTab: Record<RelationshipTab, readonly RelationshipMember[]> = {
  general: [
    'relType',
    'toType',
    'cardinality',
    'toName',
    'toScriptName',
    'fromName',
    'fromScriptName',
    'description',
  ],
  details: [
    'relationshipIsMandatory',
    'revRelationshipIsMandatory',
    'toDisplayReport',
    'toPickerReport',
    'fromDisplayReport',
    'fromPickerReport',
    'defaultToUseCurrent',
    'defaultFromUseCurrent',
  ],
  security: ['securesTo', 'securesFrom'],
};

export function newRelationshipDraft(fromTypeId: number): RelationshipDraft {
  return {
    id: null,
    relType: 'lookup',
    cardinality: 'manyToMany',
    fromTypeId,
    toTypeId: null,
    toName: '',
    fromName: '',
    toScriptName: '',
    fromScriptName: '',
    description: '',
    isMandatory: false,
    isReverseMandatory: false,
    securesTo: false,
    securesFrom: false,
    defaultToUseCurrent: false,
    defaultFromUseCurrent: false,
    toDisplayReportId: null,
    toPickerReportId: null,
    fromDisplayReportId: null,
    fromPickerReportId: null,
  };
}

/** The draft of a relationship the type schema call answered. */
export function draftOfRelationship(rel: TypeSchemaRelationship): RelationshipDraft {
  return {
    id: rel.id,
    relType: rel.relType,
    cardinality: rel.cardinality,
    fromTypeId: rel.fromTypeId,
    toTypeId: rel.toTypeId,
    toName: rel.toName,
    fromName: rel.fromName,
    toScriptName: rel.toScriptName,
    fromScriptName: rel.fromScriptName,
    description: rel.description ?? '',
    isMandatory: rel.isMandatory,
    isReverseMandatory: rel.isReverseMandatory,
    securesTo: rel.securesTo === true,
    securesFrom: rel.securesFrom === true,
    defaultToUseCurrent: rel.defaultToUseCurrent === true,
    defaultFromUseCurrent: rel.defaultFromUseCurrent === true,
    toDisplayReportId: rel.toDisplayReportId ?? null,
    toPickerReportId: rel.toPickerReportId ?? null,
    fromDisplayReportId: rel.fromDisplayReportId ?? null,
    fromPickerReportId: rel.fromPickerReportId ?? null,
  };
}

/** What the dialog knows of the Objects at both ends, for the checks it runs before a save. */
export interface EndContext {
  /** The members (fields and relationship ends) of each end's Object, by Object id. */
  membersOf: (typeId: number) => readonly NamedEntity[];
  isChoiceType: (typeId: number) => boolean;
  typeName: (typeId: number) => string;
}

/**
 * The editor's own checks (decision 0100), with the server's words: both ends' names and script
 * names required, free on their Object (the fields' clash rule) and usable in calculations; a
 * related Object chosen, and a choice Object for the choice kinds.
 */
export function checkRelationshipDraft(
  draft: RelationshipDraft,
  ends: EndContext,
): Partial<Record<RelationshipMember, string>> {
  const found: Partial<Record<RelationshipMember, string>> = {};
  if (draft.toTypeId === null) found.toType = requiredMessage;
  else if (isChoiceKind(draft.relType) && !ends.isChoiceType(draft.toTypeId))
    found.toType = choiceTargetMessage(ends.typeName(draft.toTypeId));
  const self = (m: NamedEntity) => draft.id === null || m.id !== draft.id;
  const check = (
    name: string,
    scriptName: string,
    typeId: number | null,
    keys: readonly [RelationshipMember, RelationshipMember],
  ) => {
    const siblings = typeId === null ? [] : ends.membersOf(typeId).filter(self);
    for (const issue of validateMemberNames(
      { name: name.trim(), scriptName: scriptName.trim(), kind: 'relationship' },
      siblings,
    ))
      found[issue.property === 'name' ? keys[0] : keys[1]] ??= issue.message;
    const problem = scriptNameProblem(scriptName);
    if (problem) found[keys[1]] ??= problem;
  };
  check(draft.toName, draft.toScriptName, draft.fromTypeId, ['toName', 'toScriptName']);
  check(draft.fromName, draft.fromScriptName, draft.toTypeId, ['fromName', 'fromScriptName']);
  // A self-relationship's two ends live on one Object: they must differ from each other too.
  if (draft.toTypeId === draft.fromTypeId) {
    for (const issue of validateMemberNames(
      { name: draft.fromName.trim(), scriptName: draft.fromScriptName.trim(), kind: 'relationship' },
      [{ id: -1, name: draft.toName, scriptName: draft.toScriptName }],
    ))
      found[issue.property === 'name' ? 'fromName' : 'fromScriptName'] ??= issue.message;
  }
  return found;
}

/** The put of the draft: a new relationship starts from `fromTypeId`; ends are fixed once saved. */
export function putOfRelationship(draft: RelationshipDraft, key: string): EntityChange {
  const isNew = draft.id === null;
  const one = (id: number | null) => ({ set: id === null ? [] : [id] });
  return {
    id: draft.id ?? key,
    ...(isNew ? { typeId: 'core:relationship' } : {}),
    fields: {
      name: draft.toName.trim(),
      relType: draft.relType,
      cardinality: draft.relType === 'custom' ? draft.cardinality : null,
      toName: draft.toName.trim(),
      fromName: draft.fromName.trim(),
      toScriptName: draft.toScriptName.trim(),
      fromScriptName: draft.fromScriptName.trim(),
      description: draft.description.trim() || null,
      relationshipIsMandatory: draft.isMandatory,
      revRelationshipIsMandatory: draft.isReverseMandatory,
      securesTo: draft.securesTo,
      securesFrom: draft.securesFrom,
      defaultToUseCurrent: draft.defaultToUseCurrent,
      defaultFromUseCurrent: draft.defaultFromUseCurrent,
    },
    relationships: {
      ...(isNew ? { fromType: one(draft.fromTypeId), toType: one(draft.toTypeId) } : {}),
      toDisplayReport: one(draft.toDisplayReportId),
      toPickerReport: one(draft.toPickerReportId),
      fromDisplayReport: one(draft.fromDisplayReportId),
      fromPickerReport: one(draft.fromPickerReportId),
    },
  };
}

/** The spec gives no text; it names what went and what to do (decision 0100). */
export const relatedObjectGoneMessage = 'This Object has been deleted. Choose another.';
export const reportGoneMessage = 'This report has been deleted. Choose another.';

/**
 * After the put answered 404 (a record it names no longer exists): the related Object or the
 * chosen reports that are gone, read afresh, each at its property.
 */
export async function goneMembers(
  api: SchemaApi,
  draft: RelationshipDraft,
): Promise<Partial<Record<RelationshipMember, string>>> {
  const found: Partial<Record<RelationshipMember, string>> = {};
  try {
    const types = await api.types();
    if (draft.toTypeId !== null && !types.some((t) => t.id === draft.toTypeId))
      found.toType = relatedObjectGoneMessage;
    const ends = [
      ['toDisplayReport', draft.toDisplayReportId, draft.toTypeId],
      ['toPickerReport', draft.toPickerReportId, draft.toTypeId],
      ['fromDisplayReport', draft.fromDisplayReportId, draft.fromTypeId],
      ['fromPickerReport', draft.fromPickerReportId, draft.fromTypeId],
    ] as const;
    const listed = new Map<number, number[]>();
    for (const [member, reportId, typeId] of ends) {
      if (reportId === null || typeId === null || found.toType) continue;
      if (!listed.has(typeId))
        listed.set(
          typeId,
          (await api.reportsOf(typeId)).map((r) => r.id),
        );
      if (!listed.get(typeId)!.includes(reportId)) found[member] = reportGoneMessage;
    }
  } catch {
    // Nothing more can be said than the put's own answer.
  }
  return found;
}
