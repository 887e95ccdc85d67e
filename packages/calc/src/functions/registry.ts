import type { CalcDataSource } from '../data.js';
import type { RecordValue, Value } from '../evaluate/values.js';
import type { SqlDialect, SqlValue } from '../sql/dialects/dialect.js';
import type { SqlCall } from '../sql/sqlCall.js';
import type { CallNode } from '../syntax/ast.js';
import { type CalcType, isNumeric, typeName } from '../types.js';

/** The groups of the editor's Functions popup. */
export type FunctionCategory =
  | 'General'
  | 'Data'
  | 'Math'
  | 'Text'
  | 'Date and time'
  | 'Aggregate'
  | 'List'
  | 'Encoding';

/** What an argument position accepts. `None` (null) is accepted everywhere but `part` and `typeName`. */
export type Accept =
  | 'any'
  | 'scalar'
  | 'condition'
  | 'number'
  | 'int'
  | 'text'
  | 'bool'
  | 'date'
  | 'time'
  | 'dateOrDateTime'
  | 'timeOrDateTime'
  | 'record'
  | 'list'
  | 'numberList'
  | 'boolList'
  | 'orderedList'
  | 'part'
  | 'typeName';

export interface ParamSpec {
  readonly name: string;
  readonly accepts: Accept;
  readonly optional?: boolean;
  /** The last parameter may repeat. */
  readonly variadic?: boolean;
}

/** What a function implementation may use while evaluating. */
export interface FnContext {
  readonly node: CallNode;
  readonly argTypes: readonly CalcType[];
  readonly resultType: CalcType;
  readonly timeZone: string;
  /** The clock, read once when evaluation started (epoch ms). */
  readonly now: number;
  readonly data: CalcDataSource;
  readonly context: RecordValue | null;
  /** Counts work against the step limit (one per list element, say). */
  step(count?: number): void;
  /** A value as text, records as their names; an optional `totext` format. */
  text(value: Value, type: CalcType, format?: string): Promise<string>;
  /** Whether a record type is, or derives from, another (from the schema given to compile). */
  isOfType(typeId: string, ancestorTypeId: string): boolean;
  /** `=` semantics: case-insensitive text, records by id; null when either side is null. */
  equals(a: Value, b: Value, type: CalcType): Promise<boolean | null>;
}

export type Thunk = () => Promise<Value>;

export interface Signature {
  readonly params: readonly ParamSpec[];
  /** The result type, or a rule from the argument types (undefined: this signature does not match). */
  readonly returns: CalcType | ((args: readonly CalcType[]) => CalcType | undefined);
  /** For help text when `returns` is a rule. */
  readonly returnsHelp?: string;
  /** Receives evaluated arguments; unless `keepNulls`, a null argument gives null without a call. */
  readonly impl?: (args: Value[], ctx: FnContext) => Value | Promise<Value>;
  /** Receives unevaluated arguments (iif, isnull, coalesce). */
  readonly lazy?: (args: readonly Thunk[], ctx: FnContext) => Promise<Value>;
  readonly keepNulls?: boolean;
}

/** A function's translation to SQL, for the Report host. */
export type ToSql = (call: SqlCall, dialect: SqlDialect) => SqlValue;

/**
 * How a function runs in SQL (the Report host): a translation, or why there is none. Every function
 * says one or the other; one without a translation is the compile error
 * `'{name}' is unavailable in reports.` there.
 */
export type FunctionSql =
  | {
      readonly toSql: ToSql;
      /** Argument types the translation does not cover (an error in the Report host too). */
      readonly toSqlRefuses?: (argTypes: readonly CalcType[]) => boolean;
      readonly notInSql?: never;
    }
  | { readonly notInSql: string; readonly toSql?: never; readonly toSqlRefuses?: never };

/**
 * One function of the language, defined once: its signatures and evaluation, its help metadata
 * (the editor's popup, hints and hover read these) and its SQL.
 */
