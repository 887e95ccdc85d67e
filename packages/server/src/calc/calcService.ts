import {
  type BaseType,
  type CalcExpressionParameter,
  type CalcHost,
  type CalcParameter,
  type CompileResult,
  compile,
  type EvaluateResult,
} from '@plinth/calc';
import type { EntityId, IdOrAlias } from '@plinth/schema';
import type { z } from 'zod';
import type { RequestContext } from '../context.js';
import { calcSchemaOf } from '../data/calcSchema.js';
import { resolveIds } from '../entities/readEntities.js';
import { AppError, badRequest } from '../http/errors.js';
import type { compileParam, compileRequest, evalParam, evalRequest } from './calcContracts.js';
import { ServerCalcData } from './calcDataSource.js';
import { calculationCycle, calculationCycleMessage, calculationResultMessage } from './calculatedFields.js';

type CompileRequest = z.infer<typeof compileRequest>;
type EvalRequest = z.infer<typeof evalRequest>;
type CompileParam = z.infer<typeof compileParam>;
type EvalParam = z.infer<typeof evalParam>;

const baseTypes: readonly BaseType[] = [
  'String',
  'Int32',
  'Decimal',
  'Currency',
  'Bool',
  'Date',
  'Time',
  'DateTime',
  'Entity',
  'None',
];
const hosts: readonly CalcHost[] = ['Any', 'Evaluate', 'Report'];

export function parseHost(host: string | null | undefined, fallback: CalcHost): CalcHost {
  if (host === undefined || host === null || host === '') return fallback;
  const found = hosts.find((h) => h.toLowerCase() === host.toLowerCase());
  if (!found) throw badRequest(`Unknown host '${host}': use Any, Evaluate or Report.`);
  return found;
}

export function parseType(name: string): BaseType {
  const found = baseTypes.find((t) => t.toLowerCase() === name.toLowerCase());
  if (!found) throw badRequest(`Unknown type '${name}'.`);
  return found;
}

/** A type id or alias as the calculation schema's id; an unknown type is a 400. */
export function typeIdOf(ctx: RequestContext, ref: IdOrAlias): string {
  const t = ctx.schema.type(ref);
  if (!t) throw badRequest(`Unknown type ${ref}.`);
  return String(t.id);
}

/** The declared parameters of a request, in the calculation's terms. */
export function toCalcParams(
  ctx: RequestContext,
  params: readonly (CompileParam | EvalParam)[] | null | undefined,
): (CalcParameter | CalcExpressionParameter)[] {
  return (params ?? []).map((p) => {
    const name = p.name.replace(/^\[(.*)\]$/s, '$1');
    if (p.expr && (!p.type || ('dynamicType' in p && p.dynamicType))) return { name, expr: p.expr };
    const type = p.type ? parseType(p.type) : p.entityTypeId ? 'Entity' : 'String';
    return {
      name,
      type,
      isList: p.isList === true,
      ...(p.entityTypeId ? { entityTypeId: typeIdOf(ctx, p.entityTypeId) } : {}),
    };
  });
}

const numericId = (id: string | undefined) => (id === undefined ? null : Number(id));

/** The compile call (spec 03 §7). */
export function compileForEditor(ctx: RequestContext, req: CompileRequest) {
  const schema = calcSchemaOf(ctx.schema);
  const field = req.calcFieldId ? ctx.schema.field(req.calcFieldId) : undefined;
  if (req.calcFieldId && field?.type !== 'Calculation')
    throw badRequest(`The field ${req.calcFieldId} is not a Calculation field.`);
  const contextTypeId = req.context ? typeIdOf(ctx, req.context) : field ? String(field.typeId) : undefined;
  const expected = req.expectedResultType;
  const expectedResultType =
    expected === undefined || expected === null
      ? undefined
      : typeof expected === 'string'
        ? { type: parseType(expected) }
        : {
            type: parseType(expected.type),
            isList: expected.isList === true,
            ...(expected.entityTypeId ? { entityTypeId: typeIdOf(ctx, expected.entityTypeId) } : {}),
          };
  const params = toCalcParams(ctx, req.params);
  const compiled = compile(req.expr, {
    schema,
    ...(contextTypeId ? { contextTypeId } : {}),
    host: parseHost(req.host, field ? 'Evaluate' : 'Any'),
    params,
    ...(expectedResultType ? { expectedResultType } : {}),
  });
  const messages = compiled.messages.map((m) => ({ msgType: m.type, message: m.text, location: m.location }));
  if (field && compiled.ok) {
    // A calculated field must give one value and must not close a cycle of calculated fields.
    const at = { line: 1, col: 1, length: req.expr.length };
    if (compiled.isList || compiled.resultType === 'Entity') {
      const type = compiled.isList ? `a List of ${compiled.resultType}` : 'a record';
      messages.push({ msgType: 'Error', message: calculationResultMessage(type), location: at });
    }
    const cycle = calculationCycle(ctx.schema, field.id, compiled);
    if (cycle) messages.push({ msgType: 'Error', message: calculationCycleMessage(cycle), location: at });
  }
  const dynamicNames = new Set(
    (req.params ?? [])
      .filter((p) => p.dynamicType)
      .map((p) => p.name.replace(/^\[(.*)\]$/s, '$1').toLowerCase()),
  );
  return {
    resultType: compiled.resultType,
    entityTypeId: numericId(compiled.entityTypeId),
    isList: compiled.isList,
    error: messages.find((m) => m.msgType === 'Error')?.message ?? null,
    warning: messages.find((m) => m.msgType === 'Warning')?.message ?? null,
    messages,
    calcFlags: {
      ...compiled.calcFlags,
      fieldIds: compiled.calcFlags.fieldIds.map(Number),
      relationshipIds: compiled.calcFlags.relationshipIds.map(Number),
    },
    dynamicType: compiled.calcFlags.parameters.some((p) => dynamicNames.has(p.toLowerCase())),
  };
}

