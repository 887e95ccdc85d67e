import { z } from 'zod';
import {
  type ComponentOutputVariable,
  type ComponentType,
  componentType,
  registerComponentTypes,
} from './componentTypes.js';
import { breakpoints, componentWidths, fullSpan } from './layoutOptions.js';

/**
 * The data-bound page components of a form page (spec 03 §1–§3): each shows exactly one field or
 * one relationship of the page's record, bound through its `extendedProperties` (`fieldId`, or
 * `relationshipId` with `relationshipDirection`), styled by its component style (`style`).
 * Decision 0086 says how a form page is stored.
 */
export const boundComponentKinds = [
  'text',
  'multilineText',
  'richText',
  'number',
  'decimal',
  'currency',
  'autoNumber',
  'date',
  'time',
  'dateTime',
  'yesNo',
  'choice',
  'lookup',
  'relationship',
  'documents',
] as const;
export type BoundComponentKind = (typeof boundComponentKinds)[number];

/** The kinds bound to a relationship end; the others are bound to a field. */
export const relationshipBoundKinds: ReadonlySet<BoundComponentKind> = new Set([
  'choice',
  'lookup',
  'relationship',
  'documents',
]);

/** Each kind's registered alias: `core:{kind}FieldComponent`. */
export const boundComponentAlias = (kind: BoundComponentKind) => `core:${kind}FieldComponent`;

const perBreakpoint = <T extends z.ZodType>(value: T) =>
  z
    .object(Object.fromEntries(breakpoints.map((bp) => [bp, value.optional().catch(undefined)])))
    .partial() as unknown as z.ZodType<Partial<Record<(typeof breakpoints)[number], z.infer<T>>>>;

/** Rows of a multiline or rich text editor (spec 03 §9). */
export const boundHeightRange = { min: 1, max: 20, default: 3 } as const;
/** Rows a relationship table shows a page (spec 03 §9). */
export const relationshipRowsPerPage = 6;

/**
 * A bound component's style (spec 03 §3, stored as JSON in the component's `style`). Read
 * leniently: a value of the wrong shape takes its default (spec 03 §8 — a warning, not a failure).
 */
export const boundComponentStyle = z.object({
  width: perBreakpoint(z.enum(componentWidths)).optional().catch(undefined),
  visibleOnDevice: perBreakpoint(z.boolean()).optional().catch(undefined),
  mandatory: z.boolean().default(false).catch(false),
  showCalcOnNewRecord: z.boolean().default(false).catch(false),
  height: z
    .number()
    .int()
    .min(boundHeightRange.min)
    .max(boundHeightRange.max)
    .default(boundHeightRange.default)
    .catch(boundHeightRange.default),
  displayAsDropdown: z.boolean().default(true).catch(true),
  /** Choice: a select list, or radio buttons (one value) / a checklist (several). */
  choiceDisplay: z.enum(['select', 'radio', 'checklist']).default('select').catch('select'),
  displayAs: z.enum(['dataTable', 'inline']).default('dataTable').catch('dataTable'),
  rowsPerPage: z
    .number()
    .int()
    .min(1)
    .max(100)
    .default(relationshipRowsPerPage)
    .catch(relationshipRowsPerPage),
  openRecordsInModal: z.boolean().default(false).catch(false),
  hideFileUploadArea: z.boolean().default(false).catch(false),
  hidePreviewFileAction: z.boolean().default(false).catch(false),
  showPreviewFileButton: z.boolean().default(false).catch(false),
});
export type BoundComponentStyle = z.infer<typeof boundComponentStyle>;

/** A bound component's style with every default filled; anything unreadable takes its default. */
export function readBoundComponentStyle(style: unknown): BoundComponentStyle {
  const parsed = boundComponentStyle.safeParse(typeof style === 'object' && style !== null ? style : {});
  return parsed.success ? parsed.data : boundComponentStyle.parse({});
}

/** A bound component's own properties: the label and help text that replace the field's. */
const boundProperties = z
  .object({
    fieldPageComponentLabel: z.string().max(200).optional(),
    fieldPageComponentHelpText: z.string().max(2000).optional(),
  })
  .strict();
