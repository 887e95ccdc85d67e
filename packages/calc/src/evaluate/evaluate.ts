import type { CalcFlags } from '../check/checker.js';
import type { CompileResult } from '../compile.js';
import { CalcDataError, type CalcDataSource } from '../data.js';
import type { CalcMessage } from '../messages.js';
import { msg } from '../messages.js';
import type { BaseType, CalcType } from '../types.js';
import { Evaluation } from './Evaluation.js';
import type { EvaluateOptions } from './evaluateOptions.js';
import { type JsonValue, toJson } from './text.js';
import { isValidTimeZone } from './time.js';
import { CalcLimitError, isDecimal } from './values.js';

export interface EvaluateResult {
  readonly value: JsonValue;
  readonly resultType: BaseType;
  readonly isList: boolean;
  readonly entityTypeId?: string;
  /** The compile messages (warnings and suggestions; errors stop evaluation). */
  readonly messages: readonly CalcMessage[];
  readonly calcFlags: CalcFlags;
  /** Why evaluation stopped; `value` is then null. */
  readonly error?: string;
}

const EMPTY_DATA: CalcDataSource = {
  getField: () => undefined,
  getRelated: () => [],
  all: () => [],
  byName: () => null,
  nameOf: () => null,
};

/**
 * Evaluates a compiled expression. Async because the data source may be. Never throws: limits, data
 * errors and bad options come back as `error`.
 *
 * @example
 * const result = await evaluate(compiled, { context: { id: 'o1', typeId: 'order' }, clock: () => Date.now(),
 *   timeZone: 'Australia/Sydney', data });
 */
export async function evaluate(compiled: CompileResult, options: EvaluateOptions): Promise<EvaluateResult> {
  const data = options.data ?? EMPTY_DATA;
  const base = {
    resultType: compiled.resultType,
    isList: compiled.isList,
    ...(compiled.entityTypeId ? { entityTypeId: compiled.entityTypeId } : {}),
    messages: compiled.messages,
    calcFlags: compiled.calcFlags,
  };
  const failed = (error: string): EvaluateResult => ({ ...base, value: null, error });
  if (!compiled.ok || !compiled.ast) {
    return failed(compiled.messages.find((m) => m.type === 'Error')?.text ?? msg.hasErrors);
  }
  // A missing zone must not fall back to the host machine's zone: results would depend on the server.
  if (typeof options.timeZone !== 'string' || !isValidTimeZone(options.timeZone)) {
    return failed(`Unknown time zone: ${String(options.timeZone)}`);
  }
  try {
    const run = new Evaluation(compiled, options, data);
    const value = await run.run();
    const type: CalcType = { type: compiled.resultType, isList: compiled.isList };
    const resultType = compiled.resultType === 'Int32' && isDecimal(value) ? 'Decimal' : compiled.resultType;
    return { ...base, resultType, value: await toJson(value, type, data, options.timeZone) };
  } catch (e) {
    if (e instanceof CalcLimitError || e instanceof CalcDataError) return failed(e.message);
    return failed(e instanceof RangeError ? msg.tooDeep : msg.unexpected);
  }
}
