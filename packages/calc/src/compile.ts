import { type CalcFlags, Checker } from './check/checker.js';
import { type CalcLocation, type CalcMessage, msg } from './messages.js';
import type { CalcParameter, CalcSchema } from './schema.js';
import type { Expr } from './syntax/ast.js';
import { locator } from './syntax/locate.js';
import { parse } from './syntax/parser.js';
import { type BaseType, type CalcHost, type CalcType, isAssignable } from './types.js';

/** A parameter whose type comes from compiling its own expression first (spec 03 §4). */
export interface CalcExpressionParameter {
  readonly name: string;
  readonly expr: string;
}

export interface CompileOptions {
  /** The metamodel; without it only parameters, variables and literals resolve. */
  readonly schema?: CalcSchema;
  /** The type of the current record, for bare field and relationship names. */
  readonly contextTypeId?: string;
  /** Default `Any`. */
  readonly host?: CalcHost;
  readonly params?: readonly (CalcParameter | CalcExpressionParameter)[];
  readonly expectedResultType?: {
    readonly type: BaseType;
    readonly isList?: boolean;
    readonly entityTypeId?: string;
  };
}

/** The result of {@link compile}; pass it to `evaluate`. */
export interface CompileResult {
  /** No Error messages: the expression can be evaluated. */
  readonly ok: boolean;
  readonly resultType: BaseType;
  readonly isList: boolean;
  readonly entityTypeId?: string;
  readonly messages: readonly CalcMessage[];
  readonly calcFlags: CalcFlags;
  /** The typed tree: names, calls and date parts resolved (field and relationship ids on the nodes). */
  readonly ast?: Expr;
  readonly source: string;
  readonly host: CalcHost;
  readonly contextTypeId?: string;
  /** Declared parameters with their types, expression parameters included. */
  readonly parameters: readonly (CalcParameter & { readonly expr?: CompileResult })[];
  readonly schema?: CalcSchema;
}

const emptyFlags = (): CalcFlags => ({
  usesContext: false,
  usesClock: false,
  readsOtherRecords: false,
  parameters: [],
  fieldIds: [],
  relationshipIds: [],
});

/**
 * Compiles an expression: parses it, resolves names against the schema and parameters, chooses function
 * overloads and types every node. Never throws: problems are `messages` with locations.
 *
 * @example
 * const compiled = compile("iif([Qty] > 10, 'Bulk', 'Single')", { schema, contextTypeId: 'order', host: 'Evaluate' });
 * compiled.resultType; // 'String'
 */
export function compile(expr: string, options: CompileOptions = {}): CompileResult {
  const host = options.host ?? 'Any';
  const base = {
    source: expr,
    host,
    ...(options.contextTypeId === undefined ? {} : { contextTypeId: options.contextTypeId }),
    ...(options.schema ? { schema: options.schema } : {}),
  };
  const failed = (messages: CalcMessage[], parameters: CompileResult['parameters'] = []): CompileResult => ({
    ...base,
    ok: false,
    resultType: 'None',
    isList: false,
    messages,
    calcFlags: emptyFlags(),
    parameters,
  });
  try {
    const parameters = compileParameters(options);
    const badParam = parameters.find((p) => p.expr && !p.expr.ok);
    if (badParam) {
      const text = badParam.expr?.messages.find((m) => m.type === 'Error')?.text ?? msg.unexpected;
      return failed([
        { type: 'Error', text: `@${badParam.name}: ${text}`, location: { line: 1, col: 1, length: 0 } },
      ]);
    }
    const source = typeof expr === 'string' ? expr : '';
    const locate = locator(source);
    const parsed = parse(source);
    const toMessage = (d: {
      type: CalcMessage['type'];
      text: string;
      span: { start: number; end: number };
    }) => ({
      type: d.type,
      text: d.text,
      location: locate(d.span) as CalcLocation,
    });
    if (!parsed.ast) return failed(parsed.diagnostics.map(toMessage), parameters);
    const checker = new Checker({
      ...(options.schema ? { schema: options.schema } : {}),
      host,
      ...(options.contextTypeId === undefined ? {} : { contextTypeId: options.contextTypeId }),
      params: new Map(parameters.map((p) => [p.name.toLowerCase(), p])),
    });
    const t = checker.check(parsed.ast);
    const expected = options.expectedResultType;
    if (t && expected) {
      const needed: CalcType = {
        type: expected.type,
        isList: expected.isList === true,
        ...(expected.entityTypeId ? { entityTypeId: expected.entityTypeId } : {}),
      };
      if (!isAssignable(t, needed)) {
        checker.diagnostics.push({
          type: 'Error',
          text: msg.expectedType(checker.describe(t), checker.describe(needed)),
          span: parsed.ast.span,
        });
      }
    }
    const diagnostics = [...parsed.diagnostics, ...checker.diagnostics].sort(
      (a, b) => a.span.start - b.span.start,
    );
    const messages = diagnostics.map(toMessage);
    const ok = t !== undefined && !messages.some((m) => m.type === 'Error');
    const f = checker.flags;
    return {
      ...base,
      ok,
      resultType: t?.type ?? 'None',
      isList: t?.isList ?? false,
      ...(t?.entityTypeId ? { entityTypeId: t.entityTypeId } : {}),
      messages,
      calcFlags: {
        usesContext: f.usesContext,
        usesClock: f.usesClock,
        readsOtherRecords: f.readsOtherRecords,
        parameters: [...f.parameters],
        fieldIds: [...f.fieldIds],
        relationshipIds: [...f.relationshipIds],
      },
      ast: parsed.ast,
      parameters,
    };
  } catch (e) {
    // The depth limits keep recursion far from the stack's end; this is the last line of defence.
    const text = e instanceof RangeError ? msg.tooDeep : msg.unexpected;
    return failed([{ type: 'Error', text, location: { line: 1, col: 1, length: 0 } }]);
  }
}

function compileParameters(options: CompileOptions): CompileResult['parameters'] {
  const out: (CalcParameter & { expr?: CompileResult })[] = [];
  for (const p of options.params ?? []) {
    if (!('expr' in p)) {
      out.push(p);
      continue;
    }
    // An expression parameter sees the parameters declared before it.
    const compiled = compile(p.expr, { ...options, params: out, expectedResultType: undefined });
    out.push({
      name: p.name,
      type: compiled.resultType,
      isList: compiled.isList,
      ...(compiled.entityTypeId ? { entityTypeId: compiled.entityTypeId } : {}),
      expr: compiled,
    });
  }
  return out;
}
