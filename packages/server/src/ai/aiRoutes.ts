import { type CompileResult, compile } from '@plinth/calc';
import { relationshipEndName } from '@plinth/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseType } from '../calc/calcService.js';
import type { RequestContext } from '../context.js';
import { calcSchemaOf } from '../data/calcSchema.js';
import { type AiSettings, aiGenerateEnabled } from './aiSettings.js';
import { explain } from './explain.js';
import { aiGenerateUnavailable, generateCalculation } from './generate.js';

export type { AiSettings } from './aiSettings.js';

const variable = z.object({
  Name: z.string().min(1).max(200).describe('the variable’s name in brackets, e.g. [PageInput]'),
  TypeName: z.string().max(50).nullish(),
  TypeRef: z
    .union([z.number().int(), z.string().max(200)])
    .nullish()
    .describe('the record type, for records'),
  IsList: z.boolean().nullish(),
  IsDynamicType: z.boolean().nullish(),
});
type Variable = z.infer<typeof variable>;

const contextType = z
  .union([z.number().int(), z.string().max(200)])
  .nullish()
  .describe('the record type the calculation is written for (id or alias): its fields resolve');

const describeRequest = z.object({
  ContextType: contextType,
  AppName: z.string().max(500).nullish(),
  PageName: z.string().max(500).nullish(),
  Calculation: z.string().max(100_000),
  Variables: z.array(variable).max(500).nullish(),
});
const describeResponse = z.object({
  Description: z.string(),
  Steps: z.array(z.string()).optional(),
  IsError: z.boolean().optional(),
  Message: z.string().optional(),
});

const generateRequest = z.object({
  ContextType: contextType,
  Prompt: z.string().min(1).max(4000),
  Variables: z.array(variable).max(500).nullish(),
  CurrentCalculation: z.string().max(100_000).nullish(),
  ReturnType: z.string().max(50).nullish(),
});
const generateResponse = z.object({
  Calculation: z.string(),
  IsError: z.boolean(),
  ErrorMessage: z.string(),
});

const featureFlagsResponse = z.object({
  aiGenerate: z.boolean().describe('AI Generate is available (an AI endpoint is configured)'),
  aiExplain: z.boolean().describe('AI Explain is available (built in, always on)'),
});

const unbracket = (name: string) => name.trim().replace(/^\[(.*)\]$/s, '$1');

/** The page variables of an AI request as declared parameters; unknown types are text. */
function declared(ctx: RequestContext, vars: readonly Variable[] | null | undefined) {
  return (vars ?? []).map((v) => {
    const typeId = v.TypeRef === undefined || v.TypeRef === null ? undefined : ctx.schema.type(v.TypeRef)?.id;
    let type: ReturnType<typeof parseType>;
    try {
      type = v.TypeName ? parseType(v.TypeName) : typeId ? 'Entity' : 'String';
    } catch {
      type = typeId ? 'Entity' : 'String';
    }
    return {
      name: unbracket(v.Name),
      type,
      isList: v.IsList === true,
      ...(type === 'Entity' && typeId !== undefined ? { entityTypeId: String(typeId) } : {}),
    };
  });
}

/** The request's record type, when it names one the tenant has. */
const contextTypeOf = (ctx: RequestContext, ref: number | string | null | undefined) =>
  ref === undefined || ref === null ? undefined : ctx.schema.type(ref);

function compileWithVariables(
  ctx: RequestContext,
  expr: string,
  vars: Variable[] | null | undefined,
  context: number | string | null | undefined,
  returnType?: string | null,
) {
  const type = contextTypeOf(ctx, context);
  let expected: ReturnType<typeof parseType> | undefined;
  try {
    expected = returnType ? parseType(returnType) : undefined;
  } catch {
    expected = undefined;
  }
  return compile(expr, {
    schema: calcSchemaOf(ctx.schema),
    host: 'Evaluate',
    params: declared(ctx, vars),
    ...(type ? { contextTypeId: String(type.id) } : {}),
    ...(expected ? { expectedResultType: { type: expected } } : {}),
  });
}

/** The names and kinds of the record type's fields and relationships, for the AI's prompt. */
function recordFieldsOf(ctx: RequestContext, ref: number | string | null | undefined): string[] {
  const type = contextTypeOf(ctx, ref);
  if (!type) return [];
  const fields = ctx.schema.fieldsOf(type.id).map((f) => `[${f.name}] (${f.type})`);
  const ends = ctx.schema
    .relationshipsOf(type.id)
    .map(({ rel, direction }) => `[${relationshipEndName(rel, direction).name}] (record)`);
  return [...fields, ...ends];
}

const firstError = (c: CompileResult) => c.messages.find((m) => m.type === 'Error');

/** AI Explain and AI Generate for the expression editor (spec 03 §7, §8), and the feature flags. */
export async function aiRoutes(app: FastifyInstance, ai: AiSettings) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/spapi/data/v1/featureFlags',
    { schema: { tags: ['settings'], summary: 'Feature flags', response: { 200: featureFlagsResponse } } },
    async () => ({ aiGenerate: aiGenerateEnabled(ai), aiExplain: true }),
  );

  r.post(
    '/aiApi/data/v1/AiCalculation/describe',
    {
      schema: {
        tags: ['ai'],
        summary: 'Explain a calculation: a description and numbered steps (built in, no outside service)',
        body: describeRequest,
        response: { 200: describeResponse },
      },
    },
    async (request) => {
      const compiled = compileWithVariables(
        request.ctx,
        request.body.Calculation,
        request.body.Variables,
        request.body.ContextType,
      );
      const error = firstError(compiled);
      if (error || !compiled.ok) {
        const text = error?.text ?? 'Unexpected error.';
        const at = error ? ` (line ${error.location.line}, column ${error.location.col})` : '';
        return {
          IsError: true,
          Description: `The calculation cannot be explained because it has an error: ${text}${at}`,
          Message: text,
        };
      }
      const { description, steps } = explain(compiled);
      return { Description: description, Steps: steps };
    },
  );

  r.post(
    '/aiApi/data/v1/AiCalculation/generate',
    {
      schema: {
        tags: ['ai'],
        summary: 'Generate a calculation from a prompt with the configured AI endpoint; the answer compiles',
        body: generateRequest,
        response: { 200: generateResponse },
      },
      // Each call costs a request to the AI provider.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const failed = (message: string) => ({ Calculation: '', IsError: true, ErrorMessage: message });
      if (!aiGenerateEnabled(ai)) return failed(aiGenerateUnavailable);
      // A caller that hangs up (the editor's popup closed) stops the questions to the provider.
      const gone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      const body = request.body;
      const variables = declared(request.ctx, body.Variables);
      const answer = await generateCalculation(
        ai,
        {
          prompt: body.Prompt,
          variables,
          currentCalculation: body.CurrentCalculation,
          returnType: body.ReturnType,
          fields: recordFieldsOf(request.ctx, body.ContextType),
        },
        (expr) => compileWithVariables(request.ctx, expr, body.Variables, body.ContextType, body.ReturnType),
        gone.signal,
      );
      if (!answer.ok) {
        if (answer.cause && !gone.signal.aborted)
          request.log.warn({ err: answer.cause }, 'AI Generate failed');
        return failed(answer.message);
      }
      return { Calculation: answer.calculation, IsError: false, ErrorMessage: '' };
    },
  );
}