/** The record a calculation runs on: a record the caller cannot read (or that does not exist) is a 403. */
export async function contextRecord(
  data: ServerCalcData,
  ref: IdOrAlias | null | undefined,
): Promise<{ id: string; typeId: string } | null> {
  if (ref === undefined || ref === null) return null;
  let id: EntityId;
  try {
    [id] = (await resolveIds(data.ctx.db, data.ctx.tenantId, [ref])) as [EntityId];
  } catch {
    throw cannotRead();
  }
  const row = await data.row(id);
  if (!row) throw cannotRead();
  return { id: String(row.id), typeId: String(row.typeId) };
}

const cannotRead = () => new AppError('forbidden', 'You do not have permission to read this record.');

/** Parameter values by name: records checked readable (403 otherwise), as `{ id, typeId }`. */
export async function paramValues(
  data: ServerCalcData,
  params: readonly EvalParam[] | null | undefined,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = Object.create(null);
  for (const p of params ?? []) {
    const name = p.name.replace(/^\[(.*)\]$/s, '$1');
    const isEntity = (p.type ? parseType(p.type) : p.entityTypeId ? 'Entity' : 'String') === 'Entity';
    if (!isEntity) {
      if (p.value !== undefined) out[name] = p.value;
      continue;
    }
    const raw = p.entityIds ?? (p.entityId ? [p.entityId] : p.value);
    const ids = (Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw]).map((v) =>
      typeof v === 'object' && v !== null && 'id' in v ? (v as { id: unknown }).id : v,
    );
    const refs = [];
    for (const id of ids) {
      if (typeof id !== 'number' && typeof id !== 'string')
        throw badRequest(`Invalid record id for @${name}.`);
      refs.push(await contextRecord(data, id));
    }
    out[name] = p.isList ? refs : (refs[0] ?? null);
  }
  return out;
}

/** An evaluation answer: records as `{ id, name }` with numeric ids, date-times as asked. */
export function evalAnswer(result: EvaluateResult, timeZone: string, useIso8601: boolean) {
  const localText =
    !useIso8601 && result.resultType === 'DateTime'
      ? new Intl.DateTimeFormat('sv-SE', {
          timeZone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
          hourCycle: 'h23',
        })
      : undefined;
  const one = (v: unknown): unknown => {
    if (v && typeof v === 'object' && 'id' in v) {
      const r = v as { id: unknown; name: unknown };
      return { id: typeof r.id === 'string' && /^\d+$/.test(r.id) ? Number(r.id) : r.id, name: r.name };
    }
    if (localText && typeof v === 'string') return localText.format(new Date(v));
    return v;
  };
  return {
    value: Array.isArray(result.value) ? result.value.map(one) : one(result.value),
    resultType: result.resultType,
    isList: result.isList,
    entityTypeId: numericId(result.entityTypeId),
    error: result.error ?? null,
  };
}

/** Compiles and evaluates one expression for the caller (eval and evalExpressions). */
export async function evaluateFor(
  data: ServerCalcData,
  expr: string,
  context: { id: string; typeId: string } | null,
  host: CalcHost,
  params: readonly EvalParam[] | null | undefined,
  values: Record<string, unknown>,
  useIso8601 = true,
) {
  const compiled: CompileResult = compile(expr, {
    schema: calcSchemaOf(data.ctx.schema),
    ...(context ? { contextTypeId: context.typeId } : {}),
    host,
    params: toCalcParams(data.ctx, params),
  });
  const result = await data.evaluate(compiled, context, values);
  return evalAnswer(result, await data.timeZone(), useIso8601);
}

/** The eval call (spec 03 §7). */
export async function evalForEditor(ctx: RequestContext, req: EvalRequest) {
  const data = new ServerCalcData(ctx);
  const context = await contextRecord(data, req.context);
  const values = await paramValues(data, req.params);
  return evaluateFor(
    data,
    req.expr,
    context,
    parseHost(req.host, 'Evaluate'),
    req.params,
    values,
    req.useIso8601 !== false,
  );
}
