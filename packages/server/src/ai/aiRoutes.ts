import { type CompileResult, compile, functionCatalogue } from '@plinth/calc';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseType } from '../calc/calcService.js';
import type { RequestContext } from '../context.js';
import { calcSchemaOf } from '../data/calcSchema.js';
import { explain } from './explain.js';

/** Where AI Generate sends its prompts: an OpenAI-compatible chat completions endpoint. */
export interface AiSettings {
  aiBaseUrl?: string | undefined;
  aiApiKey?: string | undefined;
  aiModel?: string | undefined;
}

/** Spec 03 §8. */
export const aiGenerateUnavailable = 'AI Generate is currently unavailable. Please try again later.';

/** AI Generate is on when an endpoint and a model are configured. */
export const aiGenerateEnabled = (ai: AiSettings) => Boolean(ai.aiBaseUrl && ai.aiModel);

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

const describeRequest = z.object({
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

function compileWithVariables(
  ctx: RequestContext,
  expr: string,
  vars: Variable[] | null | undefined,
  returnType?: string | null,
) {
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
    ...(expected ? { expectedResultType: { type: expected } } : {}),
  });
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
      const compiled = compileWithVariables(request.ctx, request.body.Calculation, request.body.Variables);
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
    async (request) => {
      const failed = (message: string) => ({ Calculation: '', IsError: true, ErrorMessage: message });
      if (!aiGenerateEnabled(ai)) return failed(aiGenerateUnavailable);
      const body = request.body;
      let text: string;
      try {
        text = await chat(ai, generationPrompt(body, declared(request.ctx, body.Variables)), body.Prompt);
      } catch (e) {
        request.log.warn({ err: e }, 'AI Generate failed');
        return failed(aiGenerateUnavailable);
      }
      const expr = extractExpression(text);
      if (!expr) return failed('The AI did not return a calculation. Try describing it differently.');
      const compiled = compileWithVariables(request.ctx, expr, body.Variables, body.ReturnType);
      const error = firstError(compiled);
      if (error || !compiled.ok)
        return failed(`The generated calculation does not compile: ${error?.text ?? 'Unexpected error.'}`);
      return { Calculation: expr, IsError: false, ErrorMessage: '' };
    },
  );
}

function generationPrompt(body: z.infer<typeof generateRequest>, vars: ReturnType<typeof declared>): string {
  const functions = functionCatalogue.map((f) => f.name).join(', ');
  const lines = [
    'You write expressions in a SQL-flavoured, case-insensitive calculation language.',
    'Names are [Bracketed Names] of variables; text is in single quotes; dates are #yyyy-mm-dd#.',
    'Operators: + - * / %, & (text join), = <> < <= > >=, and, or, not, like, is null, in (...).',
    'Conditions use iif(cond, a, b) or case when ... then ... else ... end; queries: list where cond, list order by key, let x = e select ...',
    `Functions: ${functions}.`,
    vars.length > 0
      ? `Variables: ${vars.map((v) => `[${v.name}] (${v.isList ? 'list of ' : ''}${v.type})`).join(', ')}.`
      : 'There are no variables.',
    body.ReturnType ? `The expression must give a ${body.ReturnType}.` : '',
    body.CurrentCalculation ? `The current expression is: ${body.CurrentCalculation}` : '',
    'Answer with the expression only: no explanation, no code fences.',
  ];
  return lines.filter(Boolean).join('\n');
}

/** Asks the chat completions endpoint; throws on any failure (a 30-second limit included). */
async function chat(ai: AiSettings, system: string, prompt: string): Promise<string> {
  const url = `${ai.aiBaseUrl!.replace(/\/+$/, '')}/chat/completions`;
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(ai.aiApiKey ? { authorization: `Bearer ${ai.aiApiKey}` } : {}),
    },
    body: JSON.stringify({
      model: ai.aiModel,
      temperature: 0,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: prompt },
      ],
    }),
    signal: AbortSignal.timeout(30_000),
    redirect: 'error',
  });
  if (!res.ok) throw new Error(`AI endpoint answered ${res.status}`);
  const json = (await res.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
  const content = json.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('AI endpoint answered without a message');
  return content;
}

/** The expression in a model's answer: code fences and a leading `=` or label removed. */
export function extractExpression(text: string): string {
  let t = text.trim();
  const fenced = /```[a-zA-Z]*\s*\n?([\s\S]*?)```/.exec(t);
  if (fenced) t = fenced[1]!.trim();
  t = t.replace(/^(expression|calculation)\s*:\s*/i, '').trim();
  if (t.startsWith('`') && t.endsWith('`') && t.length > 1) t = t.slice(1, -1).trim();
  return t.length > 100_000 ? '' : t;
}