export type BoundComponentProperties = z.infer<typeof boundProperties>;

type VariableType = ComponentOutputVariable['type'];
const v = (name: string, type: VariableType, isList = false): ComponentOutputVariable => ({
  name,
  type,
  ...(isList ? { isList } : {}),
  isHiddenWhenManaged: true,
});

const fieldVariables = (value: VariableType): ComponentOutputVariable[] => [
  v('Value', value),
  v('DefaultValue', value),
  v('ErrorText', 'String'),
  v('IsMandatory', 'Bool'),
  v('IsReadOnly', 'Bool'),
  v('FieldName', 'String'),
  v('DefaultEditFormId', 'Int32'),
  v('FieldCalculation', 'String'),
];
const textVariables = [
  v('MinLength', 'Int32'),
  v('MaxLength', 'Int32'),
  v('RegexPattern', 'String'),
  v('TextPattern', 'String'),
  v('TextPatternName', 'String'),
  v('FieldRepresentsAlias', 'String'),
];
const rangeVariables = (type: VariableType) => [v('MinimumValue', type), v('MaximumValue', type)];
const relationshipVariables = (isList: boolean): ComponentOutputVariable[] => [
  v(isList ? 'SelectedRecords' : 'SelectedRecord', 'Entity', isList),
  v('ErrorText', 'String'),
  v('IsMandatory', 'Bool'),
  v('IsReadOnly', 'Bool'),
  v('DisplayReportId', 'Int32'),
  v('DisplayReportName', 'String'),
  v('PickerReportId', 'Int32'),
  v('PickerReportName', 'String'),
  v('RelationshipId', 'Int32'),
  v('RelationshipDirection', 'String'),
  v('RelationshipType', 'String'),
];

interface KindSpec {
  label: string;
  group: ComponentType['group'];
  order: number;
  minSpan: number;
  defaultSpan: number;
  outputVariables: ComponentOutputVariable[];
  isHiddenFromToolbox?: boolean;
}

const kinds: Record<BoundComponentKind, KindSpec> = {
  // The three basic components (spec 03 §2 'Builder registration'): Data, hidden, order 500, Value only.
  text: {
    label: 'Text field',
    group: 'Data',
    order: 500,
    isHiddenFromToolbox: true,
    minSpan: 3,
    defaultSpan: 3,
    outputVariables: [v('Value', 'String')],
  },
  multilineText: {
    label: 'Multiline text field',
    group: 'Data',
    order: 500,
    isHiddenFromToolbox: true,
    minSpan: 3,
    defaultSpan: 3,
    outputVariables: [v('Value', 'String')],
  },
  time: {
    label: 'Time field',
    group: 'Data',
    order: 500,
    isHiddenFromToolbox: true,
    minSpan: 2,
    defaultSpan: 3,
    outputVariables: [v('Value', 'Time')],
  },
  richText: {
    label: 'Rich text field',
    group: 'Form',
    order: 510,
    minSpan: 3,
    defaultSpan: 3,
    outputVariables: [...fieldVariables('String'), ...textVariables],
  },
  number: {
    label: 'Number field',
    group: 'Form',
    order: 520,
    minSpan: 2,
    defaultSpan: 3,
    outputVariables: [...fieldVariables('Int32'), ...rangeVariables('Int32')],
  },
  decimal: {
    label: 'Decimal field',
    group: 'Form',
    order: 530,
    minSpan: 2,
    defaultSpan: 3,
    outputVariables: [
      ...fieldVariables('Decimal'),
      ...rangeVariables('Decimal'),
      v('DecimalPlaces', 'Int32'),
    ],
  },
  currency: {
    label: 'Currency field',
    group: 'Form',
    order: 540,
    minSpan: 2,
    defaultSpan: 3,
    outputVariables: [
      ...fieldVariables('Currency'),
      ...rangeVariables('Currency'),
      v('DecimalPlaces', 'Int32'),
    ],
  },
  autoNumber: {
    label: 'Auto number field',
    group: 'Form',
    order: 550,
    minSpan: 2,
    defaultSpan: 3,
    outputVariables: [
      ...fieldVariables('String'),
      v('AutoNumberSeed', 'Int32'),
      v('AutoNumberDisplayPattern', 'String'),
    ],
  },
  date: {
    label: 'Date field',
    group: 'Form',
    order: 560,
    minSpan: 2,
    defaultSpan: 3,
    outputVariables: [...fieldVariables('Date'), ...rangeVariables('Date')],
  },
  dateTime: {
    label: 'Date and time field',
    group: 'Form',
    order: 570,
    minSpan: 3,
    defaultSpan: 3,
    outputVariables: [...fieldVariables('DateTime'), ...rangeVariables('DateTime')],
  },
  yesNo: {
    label: 'Yes/no field',
    group: 'Form',
    order: 580,
    minSpan: 2,
    defaultSpan: 3,
    outputVariables: fieldVariables('Bool'),
  },
  // A single choice is a simple input (2); a multiple choice needs 3 (see `boundMinSpan`).
  choice: {
    label: 'Choice field',
    group: 'Form',
    order: 590,
    minSpan: 2,
    defaultSpan: 3,
    outputVariables: relationshipVariables(true),
  },
  lookup: {
    label: 'Lookup',
    group: 'Form',
    order: 600,
    minSpan: 3,
    defaultSpan: 3,
    outputVariables: relationshipVariables(false),
  },
  relationship: {
    label: 'Relationship',
    group: 'Form',
    order: 610,
    minSpan: 4,
    defaultSpan: fullSpan,
    outputVariables: relationshipVariables(true),
  },
  documents: {
    label: 'Documents',
    group: 'Form',
    order: 620,
    minSpan: 4,
    defaultSpan: fullSpan,
    outputVariables: relationshipVariables(true),
  },
};

