import { TIME_PARTS } from '../evaluate/dateMath.js';
import { lookupFunction } from '../functions/catalogue.js';
import { canConvert } from '../functions/data.js';
import { accepts, type FunctionDef, fitsArity, paramAt, translatesToSql } from '../functions/registry.js';
import { msg } from '../messages.js';
import type { CallNode, DatePart, Expr } from '../syntax/ast.js';
import { print } from '../syntax/printer.js';
import { type BaseType, type CalcType, STRING, scalar } from '../types.js';
import type { CallChecker as Checker } from './callChecker.js';

// Function calls: overload resolution over the registry, date-part and type-name arguments, casts.

const BASE_PARTS: ReadonlySet<string> = new Set([
  'year',
  'quarter',
  'month',
  'week',
  'day',
  'hour',
  'minute',
  'second',
]);

const NAME_PARTS: ReadonlySet<string> = new Set([...BASE_PARTS, 'dayofyear', 'weekday']);

// A Map, not an object literal: `convert(constructor, x)` must not find Object.prototype.constructor.
const BUILTIN_TYPES: ReadonlyMap<string, BaseType> = new Map([
  ['string', 'String'],
  ['int32', 'Int32'],
  ['decimal', 'Decimal'],
  ['currency', 'Currency'],
  ['bool', 'Bool'],
  ['date', 'Date'],
  ['time', 'Time'],
  ['datetime', 'DateTime'],
]);

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function checkCall(c: Checker, node: CallNode): CalcType | undefined {
  const found = lookupFunction(node.name);
  if (!found) return c.error(msg.unknownFunction(node.name), node.nameSpan);
  const { def, isAlias } = found;
  if (isAlias) c.report('Suggestion', msg.preferCanonical(def.name), node.nameSpan);
  if (def.evaluateOnly && c.options.host !== 'Evaluate') {
    c.error(msg.unavailableInReports(def.name), node.nameSpan);
  }
  if (def.usesClock) c.flags.usesClock = true;
  if (def.name === 'all' || def.name === 'resource') c.flags.readsOtherRecords = true;
  const count = node.args.length;
  const fitting = def.signatures.filter((s) => fitsArity(s, count));
  if (fitting.length === 0) return c.error(msg.wrongArgCount(def.name), node.nameSpan);
  const special = fitting[0]!.params[0]?.accepts;
  // A plain loop, not map(): long method chains recurse through here, and every frame counts.
  const argTypes: (CalcType | undefined)[] = [];
  for (let i = 0; i < node.args.length; i++) {
    const arg = node.args[i]!;
    if (i === 0 && special === 'part') argTypes.push(datePart(c, arg, def.name));
    else if (i === 0 && special === 'typeName') argTypes.push(typeArg(c, arg, def.name === 'convert'));
    else argTypes.push(c.check(arg));
  }
  if (argTypes.some((t) => !t)) return undefined;
  const types = argTypes as CalcType[];
  if (def.name === 'context') {
    c.flags.usesContext = true;
    const contextTypeId = c.options.contextTypeId;
    if (contextTypeId === undefined) return c.error(msg.noContextType, node.nameSpan);
    node.fn = def.name;
    node.signature = 0;
    return scalar('Entity', contextTypeId);
  }
  for (const [index, sig] of def.signatures.entries()) {
    if (!fitsArity(sig, count)) continue;
    const matches = types.every((t, j) => {
      const p = paramAt(sig, j);
      return p !== undefined && (p.accepts === 'part' || p.accepts === 'typeName' || accepts(p.accepts, t));
    });
    const ret = matches ? (typeof sig.returns === 'function' ? sig.returns(types) : sig.returns) : undefined;
    if (!ret) continue;
    node.fn = def.name;
    node.signature = index;
    // Report: only what translates to SQL (the function's toSql); `Any` keeps the in-memory-only rule alone.
    if (c.options.host === 'Report' && !def.evaluateOnly && !translatesToSql(def, types)) {
      return c.error(msg.unavailableInReports(def.name), node.nameSpan);
    }
    return afterCall(c, def, node, types, ret);
  }
  for (const [j, t] of types.entries()) {
    if (paramAt(fitting[0]!, j)?.accepts === 'condition' && !accepts('condition', t)) {
      return c.error(msg.expectedBool, node.args[j]!.span);
    }
  }
  if (TIME_PARTS.has(def.name as DatePart) && types[0]?.type === 'Date') {
    return c.error(msg.timePartOnDate(capitalise(def.name)), node.nameSpan);
  }
  return c.error(msg.noOverload(def.name), node.nameSpan);
}

function afterCall(
  c: Checker,
  def: FunctionDef,
  node: CallNode,
  types: CalcType[],
  ret: CalcType,
): CalcType | undefined {
  const partArg = node.args[0];
  if (partArg?.kind === 'Name' && partArg.resolved?.kind === 'datePart') {
    const part = partArg.resolved.part;
    const temporal = types.slice(def.name === 'dateadd' ? 2 : 1);
    if (TIME_PARTS.has(part) && temporal.some((t) => t.type === 'Date')) {
      return c.error(msg.timePartOnDate(capitalise(part)), partArg.span);
    }
    if (!TIME_PARTS.has(part) && temporal.some((t) => t.type === 'Time')) {
      return c.error(msg.datePartOnTime(capitalise(part)), partArg.span);
    }
  }
  if (def.name === 'convert' && !canConvert(types[1]!, types[0]!)) {
    return c.error(msg.badCast(c.describe(types[1]!), c.describe(types[0]!)), node.nameSpan);
  }
  return ret;
}

function datePart(c: Checker, arg: Expr, fn: string): CalcType | undefined {
  if (arg.kind !== 'Name') return c.error(msg.expectedDatePart, arg.span);
  const part = arg.name.toLowerCase();
  if (!(fn === 'datename' ? NAME_PARTS : BASE_PARTS).has(part))
    return c.error(msg.badDatePart(arg.name), arg.span);
  arg.resolved = { kind: 'datePart', part: part as DatePart };
  arg.t = STRING;
  return STRING;
}

function typeArg(c: Checker, arg: Expr, allowBuiltin: boolean): CalcType | undefined {
  if (arg.kind !== 'Name') return c.error(msg.unknownType(print(arg)), arg.span);
  const builtin = BUILTIN_TYPES.get(arg.name.toLowerCase());
  if (builtin && allowBuiltin) {
    arg.resolved = { kind: 'typeName', type: builtin };
    arg.t = scalar(builtin);
    return arg.t;
  }
  const info = c.options.schema?.getType(arg.name);
  if (!info) return c.error(msg.unknownType(arg.name), arg.span);
  arg.resolved = { kind: 'typeName', type: 'Entity', entityTypeId: info.id };
  arg.t = scalar('Entity', info.id);
  return arg.t;
}
