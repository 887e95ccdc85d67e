import { idOrAlias } from '@plinth/schema';
import { z } from 'zod';

/** Type names of the calculation language (calc-language.md §3), matched case-insensitively. */
export const calcTypeName = z
  .string()
  .min(1)
  .max(50)
  .describe('String, Int32, Decimal, Currency, Bool, Date, Time, DateTime, Entity or None');

export const calcHost = z
  .string()
  .max(20)
  .describe('Any (the default of compile), Evaluate (the default of eval) or Report; case-insensitive');

/** A declared parameter of the compile call: a type, or an expression whose type is compiled first. */
export const compileParam = z.object({
  name: z.string().min(1).max(200),
  type: calcTypeName.nullish(),
  isList: z.boolean().nullish(),
  entityTypeId: idOrAlias.nullish(),
  expr: z.string().max(100_000).nullish().describe('an expression whose type becomes the parameter’s'),
  dynamicType: z.boolean().nullish().describe('the parameter’s type comes from its expression'),
});

const expectedType = z.union([
  calcTypeName,
  z.object({ type: calcTypeName, isList: z.boolean().nullish(), entityTypeId: idOrAlias.nullish() }),
]);

export const compileRequest = z.object({
  expr: z.string().max(1_000_000),
  context: idOrAlias.nullish().describe('the type of the current record'),
  dynamicContext: z.boolean().nullish().describe('records of derived types may be the context'),
  host: calcHost.nullish(),
  params: z.array(compileParam).max(500).nullish(),
  expectedResultType: expectedType.nullish(),
  calcFieldId: z.number().int().positive().nullish().describe('the Calculation field being edited'),
});

export const calcLocation = z.object({
  line: z.number().int(),
  col: z.number().int(),
  length: z.number().int(),
});

export const compileMessage = z.object({
  msgType: z.enum(['Error', 'Warning', 'Suggestion']),
  message: z.string(),
  location: calcLocation,
});

export const calcFlags = z.object({
  usesContext: z.boolean(),
  usesClock: z.boolean(),
  readsOtherRecords: z.boolean(),
  parameters: z.array(z.string()),
  fieldIds: z.array(z.number()),
  relationshipIds: z.array(z.number()),
});

export const compileResponse = z.object({
  resultType: z.string(),
  entityTypeId: z.number().nullable(),
  isList: z.boolean(),
  error: z.string().nullable().describe('the first Error message, or null'),
  warning: z.string().nullable().describe('the first Warning message, or null'),
  messages: z.array(compileMessage),
  calcFlags,
  dynamicType: z.boolean().describe('the result’s type depends on a dynamically typed parameter'),
});

/** A parameter with its value: JSON for scalars, record ids (or `entityId`/`entityIds`) for records. */
export const evalParam = z.object({
  name: z.string().min(1).max(200),
  type: calcTypeName.nullish(),
  isList: z.boolean().nullish(),
  entityTypeId: idOrAlias.nullish(),
  value: z.unknown().optional(),
  entityId: z.number().int().positive().nullish(),
  entityIds: z.array(z.number().int().positive()).max(10_000).nullish(),
  expr: z.string().max(100_000).nullish(),
});

export const evalRequest = z.object({
  expr: z.string().max(1_000_000),
  context: idOrAlias.nullish().describe('the current record'),
  host: calcHost.nullish(),
  params: z.array(evalParam).max(500).nullish(),
  useIso8601: z
    .boolean()
    .nullish()
    .describe('date-times as ISO 8601 in UTC (default); false gives wall-clock text in the tenant’s zone'),
});

export const evalResponse = z.object({
  value: z.unknown(),
  resultType: z.string(),
  isList: z.boolean(),
  entityTypeId: z.number().nullable(),
  error: z.string().nullable(),
});

export const evalExpressionsRequestV1 = z.object({
  contextEntity: idOrAlias.nullish(),
  expressions: z.record(z.string().max(200), z.string().max(100_000)),
});

export const evalExpressionsRequestV2 = evalExpressionsRequestV1.extend({
  params: z.array(evalParam).max(500).nullish(),
});

export const evalExpressionsResponse = z
  .record(
    z.string(),
    z.object({
      value: z.unknown(),
      resultType: z.string(),
      isList: z.boolean(),
      entityTypeId: z.number().nullable(),
      error: z.string().nullable(),
    }),
  )
  .describe('results by expression name');

export const functionHelpResponse = z.object({
  functions: z.array(
    z.object({
      name: z.string(),
      aliases: z.array(z.string()),
      category: z.string(),
      signatures: z.array(z.string()),
      description: z.string(),
      example: z.string(),
      exampleResult: z
        .string()
        .describe('the value the example gives on the sample order of /docs/sample-calculations'),
      evaluateOnly: z.boolean(),
    }),
  ),
  fields: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      scriptName: z.string(),
      type: z.string(),
      isCalculated: z.boolean(),
    }),
  ),
  relationships: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      direction: z.enum(['fwd', 'rev']),
      toTypeId: z.number(),
      isList: z.boolean(),
    }),
  ),
});

export const snippetsResponse = z.object({
  group: z.string(),
  snippets: z.array(z.object({ name: z.string(), description: z.string(), text: z.string() })),
});
