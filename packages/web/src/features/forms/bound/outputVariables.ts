import { boundComponentType, effectiveDecimalPlaces, type FieldDef } from '@plinth/schema';
import { relatedRecords } from '../relationship/relationshipChanges';
import type { BoundComponent, BoundMember } from './boundMembers';
import { isMandatoryMember } from './boundMembers';

/**
 * The page variable name of a component's output variable (decision 0087): `{id}_{Name}`, the
 * component id made a variable name (the report's `{id}_SelectedRecords` rule).
 */
export function outputVariableName(componentId: string, name: string): string {
  const safe = componentId.replace(/\W/g, '_');
  return `${/^[A-Za-z_]/.test(safe) ? '' : '_'}${safe}_${name}`;
}

interface ComponentState {
  value: unknown;
  defaultValue: unknown;
  errorText: string;
  isReadOnly: boolean;
}

function fieldVariables(
  bound: BoundComponent,
  member: Extract<BoundMember, { kind: 'field' }>,
  s: ComponentState,
) {
  const { field } = member;
  const ext = bound.component.extendedProperties ?? {};
  const isDate = field.type === 'Date' || field.type === 'Time' || field.type === 'DateTime';
  const min = isDate
    ? (field.minDate ?? field.minTime ?? field.minDateTime)
    : (field.minInt ?? field.minDecimal);
  const max = isDate
    ? (field.maxDate ?? field.maxTime ?? field.maxDateTime)
    : (field.maxInt ?? field.maxDecimal);
  return {
    Value: s.value ?? null,
    DefaultValue: s.defaultValue ?? null,
    ErrorText: s.errorText,
    IsMandatory: isMandatoryMember(bound, member),
    IsReadOnly: s.isReadOnly,
    FieldName: field.name,
    DefaultEditFormId: ext.defaultEditFormId ?? null,
    FieldCalculation: field.calculation ?? null,
    MinimumValue: min ?? null,
    MaximumValue: max ?? null,
    DecimalPlaces:
      field.type === 'Decimal' || field.type === 'Currency'
        ? effectiveDecimalPlaces(field as FieldDef)
        : null,
    MinLength: field.minLength ?? null,
    MaxLength: field.maxLength ?? null,
    RegexPattern: field.pattern ?? null,
    TextPattern: field.pattern ?? null,
    TextPatternName: ext.textPatternName ?? field.patternDescription ?? null,
    FieldRepresentsAlias: field.represents ?? null,
    AutoNumberSeed: ext.autoNumberSeed ?? null,
    AutoNumberDisplayPattern: ext.autoNumberDisplayPattern ?? null,
  };
}

function relationshipVariables(
  bound: BoundComponent,
  member: Extract<BoundMember, { kind: 'relationship' }>,
  s: ComponentState,
) {
  const ext = bound.component.extendedProperties ?? {};
  const ids = relatedRecords(s.value).map((r) => r.id);
  return {
    SelectedRecords: ids,
    SelectedRecord: ids[0] ?? null,
    ErrorText: s.errorText,
    IsMandatory: isMandatoryMember(bound, member),
    IsReadOnly: s.isReadOnly,
    DisplayReportId: ext.displayReportId ?? null,
    DisplayReportName: ext.displayReportName ?? null,
    PickerReportId: ext.pickerReportId ?? null,
    PickerReportName: ext.pickerReportName ?? null,
    RelationshipId: member.end.id,
    RelationshipDirection: member.end.direction,
    RelationshipType: member.end.relType,
  };
}

/**
 * A bound component's output variables with their values now (spec 03 §3), as the page variables
 * it publishes: only those its type registers.
 */
export function publishOutputVariables(
  bound: BoundComponent,
  member: BoundMember,
  state: ComponentState,
): Array<[string, unknown]> {
  const registered = boundComponentType(bound.component.typeAlias)?.outputVariables ?? [];
  const all: Record<string, unknown> =
    member.kind === 'field'
      ? fieldVariables(bound, member, state)
      : relationshipVariables(bound, member, state);
  return registered
    .filter((v) => v.name in all)
    .map((v) => [outputVariableName(bound.component.id, v.name), all[v.name]]);
}
