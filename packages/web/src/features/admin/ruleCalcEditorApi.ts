import { type CalcEditorApi, type CompileAnswer, createCalcEditorApi } from '@plinth/expression-editor';
import { type CheckRuleResponse, sysType } from '@plinth/schema';
import { z } from 'zod';
import type { ApiClient } from '../../api/apiClient';
import type { AdminApi } from './adminApi';

/** Said when a rule's calculation is checked before its type is chosen (the rule check's words). */
export const chooseTypeMessage = 'Choose a type.';

/**
 * A rule check's answer as the expression editor's compile answer: each diagnostic a message at
 * its line, column and length, and a Boolean result when the save would accept the rule.
 */
export function compileAnswerOfRuleCheck(check: CheckRuleResponse): CompileAnswer {
  const messages = check.diagnostics.map((d) => ({
    msgType: d.severity === 'error' ? ('Error' as const) : ('Warning' as const),
    message: d.message,
    location: { line: d.line, col: d.column, length: d.length ?? 0 },
  }));
  const error = messages.find((m) => m.msgType === 'Error')?.message ?? null;
  return {
    resultType: 'Bool',
    entityTypeId: null,
    isList: false,
    // The check says whether a save accepts the rule; a refusal always names its reason.
    error: error ?? (check.ok ? null : 'The calculation cannot be used in a rule.'),
    warning: messages.find((m) => m.msgType === 'Warning')?.message ?? null,
    messages,
  };
}

/** The AI Explain call, which this API adapts for a rule. */
const describePath = '/aiApi/data/v1/AiCalculation/describe';

/**
 * An AI Explain request for a rule: written for the rule's type, with `currentuser()` as the
 * `CurrentUser` record it stands for (the explainer compiles it as a plain calculation would).
 */
export function ruleDescribeBody(body: unknown, typeId: number | null): unknown {
  const b = body as { Calculation?: unknown; Variables?: unknown[] | null };
  if (typeof b?.Calculation !== 'string') return body;
  return {
    ...b,
    ContextType: typeId,
    Calculation: b.Calculation.replace(/\bcurrentuser\s*\(\s*\)/gi, '@CurrentUser'),
    Variables: [
      ...(b.Variables ?? []),
      { Name: '[CurrentUser]', TypeName: 'Entity', TypeRef: sysType.userAccount, IsList: false },
    ],
  };
}

/**
 * The expression editor's calls for an access rule (decision 0097): compiling is the rule check
 * (host Report, `currentuser()` as the signed-in user, a Boolean that must translate to SQL), so
 * the editor marks what the save would refuse and nothing it accepts; functions, snippets and AI
 * Explain are the editor's usual calls, Explain told the rule's type (`typeId()`) and user.
 */
export function ruleCalcEditorApi(
  client: ApiClient,
  admin: Pick<AdminApi, 'checkRule'>,
  typeId: () => number | null = () => null,
): CalcEditorApi {
  const calls = createCalcEditorApi((method, path, body, signal) =>
    client.call(
      method,
      path,
      z.unknown(),
      path === describePath ? ruleDescribeBody(body, typeId()) : body,
      signal,
    ),
  );
  return {
    ...calls,
    compile: async (request, signal) => {
      const typeId = Number(request.context);
      if (request.context === undefined || !Number.isInteger(typeId))
        return compileAnswerOfRuleCheck({
          ok: false,
          diagnostics: [{ severity: 'error', message: chooseTypeMessage, line: 1, column: 1 }],
        });
      return compileAnswerOfRuleCheck(await admin.checkRule(typeId, request.expr, signal));
    },
  };
}
