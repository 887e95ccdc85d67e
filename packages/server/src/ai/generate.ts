import { type CompileResult, functionCatalogue, signatureText } from '@plinth/calc';
import type { AiSettings } from './aiSettings.js';

/** Spec 03 §8. */
export const aiGenerateUnavailable = 'AI Generate is currently unavailable. Please try again later.';
export const noCalculationReturned = 'The AI did not return a calculation. Try describing it differently.';
export const doesNotCompile = (text: string) => `The generated calculation does not compile: ${text}`;

/** What the editor sends to AI Generate (spec 03 §7), with its variables as declared parameters. */
export interface GenerateInput {
  prompt: string;
  variables: ReadonlyArray<{ name: string; type: string; isList: boolean }>;
  currentCalculation?: string | null | undefined;
  returnType?: string | null | undefined;
  /** The record's own fields and relationships, `[Name] (kind)`, when it has a type. */
  fields?: readonly string[] | undefined;
}

export type GenerateAnswer =
  | { ok: true; calculation: string }
  | { ok: false; message: string; cause?: unknown };

interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * AI Generate that checks itself (issue 18, item 6): asks the configured OpenAI-compatible
 * endpoint, compiles the answer, and when it does not compile asks once more with the
 * diagnostics. Answers an expression that compiles, or the message to show. The second answer is
 * the last: a model that cannot fix its expression in one try rarely does in more, and each try
 * costs the caller time and the tenant money.
 */
export async function generateCalculation(
  ai: AiSettings,
  input: GenerateInput,
  compileExpr: (expr: string) => CompileResult,
  /** Aborted when the caller has gone: no further question is asked or waited for. */
  signal?: AbortSignal,
): Promise<GenerateAnswer> {
  const messages: ChatMessage[] = [
    { role: 'system', content: generationPrompt(input) },
    { role: 'user', content: input.prompt },
  ];
  let last: GenerateAnswer = { ok: false, message: noCalculationReturned };
  for (let attempt = 1; attempt <= 2; attempt++) {
    let text: string;
    try {
      text = await chat(ai, messages, signal);
    } catch (e) {
      return { ok: false, message: aiGenerateUnavailable, cause: e };
    }
    const expr = extractExpression(text);
    if (!expr) {
      last = { ok: false, message: noCalculationReturned };
      messages.push(
        { role: 'assistant', content: text },
        { role: 'user', content: 'That answer held no expression. Answer with the expression only.' },
      );
      continue;
    }
    const compiled = compileExpr(expr);
    const errors = compiled.messages.filter((m) => m.type === 'Error');
    if (compiled.ok && errors.length === 0) return { ok: true, calculation: expr };
    last = { ok: false, message: doesNotCompile(errors[0]?.text ?? 'Unexpected error.') };
    messages.push(
      { role: 'assistant', content: text },
      { role: 'user', content: fixRequest(expr, compiled) },
    );
  }
  return last;
}

/** The second question: the expression and every error, each where the compiler found it. */
function fixRequest(expr: string, compiled: CompileResult): string {
  const errors = compiled.messages.filter((m) => m.type === 'Error');
  const listed = (errors.length > 0 ? errors : compiled.messages).slice(0, 10).map((m) => {
    const { line, col } = m.location;
    return `- line ${line}, column ${col}: ${m.text}`;
  });
  return [
    'That expression does not compile:',
    expr,
    'The compiler says:',
    ...(listed.length > 0 ? listed : ['- Unexpected error.']),
    'Answer with a corrected expression only: no explanation, no code fences.',
  ].join('\n');
}

function generationPrompt(input: GenerateInput): string {
  // Signatures, not bare names: the model then passes arguments of the right kinds, and the
  // compile check has less to send back.
  const functions = functionCatalogue.flatMap((f) => f.signatures.map((sig) => signatureText(f, sig)));
  const vars = input.variables;
  const lines = [
    'You write expressions in a SQL-flavoured, case-insensitive calculation language.',
    'Names are [Bracketed Names] of variables; text is in single quotes; dates are #yyyy-mm-dd#.',
    'Operators: + - * / %, & (text join), = <> < <= > >=, and, or, not, like, is null, in (...).',
    'Conditions use iif(cond, a, b) or case when ... then ... else ... end; queries: list where cond, list order by key, let x = e select ...',
    `Functions (date parts are bare words: year quarter month week day hour minute second):\n${functions.join('\n')}`,
    vars.length > 0
      ? `Variables: ${vars.map((v) => `[${v.name}] (${v.isList ? 'list of ' : ''}${v.type})`).join(', ')}.`
      : 'There are no variables.',
    input.fields?.length ? `The current record's fields, used by name: ${input.fields.join(', ')}.` : '',
    input.returnType ? `The expression must give a ${input.returnType}.` : '',
    input.currentCalculation ? `The current expression is: ${input.currentCalculation}` : '',
    'Answer with the expression only: no explanation, no code fences.',
  ];
  return lines.filter(Boolean).join('\n');
}

/** Asks the chat completions endpoint; throws on any failure (a 30-second limit included). */
async function chat(ai: AiSettings, messages: readonly ChatMessage[], signal?: AbortSignal): Promise<string> {
  signal?.throwIfAborted();
  const url = `${ai.aiBaseUrl!.replace(/\/+$/, '')}/chat/completions`;
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(ai.aiApiKey ? { authorization: `Bearer ${ai.aiApiKey}` } : {}),
    },
    body: JSON.stringify({ model: ai.aiModel, temperature: 0, messages }),
    signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(30_000)]) : AbortSignal.timeout(30_000),
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
