import {
  type CallNode,
  childrenOf,
  compile,
  type Expr,
  parse,
  rawSql,
  type SqlFragment,
  sqlFragment,
  toSql,
} from '@plinth/calc';
import { type EntityId, type Schema, sysType } from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import { calcSchemaOf } from '../data/calcSchema.js';
import { translationHooks } from '../data/sql/calculationSql.js';
import type { Engine } from '../db/tables.js';

/**
 * Row filters of access rules: a rule's calculation (Report host, Boolean, the record of the rule's
 * type as context) translated once per metamodel version into SQL with three holes, filled for
 * each use: the filtered row's alias, the caller's id (`currentuser()`), and the type-level read
 * rule on each related record the filter reads.
 */

/** The declared parameter `currentuser()` stands for; also usable as `@CurrentUser`. */
export const currentUserParam = 'CurrentUser';
/** The parameter value the translation gets for the caller, replaced by the caller's id on use. */
const currentUserToken = 'current-user';

/** Holes of a translated filter (values of the fragment, never bound as they are). */
class RowHole {}
class UserHole {}
class ReadableHole {
  constructor(readonly alias: string) {}
}
const rowHole = new RowHole();
const userHole = new UserHole();
/** The alias the translator is given for the filtered row; its columns become `rowHole` holes. */
const rowAlias = 'filtered_row';

export type RuleFilterResult = { ok: true; sql: SqlFragment } | { ok: false; message: string };

const clockMessage =
  "An access rule's calculation cannot use the current date or time (getdate, getdatetime, gettime).";
const zoneMessage =
  "An access rule's calculation cannot depend on the time zone (date parts of a date-time, a date-time compared with text).";

/**
 * `currentuser()` written anywhere as a call with no arguments becomes `@CurrentUser`, padded with
 * spaces to the same length so that message locations stay where the user wrote them.
 */
export function withCurrentUserParam(source: string): string {
  const parsed = parse(source);
  if (!parsed.ast) return source;
  const calls: CallNode[] = [];
  const visit = (node: Expr) => {
    if (
      node.kind === 'Call' &&
      !node.method &&
      node.args.length === 0 &&
      node.name.toLowerCase() === 'currentuser'
    )
      calls.push(node);
    for (const child of childrenOf(node)) visit(child);
  };
  visit(parsed.ast);
  let out = source;
  for (const c of calls.sort((a, b) => b.span.start - a.span.start)) {
    const text = `@${currentUserParam}`.padEnd(c.span.end - c.span.start, ' ');
    out = out.slice(0, c.span.start) + text + out.slice(c.span.end);
  }
  return out;
}

/**
 * Compiles and translates an access rule's calculation for the records of `typeId`. Never throws:
 * a calculation that does not compile, is not Boolean, reads the clock or has no SQL translation
 * answers the message to show (the first compile error with its line and column).
 */
export function translateRuleFilter(
  schema: Schema,
  engine: Engine,
  tenantId: number,
  typeId: EntityId,
  source: string,
): RuleFilterResult {
  try {
    const compiled = compile(withCurrentUserParam(source), {
      schema: calcSchemaOf(schema),
      contextTypeId: String(typeId),
      host: 'Report',
      params: [{ name: currentUserParam, type: 'Entity', entityTypeId: String(sysType.userAccount) }],
      expectedResultType: { type: 'Bool' },
    });
    const error = compiled.messages.find((m) => m.type === 'Error');
    if (error || !compiled.ok) {
      const where = error ? ` (line ${error.location.line}, column ${error.location.col})` : '';
      return { ok: false, message: `${error?.text ?? 'The calculation does not compile.'}${where}` };
    }
    if (compiled.resultType !== 'Bool' || compiled.isList)
      return { ok: false, message: "An access rule's calculation must give a yes/no (Bool) value." };
    if (compiled.calcFlags.usesClock) return { ok: false, message: clockMessage };
    const hooksFor = () =>
      translationHooks({
        tenantId,
        engine,
        schema,
        // Aliases of the filter's own subqueries: distinct from every alias of the queries it joins.
        prefix: 'arf',
        ref: (alias, column) =>
          alias === rowAlias ? sqlFragment`${rowHole}${rawSql(`.${column}`)}` : rawSql(`${alias}.${column}`),
        readable: (alias) => sqlFragment`${new ReadableHole(alias)}`,
        columnIdsFromRow: true,
      });
    const bigint = engine === 'sqlite' ? 'INTEGER' : 'bigint';
    const translate = (timeZone: string, now: number) => {
      const hooks = hooksFor();
      return toSql(compiled, {
        dialect: engine,
        row: rowAlias,
        hooks: {
          ...hooks,
          recordIdValue: (id) =>
            id === currentUserToken
              ? sqlFragment`CAST(${userHole} AS ${rawSql(bigint)})`
              : hooks.recordIdValue!(id),
        },
        timeZone,
        now,
        params: { [currentUserParam]: currentUserToken },
        output: 'raw',
      });
    };
    const result = translate('UTC', 0);
    if (!result.ok) return { ok: false, message: result.error };
    // Translated once per metamodel version, a filter cannot follow the tenant's time zone or the
    // clock: one whose SQL would depend on them (date parts of date-times, date-time text) is refused.
    const other = translate('Pacific/Kiritimati', 1_000_000_000_000);
    if (!other.ok || JSON.stringify(other.sql) !== JSON.stringify(result.sql))
      return { ok: false, message: zoneMessage };
    return { ok: true, sql: result.sql };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : 'The calculation cannot run.' };
  }
}

/**
 * A translated filter on the row aliased `alias`, for the caller `userId`, as a condition that is
 * false (never null) where the calculation is not true. `readable` gives the read rule checked on
 * each related record the filter reads (type-level rules only: filters never nest).
 */
export function ruleFilterSql(
  f: SqlFragment,
  alias: string,
  userId: EntityId,
  readable: (alias: string) => RawBuilder<boolean>,
): RawBuilder<boolean> {
  const values = f.values.map((v) => {
    if (v === rowHole) return sql.raw(alias);
    if (v === userHole) return userId;
    if (v instanceof ReadableHole) return readable(v.alias);
    return v;
  });
  const condition = sql(f.strings as unknown as TemplateStringsArray, ...values);
  return sql<boolean>`coalesce(${condition}, 1 = 0)`;
}
