import type { BehaviourResult } from '@plinth/schema';
import { z } from 'zod';
import type { ApiClient } from '../../api/apiClient';
import type { EvalParam } from './pageVariables';

const evalExpressionsAnswer = z.record(
  z.string(),
  z.object({
    value: z.unknown(),
    resultType: z.string(),
    isList: z.boolean(),
    entityTypeId: z.number().nullable(),
    error: z.string().nullable(),
  }),
);

/** At most this many expressions go in one call (the server's limit). */
export const maxExpressionsPerCall = 200;

/**
 * Evaluates a page's behaviour expressions in one call against its record and variables
 * (spec 01 §7 'evaluate batched behaviour expressions'); more than the call takes go in more calls.
 */
export async function evalBehaviourExpressions(
  client: Pick<ApiClient, 'call'>,
  request: { contextEntity: number | null; expressions: Record<string, string>; params: EvalParam[] },
  signal?: AbortSignal,
): Promise<Record<string, BehaviourResult>> {
  const names = Object.keys(request.expressions);
  const answers: Record<string, BehaviourResult> = {};
  for (let i = 0; i < names.length; i += maxExpressionsPerCall) {
    const batch = Object.fromEntries(
      names.slice(i, i + maxExpressionsPerCall).map((n) => [n, request.expressions[n]!]),
    );
    const answer = await client.call(
      'POST',
      '/spapi/data/v2/calcEngine/evalExpressions',
      evalExpressionsAnswer,
      { contextEntity: request.contextEntity, expressions: batch, params: request.params },
      signal,
    );
    Object.assign(answers, answer);
  }
  return answers;
}