/** A registered bound component type, with its kind. */
export interface BoundComponentType extends ComponentType<typeof boundProperties> {
  kind: BoundComponentKind;
}

/** Why a bound component cannot go on a page that takes no record (decision 0117). */
export function boundComponentNeedsRecordMessage(label: string): string {
  return `${label} is bound to the page's record. Set 'Page input' in the page settings to an Object first.`;
}

export const boundComponentTypes: readonly BoundComponentType[] = boundComponentKinds.map((kind) => ({
  alias: boundComponentAlias(kind),
  kind,
  properties: boundProperties,
  // Its binding lives in extendedProperties; an unbound component says so where it renders.
  isConfigured: () => true,
  // It binds to the page's record: a page without an input has none.
  dropRestriction: (page) =>
    page.contextEntityTypeId === null ? boundComponentNeedsRecordMessage(kinds[kind].label) : null,
  ...kinds[kind],
}));

const byAlias = new Map(boundComponentTypes.map((t) => [t.alias, t]));

/** The bound component type of an alias, or undefined for other component types. */
export function boundComponentType(alias: string): BoundComponentType | undefined {
  return byAlias.get(alias);
}

/**
 * The output variables a placed component offers the builder's variable lists (spec 03 §2): its
 * type's, less those hidden when the component is managed.
 */
export function componentOutputVariables(component: {
  typeAlias: string;
  isPageComponentManaged?: boolean;
}): ComponentOutputVariable[] {
  const all = componentType(component.typeAlias)?.outputVariables ?? [];
  return all.filter((v) => !(component.isPageComponentManaged === true && v.isHiddenWhenManaged));
}

/** The least span of a bound component: a multiple choice needs 3 (spec 03 §2). */
export function boundMinSpan(kind: BoundComponentKind, isMultiple = false): number {
  return kind === 'choice' && isMultiple ? 3 : kinds[kind].minSpan;
}

// Registered with the list-page types so the builder's toolbox and the server know them.
if (!componentType(boundComponentTypes[0]!.alias))
  registerComponentTypes(boundComponentTypes as unknown as ComponentType[]);
