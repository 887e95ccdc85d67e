import {
  type BoundComponentKind,
  type BoundComponentStyle,
  boundComponentType,
  type FieldDef,
  isWritableField,
  type PageComponent,
  reachesMany,
  readBoundComponentStyle,
  relationshipBoundKinds,
  type TypeSchemaField,
  type TypeSchemaRelationship,
  type TypeSchemaResponse,
} from '@plinth/schema';
import { checkMemberValue } from '../record/recordValues';
import type { ComponentErrors, MemberValues } from './boundComponentMachine';

/**
 * A bound component's member mapping (spec 03 §3 entity adapter): the field or relationship end of
 * the record type it shows, found by `extendedProperties.fieldId`, or `relationshipId` with
 * `relationshipDirection` (decision 0086).
 */
export type BoundMember =
  | { kind: 'field'; key: string; field: TypeSchemaField }
  | { kind: 'relationship'; key: string; end: TypeSchemaRelationship; isToMany: boolean };

/** A bound component as the adapter knows it. */
export interface BoundComponent {
  component: PageComponent;
  kind: BoundComponentKind;
  style: BoundComponentStyle;
}

export function boundComponentOf(component: PageComponent): BoundComponent | null {
  const type = boundComponentType(component.typeAlias);
  if (!type) return null;
  return { component, kind: type.kind, style: readBoundComponentStyle(component.style) };
}

/** The member a component is bound to in the record's type, or null when it is not (missing field). */
export function memberOf(bound: BoundComponent, type: TypeSchemaResponse | null): BoundMember | null {
  if (!type) return null;
  const ext = bound.component.extendedProperties ?? {};
  if (relationshipBoundKinds.has(bound.kind)) {
    if (ext.relationshipId === undefined) return null;
    const direction = ext.relationshipDirection ?? 'fwd';
    const end = type.relationships.find((r) => r.id === ext.relationshipId && r.direction === direction);
    return end
      ? { kind: 'relationship', key: end.endScriptName, end, isToMany: reachesMany(end, end.direction) }
      : null;
  }
  if (ext.fieldId === undefined) return null;
  const field = type.fields.find((f) => f.id === ext.fieldId);
  return field ? { kind: 'field', key: field.scriptName, field } : null;
}

/** Whether the component requires a value: its style or binding says mandatory, or its member does. */
export function isMandatoryMember(bound: BoundComponent, member: BoundMember): boolean {
  if (bound.style.mandatory || bound.component.extendedProperties?.mandatory === true) return true;
  if (member.kind === 'field') return member.field.isRequired;
  return member.end.direction === 'fwd' ? member.end.isMandatory : member.end.isReverseMandatory;
}

/** Whether the member can be written from a form at all (calculated, read-only, auto-number: no). */
export function isWritableMember(member: BoundMember): boolean {
  if (member.kind === 'field') return isWritableField(member.field as FieldDef);
  return member.end.column === undefined;
}

/**
 * The client rules of spec 03 §5 for every editable bound component: the validators the server
 * uses (`validateFieldValue`), a required relationship or choice with nothing selected. Messages by
 * component id; `values` holds each valid field's value in its stored form.
 */
export function checkBoundValues(
  components: Iterable<{ bound: BoundComponent; member: BoundMember }>,
  values: MemberValues,
  isEditable: (componentId: string) => boolean,
): { errors: Record<string, string>; values: Record<string, unknown> } {
  const errors: Record<string, string> = {};
  const normalised: Record<string, unknown> = { ...values };
  for (const { bound, member } of components) {
    const id = bound.component.id;
    if (!isEditable(id) || !isWritableMember(member)) continue;
    const result = checkMemberValue(member, values[member.key], isMandatoryMember(bound, member));
    if (result.ok) normalised[member.key] = result.value;
    else errors[id] = result.message;
  }
  return { errors, values: normalised };
}

/** Both kinds of message of a component, the client's first (spec 03 §5: joined by a space). */
export function componentErrorText(
  id: string,
  errors: ComponentErrors,
  customErrors: ComponentErrors,
): string | undefined {
  const parts = [errors[id], customErrors[id]].filter((m): m is string => Boolean(m));
  return parts.length > 0 ? parts.join(' ') : undefined;
}
