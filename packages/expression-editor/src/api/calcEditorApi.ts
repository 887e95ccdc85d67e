import type { z } from 'zod';
import {
  type CompileAnswer,
  compileAnswer,
  describeAnswer,
  type EvalAnswer,
  evalAnswer,
  type FunctionHelpAnswer,
  featureFlagsAnswer,
  functionHelpAnswer,
  generateAnswer,
  recordsAnswer,
  type SnippetsAnswer,
  snippetsAnswer,
} from './calcEditorContracts';
import { aiGenerateUnavailable, unexpectedResponse } from './editorMessages';

/**
 * How the editor reaches the server: a JSON call that resolves with the parsed body, or throws an
 * error carrying the HTTP `status` and the server's `message` (the web app's `ApiClient.call` does).
 */
export type CalcEditorTransport = (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  signal?: AbortSignal,
) => Promise<unknown>;

/** A declared parameter (page variable) of an expression: a type, or an expression giving it. */
export interface EditorParameter {
  readonly name: string;
  readonly type?: string | undefined;
  readonly isList?: boolean | undefined;
  readonly entityTypeId?: number | string | undefined;
  /** An expression whose compiled type becomes the parameter's (compiled first, spec 03 §4). */
  readonly expr?: string | undefined;
}

/** What a compile is asked: spec 03 §7's compile call. */
export interface CompileRequest {
  readonly expr: string;
  readonly context?: number | string | undefined;
  readonly host?: string | undefined;
  readonly params?: readonly EditorParameter[] | undefined;
  readonly expectedResultType?: string | undefined;
  readonly calcFieldId?: number | undefined;
}

export interface EvalRequest {
  readonly expr: string;
  readonly context?: number | undefined;
  readonly host?: string | undefined;
  readonly params?: readonly EditorParameter[] | undefined;
}

/** An AI Explain answer: a description and steps, or a message to show as a warning. */
export type DescribeResult =
  | { readonly isError: false; readonly description: string; readonly steps: readonly string[] }
  | { readonly isError: true; readonly description: string };

/** An AI Generate answer; any failure is an empty calculation with `isError` (spec 03 §8). */
export interface GenerateResult {
  readonly calculation: string;
  readonly isError: boolean;
  readonly errorMessage: string;
}

export interface AiVariable {
  readonly name: string;
  readonly type?: string | undefined;
  readonly entityTypeId?: number | string | undefined;
  readonly isList?: boolean | undefined;
}

export interface DescribeRequest {
  /** The record type the calculation is written for: its fields resolve. */
  readonly contextType?: number | string | undefined;
  readonly appName?: string | undefined;
  readonly pageName?: string | undefined;
  readonly calculation: string;
  readonly variables: readonly AiVariable[];
}

export interface GenerateRequest {
  /** The record type the calculation is written for: its fields resolve and are offered to the AI. */
  readonly contextType?: number | string | undefined;
  readonly prompt: string;
  readonly variables: readonly AiVariable[];
  readonly currentCalculation: string;
  readonly returnType?: string | undefined;
}

/** The calls of the expression editor (spec 03 §7). */
export interface CalcEditorApi {
  compile(request: CompileRequest, signal?: AbortSignal): Promise<CompileAnswer>;
  evaluate(request: EvalRequest, signal?: AbortSignal): Promise<EvalAnswer>;
  functions(entityTypeId?: number | string): Promise<FunctionHelpAnswer>;
  snippets(): Promise<SnippetsAnswer>;
  describe(request: DescribeRequest, signal?: AbortSignal): Promise<DescribeResult>;
  generate(request: GenerateRequest, signal?: AbortSignal): Promise<GenerateResult>;
  isAiGenerateEnabled(): Promise<boolean>;
  /** Records of a type to evaluate on (the live result's record list): the first 100. */
  records(typeId: number | string, signal?: AbortSignal): Promise<{ id: number; name: string }[]>;
}

/** The HTTP status and message of a failed call, from whatever the transport threw. */
export function failureOf(error: unknown): { status: number | undefined; message: string | undefined } {
  const e = error as { status?: unknown; message?: unknown; details?: unknown } | null;
  return {
    status: typeof e?.status === 'number' ? e.status : undefined,
    message: typeof e?.message === 'string' && e.message !== '' ? e.message : undefined,
  };
}

const aiVariables = (vars: readonly AiVariable[]) =>
  vars.map((v) => ({
    Name: `[${v.name}]`,
    TypeName: v.type ?? null,
    TypeRef: v.entityTypeId ?? null,
    IsList: v.isList === true,
    IsDynamicType: false,
  }));

const params = (list: readonly EditorParameter[] | undefined) =>
  (list ?? []).map((p) => ({
    name: p.name,
    type: p.type ?? null,
    isList: p.isList ?? null,
    entityTypeId: p.entityTypeId ?? null,
    expr: p.expr ?? null,
  }));

/**
 * The editor's calls over a transport. Function help is asked once per type and shared; a
 * failed read is not kept, so the next caller asks again.
 *
 * @example
 * const api = createCalcEditorApi((method, path, body, signal) => client.call(method, path, z.unknown(), body, signal));
 */
