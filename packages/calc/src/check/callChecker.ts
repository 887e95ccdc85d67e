import type { CalcSchema } from '../schema.js';
import type { Expr, Span } from '../syntax/ast.js';
import type { Diagnostic } from '../syntax/parser.js';
import type { CalcHost, CalcType } from '../types.js';

/** What checking a call needs of the checker: the checker implements it (calls.ts needs no more). */
export interface CallChecker {
  readonly options: {
    readonly schema?: CalcSchema;
    readonly host: CalcHost;
    readonly contextTypeId?: string;
  };
  readonly flags: {
    usesContext: boolean;
    usesClock: boolean;
    readsOtherRecords: boolean;
    parameters: Set<string>;
    fieldIds: Set<string>;
    relationshipIds: Set<string>;
  };
  check(node: Expr): CalcType | undefined;
  describe(t: CalcType): string;
  report(type: Diagnostic['type'], text: string, span: Span): undefined;
  error(text: string, span: Span): undefined;
}
