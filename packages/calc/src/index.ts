/**
 * @plinth/calc — the calculation language: lexer, parser with locations, printer, type checker,
 * evaluator and the function registry with help metadata. Pure: no I/O, no clock (pass them in).
 *
 * @example
 * const compiled = compile('[Qty] * [Unit Price]', { schema, contextTypeId: 'orderLine', host: 'Evaluate' });
 * const { value } = await evaluate(compiled, { context, clock: () => Date.now(), timeZone: 'Australia/Sydney', data });
 */
export type { CalcFlags } from './check/checker.js';
export type { CalcExpressionParameter, CompileOptions, CompileResult } from './compile.js';
export { compile } from './compile.js';
export type { Awaitable, CalcDataSource, EntityRef, FieldValue } from './data.js';
export { CalcDataError } from './data.js';
export type { EvaluateResult } from './evaluate/evaluate.js';
export { evaluate } from './evaluate/evaluate.js';
export type { EvaluateOptions } from './evaluate/evaluateOptions.js';
export type { JsonValue, RecordJson } from './evaluate/text.js';
export type { FunctionHelp } from './functions/catalogue.js';
export { functionCatalogue, functionHelp, lookupFunction } from './functions/catalogue.js';
export {
  EXAMPLE_CONTEXT,
  EXAMPLE_NOW,
  EXAMPLE_TIME_ZONE,
  exampleRecords,
  exampleTypes,
  exampleValueText,
  runExample,
} from './functions/examples.js';
export type {
  Accept,
  FunctionCategory,
  FunctionDef,
  FunctionSql,
  ParamSpec,
  Signature,
  ToSql,
} from './functions/registry.js';
export { signatureText, translatesToSql } from './functions/registry.js';
export type { MemoryRecord, MemoryType } from './memory.js';
export { memoryData, memorySchema, NAME_FIELD_ID } from './memory.js';
export type { CalcLocation, CalcMessage, CalcMessageType } from './messages.js';
export { findReferences, referencesVariable, renameReferences } from './references.js';
export type {
  CalcField,
  CalcMember,
  CalcParameter,
  CalcRelationship,
  CalcSchema,
  CalcTypeInfo,
} from './schema.js';
export type { CalcSnippet } from './snippets.js';
export { SNIPPET_GROUP, snippets } from './snippets.js';
export type { SqlBuilder, SqlDialect, SqlValue } from './sql/dialects/dialect.js';
export { postgresDialect } from './sql/dialects/postgres.js';
export { sqliteDialect } from './sql/dialects/sqlite.js';
export type { SqlDialectName, SqlFragment } from './sql/fragment.js';
export { joinSql, rawSql, renderSql, sqlFragment } from './sql/fragment.js';
export type { SqlHooks, SqlRelatedRows, SqlRelStep } from './sql/hooks.js';
export type { ListSource, RecordRef, SqlCall, SqlContext } from './sql/sqlCall.js';
export { NOT_IN_REPORTS, unavailableInReports } from './sql/support.js';
export type { ToSqlOptions, ToSqlResult } from './sql/translate.js';
export { toSql, toSqlText } from './sql/translate.js';
export type * from './syntax/ast.js';
export { childrenOf } from './syntax/ast.js';
export type { LexResult, Token, TokenKind } from './syntax/lexer.js';
export { isIdentPart, isIdentStart, KEYWORDS, lex, OPERATORS, QUOTES } from './syntax/lexer.js';
export type { Diagnostic, ParseResult } from './syntax/parser.js';
export { MAX_LENGTH, MAX_NESTING, MAX_TREE_DEPTH, parse } from './syntax/parser.js';
export { print } from './syntax/printer.js';
export type { BaseType, CalcHost, CalcType } from './types.js';