export function createCalcEditorApi(transport: CalcEditorTransport): CalcEditorApi {
  const get = async <T>(path: string, answer: z.ZodType<T>, signal?: AbortSignal) =>
    answer.parse(await transport('GET', path, undefined, signal));
  const post = async <T>(path: string, answer: z.ZodType<T>, body: unknown, signal?: AbortSignal) =>
    answer.parse(await transport('POST', path, body, signal));
  const once = new Map<string, Promise<unknown>>();
  const shared = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    let p = once.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load();
      once.set(key, p);
      p.catch(() => once.delete(key));
    }
    return p;
  };

  return {
    compile: (r, signal) =>
      post(
        '/spapi/data/v1/calceditor/compile',
        compileAnswer,
        {
          expr: r.expr,
          context: r.context ?? null,
          host: r.host ?? null,
          params: params(r.params),
          expectedResultType: r.expectedResultType ?? null,
          calcFieldId: r.calcFieldId ?? null,
        },
        signal,
      ),
    evaluate: (r, signal) =>
      post(
        '/spapi/data/v1/calceditor/eval',
        evalAnswer,
        {
          expr: r.expr,
          context: r.context ?? null,
          host: r.host ?? null,
          params: params(r.params),
          useIso8601: true,
        },
        signal,
      ),
    functions: (typeId) =>
      shared(`functions:${typeId ?? ''}`, () =>
        get(
          `/spapi/data/v1/calceditor/functions${typeId === undefined ? '' : `?entityTypeId=${encodeURIComponent(String(typeId))}`}`,
          functionHelpAnswer,
        ),
      ),
    snippets: () => shared('snippets', () => get('/spapi/data/v1/calceditor/snippets', snippetsAnswer)),
    isAiGenerateEnabled: () =>
      shared('flags', () => get('/spapi/data/v1/featureFlags', featureFlagsAnswer)).then(
        (f) => f.aiGenerate,
        () => false,
      ),
    records: async (typeId, signal) => {
      const answer = await post(
        '/spapi/data/v1/entity/ofType',
        recordsAnswer,
        { typeId, pageSize: 100 },
        signal,
      );
      return answer.entities.map((e) => ({ id: e.id, name: e.name ?? `#${e.id}` }));
    },
    describe: (r, signal) => describe(post, r, signal),
    generate: async (r, signal) => {
      try {
        const answer = await post(
          '/aiApi/data/v1/AiCalculation/generate',
          generateAnswer,
          {
            Prompt: r.prompt,
            Variables: aiVariables(r.variables),
            CurrentCalculation: r.currentCalculation,
            ReturnType: r.returnType ?? null,
            ...(r.contextType !== undefined ? { ContextType: r.contextType } : {}),
          },
          signal,
        );
        if (answer.IsError || !answer.Calculation)
          return {
            calculation: '',
            isError: true,
            errorMessage: answer.ErrorMessage || aiGenerateUnavailable,
          };
        return { calculation: answer.Calculation, isError: false, errorMessage: '' };
      } catch (e) {
        if (signal?.aborted) throw e;
        // Any failure is an empty calculation with the server's message, or the catalogue's.
        const body = (e as { details?: unknown }).details as { ErrorMessage?: unknown } | undefined;
        const message =
          typeof body?.ErrorMessage === 'string' && body.ErrorMessage ? body.ErrorMessage : undefined;
        return { calculation: '', isError: true, errorMessage: message ?? aiGenerateUnavailable };
      }
    },
  };
}

type Post = <T>(path: string, answer: z.ZodType<T>, body: unknown, signal?: AbortSignal) => Promise<T>;

/**
 * AI describe (spec 03 §8): IsError or a 403 reply gives the description as an error result to
 * show; any other failure throws the server's message (fallback 'Unexpected response').
 */
async function describe(post: Post, r: DescribeRequest, signal?: AbortSignal): Promise<DescribeResult> {
  const body = {
    AppName: r.appName ?? null,
    PageName: r.pageName ?? null,
    Calculation: r.calculation,
    Variables: aiVariables(r.variables),
    ...(r.contextType !== undefined ? { ContextType: r.contextType } : {}),
  };
  let answer: z.infer<typeof describeAnswer>;
  try {
    answer = await post('/aiApi/data/v1/AiCalculation/describe', describeAnswer, body, signal);
  } catch (e) {
    if (signal?.aborted) throw e;
    const { status, message } = failureOf(e);
    const details = (e as { details?: unknown }).details as
      | { Description?: unknown; IsError?: unknown }
      | undefined;
    const description = typeof details?.Description === 'string' ? details.Description : undefined;
    if (status === 403 || details?.IsError === true)
      return { isError: true, description: description ?? message ?? unexpectedResponse };
    throw new Error(message ?? unexpectedResponse);
  }
  if (answer.IsError)
    return { isError: true, description: answer.Description ?? answer.Message ?? unexpectedResponse };
  if (answer.Description === undefined) throw new Error(unexpectedResponse);
  return { isError: false, description: answer.Description, steps: answer.Steps ?? [] };
}
