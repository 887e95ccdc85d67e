import { z } from 'zod';
import { elementId } from './pageLayout.js';

/** A named entry of a component's data source configuration (spec 03 §3). */
export const dataSourceEntry = z.discriminatedUnion('type', [
  z
    .object({
      name: z.string().min(1).max(100),
      type: z.literal('expression'),
      expression: z.string().max(10_000),
    })
    .strict(),
  z
    .object({
      name: z.string().min(1).max(100),
      type: z.literal('variable'),
      variableName: z.string().min(1).max(100),
    })
    .strict(),
]);
export type DataSourceEntry = z.infer<typeof dataSourceEntry>;

/** Checked on the server before a save (spec 03 §5). */
export const customValidation = z
  .object({
    alwaysValidate: z.boolean().default(false),
    errorMessage: z.string().max(1000).default(''),
    expression: z.string().max(10_000),
  })
  .strict();
export type CustomValidation = z.infer<typeof customValidation>;

/** What binds a data-bound component to its field or relationship (spec 01 §3 extended properties). */
export const extendedProperties = z
  .object({
    fieldName: z.string().max(200),
    defaultEditFormId: z.number().int().positive(),
    mandatory: z.boolean(),
    defaultValue: z.string().max(10_000),
    minLength: z.number().int().min(0),
    maxLength: z.number().int().min(0),
    textPatternName: z.string().max(200),
    autoNumberSeed: z.number().int(),
    autoNumberDisplayPattern: z.string().max(200),
    decimalPlaces: z.number().int().min(0).max(10),
    minimumValue: z.union([z.number(), z.string().max(40)]),
    maximumValue: z.union([z.number(), z.string().max(40)]),
    relationshipType: z.string().max(100),
    pickerReportId: z.number().int().positive(),
    pickerReportName: z.string().max(200),
    displayReportId: z.number().int().positive(),
    displayReportName: z.string().max(200),
    fieldCalculation: z.string().max(10_000),
    relationshipId: z.number().int().positive(),
    /** The direction the relationship is followed from the page's record. */
    relationshipDirection: z.enum(['fwd', 'rev']),
    fieldId: z.number().int().positive(),
    defaultCurrent: z.boolean(),
    isHidden: z.boolean(),
  })
  .partial()
  .strict();
export type ExtendedProperties = z.infer<typeof extendedProperties>;

/**
 * A component placed on a page (spec 01 §3). `typeAlias` names its registered type; `properties`
 * is its type's own configuration, checked against the type's schema (componentTypes.ts); `style`
 * is its component style (spec 03 §3), also the type's to read.
 */
export const pageComponent = z
  .object({
    id: elementId,
    upgradeId: z.string().max(100).optional(),
    name: z.string().max(200).default(''),
    description: z.string().max(2000).optional(),
    typeAlias: z.string().min(1).max(100),
    isPageComponentManaged: z.boolean().default(false),
    properties: z.record(z.string(), z.unknown()).default({}),
    style: z.record(z.string(), z.unknown()).default({}),
    dataSourceConfiguration: z.array(dataSourceEntry).max(100).default([]),
    customValidation: customValidation.optional(),
    extendedProperties: extendedProperties.optional(),
  })
  .strict();
export type PageComponent = z.infer<typeof pageComponent>;
export type PageComponentInput = z.input<typeof pageComponent>;

/** Types of page variable values (spec 01 §5). */
export const variableTypes = [
  'Bool',
  'Currency',
  'Decimal',
  'Int32',
  'Date',
  'DateTime',
  'Time',
  'Entity',
  'String',
] as const;
export type VariableType = (typeof variableTypes)[number];

/** The variables every page has. */
export const builtInVariables = ['PageInput', 'Page', 'App'] as const;

/** A page variable (spec 01 §3, spec 03 §3): set by the page, a component, or the page's input. */
export const pageVariable = z
  .object({
    name: z.string().regex(/^[A-Za-z_][\w]{0,99}$/),
    type: z.enum(variableTypes),
    isList: z.boolean().default(false),
    value: z.unknown().optional(),
    entityTypeId: z.number().int().positive().optional(),
    /** The component that publishes it, and that component's type. */
    componentId: z.string().max(80).optional(),
    sourceComponentTypeId: z.string().max(100).optional(),
  })
  .strict();
export type PageVariable = z.infer<typeof pageVariable>;