export type FunctionDef = FunctionSql & {
  readonly name: string;
  /** Accepted, with a Suggestion pointing at `name`. */
  readonly aliases?: readonly string[];
  readonly category: FunctionCategory;
  readonly description: string;
  /** An expression using the function, run on the sample order of `examples.ts`. */
  readonly example: string;
  /** The value the example gives there, as the reference shows it (`exampleValueText`); tests check it. */
  readonly exampleResult: string;
  readonly signatures: readonly Signature[];
  /** In-memory only: an error in the Report and Any hosts. */
  readonly evaluateOnly?: boolean;
  /** Reads the clock: results change over time. */
  readonly usesClock?: boolean;
};

/** Whether a call with these argument types translates to SQL (else it is an error in reports). */
export function translatesToSql(def: FunctionDef, argTypes: readonly CalcType[]): boolean {
  return def.toSql !== undefined && def.toSqlRefuses?.(argTypes) !== true;
}

export function accepts(accept: Accept, t: CalcType): boolean {
  if (t.type === 'None' && !t.isList) return accept !== 'part' && accept !== 'typeName';
  const scalarOf = (...types: string[]) => !t.isList && types.includes(t.type);
  const listOf = (...types: string[]) => t.isList && (t.type === 'None' || types.includes(t.type));
  switch (accept) {
    case 'any':
      return true;
    case 'scalar':
      return !t.isList;
    case 'condition':
    case 'bool':
      return scalarOf('Bool');
    case 'number':
      return isNumeric(t);
    case 'int':
      return scalarOf('Int32');
    case 'text':
      return scalarOf('String');
    case 'date':
      return scalarOf('Date');
    case 'time':
      return scalarOf('Time');
    case 'dateOrDateTime':
      return scalarOf('Date', 'DateTime');
    case 'timeOrDateTime':
      return scalarOf('Time', 'DateTime');
    case 'record':
      return scalarOf('Entity');
    case 'list':
      return t.isList;
    case 'numberList':
      return listOf('Int32', 'Decimal', 'Currency');
    case 'boolList':
      return listOf('Bool');
    case 'orderedList':
      return listOf('String', 'Int32', 'Decimal', 'Currency', 'Date', 'DateTime', 'Time', 'Bool');
    case 'part':
    case 'typeName':
      return false;
  }
}

const acceptText: Record<Accept, string> = {
  any: 'Any',
  scalar: 'Value',
  condition: 'Bool',
  number: 'Number',
  int: 'Int32',
  text: 'String',
  bool: 'Bool',
  date: 'Date',
  time: 'Time',
  dateOrDateTime: 'Date | DateTime',
  timeOrDateTime: 'Time | DateTime',
  record: 'Record',
  list: 'List',
  numberList: 'List of Number',
  boolList: 'List of Bool',
  orderedList: 'List',
  part: 'DatePart',
  typeName: 'Type',
};

/** A signature as the editor shows it, e.g. `round(x: Number[, digits: Int32]): Number`. */
export function signatureText(def: FunctionDef, sig: Signature): string {
  let text = '';
  sig.params.forEach((p, i) => {
    const sep = i === 0 ? '' : ', ';
    const one = `${p.name}: ${acceptText[p.accepts]}`;
    if (p.variadic) text += `${sep}${one}, …`;
    else if (p.optional) text += `[${sep}${one}]`;
    else text += `${sep}${one}`;
  });
  const ret = typeof sig.returns === 'function' ? (sig.returnsHelp ?? 'Any') : typeName(sig.returns);
  return `${def.name}(${text}): ${ret}`;
}

/** Whether a call with `count` arguments fits the signature's arity. */
export function fitsArity(sig: Signature, count: number): boolean {
  const required = sig.params.filter((p) => !p.optional && !p.variadic).length;
  const variadic = sig.params.some((p) => p.variadic);
  return count >= required && (variadic || count <= sig.params.length);
}

export function paramAt(sig: Signature, index: number): ParamSpec | undefined {
  const last = sig.params[sig.params.length - 1];
  return sig.params[index] ?? (last?.variadic ? last : undefined);
}
