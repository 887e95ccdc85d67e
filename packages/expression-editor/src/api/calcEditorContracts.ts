import type { CalcMessageType } from '@plinth/calc';
import { z } from 'zod';

// The answers of the editor's calls (server: calc/calcContracts.ts, ai/aiRoutes.ts), read leniently:
// a field the server adds later is ignored, a missing optional one takes its default.

const messageType = z.enum(['Error', 'Warning', 'Suggestion']) satisfies z.ZodType<CalcMessageType>;

/** One compile message with its 1-based location in UTF-16 units (calc-language.md §7). */
export const compileMessage = z.object({
  msgType: messageType,
  message: z.string(),
  location: z.object({ line: z.number(), col: z.number(), length: z.number() }),
});
export type CompileMessage = z.infer<typeof compileMessage>;

export const compileAnswer = z.object({
  resultType: z.string(),
  entityTypeId: z.number().nullable(),
  isList: z.boolean(),
  error: z.string().nullable(),
  warning: z.string().nullable(),
  messages: z.array(compileMessage),
  dynamicType: z.boolean().optional(),
});
export type CompileAnswer = z.infer<typeof compileAnswer>;

export const evalAnswer = z.object({
  value: z.unknown(),
  resultType: z.string(),
  isList: z.boolean(),
  entityTypeId: z.number().nullable(),
  error: z.string().nullable(),
});
export type EvalAnswer = z.infer<typeof evalAnswer>;

export const functionHelpAnswer = z.object({
  functions: z.array(
    z.object({
      name: z.string(),
      aliases: z.array(z.string()),
      category: z.string(),
      signatures: z.array(z.string()),
      description: z.string(),
      example: z.string(),
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
export type FunctionHelpAnswer = z.infer<typeof functionHelpAnswer>;
export type FunctionInfo = FunctionHelpAnswer['functions'][number];
export type FieldInfo = FunctionHelpAnswer['fields'][number];
export type RelationshipInfo = FunctionHelpAnswer['relationships'][number];

export const snippetsAnswer = z.object({
  group: z.string(),
  snippets: z.array(z.object({ name: z.string(), description: z.string(), text: z.string() })),
});
export type SnippetsAnswer = z.infer<typeof snippetsAnswer>;
export type SnippetInfo = SnippetsAnswer['snippets'][number];

export const describeAnswer = z.object({
  Description: z.string().optional(),
  Steps: z.array(z.string()).optional(),
  IsError: z.boolean().optional(),
  Message: z.string().optional(),
});

export const generateAnswer = z.object({
  Calculation: z.string().optional(),
  IsError: z.boolean().optional(),
  ErrorMessage: z.string().optional(),
});

export const featureFlagsAnswer = z.object({ aiGenerate: z.boolean() });

export const recordsAnswer = z.object({
  entities: z.array(z.object({ id: z.number(), name: z.string().nullable().optional() })),
});
