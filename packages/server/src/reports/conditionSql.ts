import {
  type ConditionOperator,
  dateOnlyAdd,
  type EntityId,
  type FieldDef,
  type FieldType,
  isRelativeDateOperator,
  isStructureLevelOperator,
  noArgumentOperators,
  relativeDateRange,
  relativeInstantRange,
  type StorageKind,
  startOfLocalDayUtc,
  sysRel,
  sysType,
  validateFieldValue,
} from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import type { RequestContext } from '../context.js';
import { containsMatches } from '../data/search/indexedContains.js';
import { escapeLike, param } from '../data/sql/sqlFragments.js';
import { tenantScope } from '../data/tenantScope.js';
import { badRequest } from '../http/errors.js';
import type { ResolvedColumn } from './resolveColumns.js';
import { structureLevelSql } from './structureLevelSql.js';

/** A condition ready to apply: the stored one with the query's operator and values. */
export interface EffectiveCondition {
  id: string;
  column: ResolvedColumn;
  oper: ConditionOperator;
  value?: string | number | boolean | null | undefined;
  values?: ReadonlyArray<string | number | boolean | null> | undefined;
  valueList?: readonly EntityId[] | undefined;
}

export interface ConditionScope {
  ctx: RequestContext;
  timeZone: string;
  financialYearStartMonth: number;
  now: Date;
}

/** True when a condition has what it needs to apply (spec 02 §5 Filters). */
export function conditionApplies(c: EffectiveCondition): boolean {
  if (noArgumentOperators.has(c.oper) || c.column.type === 'Bool') return true;
  if (c.oper === 'AnyOf' || c.oper === 'AnyExcept' || isStructureLevelOperator(c.oper))
    return (c.valueList?.length ?? 0) > 0 || (c.values?.length ?? 0) > 0;
  if (c.oper === 'Between') return hasValue(c.value) || hasValue(c.values?.[0]);
  return hasValue(c.value);
}

const hasValue = (v: unknown) => v !== undefined && v !== null && v !== '';

const fieldTypeOfStorage: Record<StorageKind, Exclude<FieldType, 'Calculation'>> = {
  string: 'Text',
  int: 'Number',
  autoNumber: 'Number',
  decimal: 'Decimal',
  currency: 'Currency',
  date: 'Date',
  time: 'Time',
  dateTime: 'DateTime',
  bool: 'Boolean',
};

const bad = (c: EffectiveCondition, why: string) => badRequest(`Condition '${c.id}': ${why}`);

export interface FieldConditionOptions {
  /**
   * The report walks the ordered search index for this condition's term (planWalk): a Contains then
   * tests the records the walk reads, without a lookup of its own.
   */
  walked?: boolean;
}

/**
 * A field condition as SQL on `value` (the field's value expression). Values are always bound as
 * parameters, after being parsed as the field's type.
 */
export function fieldConditionSql(
  scope: ConditionScope,
  c: EffectiveCondition,
  value: RawBuilder<unknown>,
  options: FieldConditionOptions = {},
): RawBuilder<boolean> {
  if (c.column.kind !== 'field') throw bad(c, 'not a field condition');
  const { engine } = scope.ctx;
  const type = c.column.type;
  const isText = type === 'String';
  if ((c.oper === 'IsTrue' || c.oper === 'IsFalse') && type !== 'Bool')
    throw bad(c, `the operator ${c.oper} applies to Yes/No values only`);
  switch (c.oper) {
    case 'IsNull':
      return isText ? sql<boolean>`(${value} IS NULL OR ${value} = '')` : sql<boolean>`${value} IS NULL`;
    case 'IsNotNull':
      return isText
        ? sql<boolean>`(${value} IS NOT NULL AND ${value} <> '')`
        : sql<boolean>`${value} IS NOT NULL`;
    case 'IsTrue':
      return sql<boolean>`${value} = ${param(engine, true)}`;
    case 'IsFalse':
      return sql<boolean>`(${value} IS NULL OR ${value} = ${param(engine, false)})`;
  }
  if (type === 'Bool') {
    if (c.oper !== 'Equal' && c.oper !== 'NotEqual')
      throw bad(c, `the operator ${c.oper} does not apply to Yes/No values`);
    if (typeof c.value !== 'boolean') return sql<boolean>`1 = 1`;
    const want = c.oper === 'Equal' ? c.value : !c.value;
    return want
      ? sql<boolean>`${value} = ${param(engine, true)}`
      : sql<boolean>`(${value} IS NULL OR ${value} = ${param(engine, false)})`;
  }
  if (isText) {
    const text = String(c.value ?? '');
    if (text.includes('\u0000')) throw bad(c, 'text values cannot hold the character NUL');
    const lowered = sql`lower(${value})`;
    switch (c.oper) {
      case 'Equal':
        return sql<boolean>`${lowered} = lower(${text})`;
      case 'NotEqual':
        return sql<boolean>`(${value} IS NULL OR ${lowered} <> lower(${text}))`;
      case 'Contains': {
        const like = sql<boolean>`${lowered} LIKE lower(${`%${escapeLike(text)}%`}) ESCAPE '\\'`;
        // The trigram index narrows the records to test, as the quick search does (decision 0044),
        // unless the report's walk of the ordered search index reads the term's matches already.
        const onRoot = c.column.path.length === 0;
        const indexed = options.walked
          ? undefined
          : containsMatches(engine, scope.ctx.tenantId, c.column.field, onRoot, text);
        return indexed ? sql<boolean>`(${indexed} AND ${like})` : like;
      }
      case 'StartsWith':
        return sql<boolean>`${lowered} LIKE lower(${`${escapeLike(text)}%`}) ESCAPE '\\'`;
      case 'EndsWith':
        return sql<boolean>`${lowered} LIKE lower(${`%${escapeLike(text)}`}) ESCAPE '\\'`;
      default:
        throw bad(c, `the operator ${c.oper} does not apply to text`);
    }
  }
  if (isRelativeDateOperator(c.oper)) {
    if (type !== 'Date' && type !== 'DateTime') throw bad(c, `the operator ${c.oper} applies to dates only`);
    const n = !c.oper.includes('N')
      ? undefined
      : typeof c.value === 'number'
        ? c.value
        : typeof c.value === 'string' && /^\s*\d+\s*$/.test(c.value)
          ? Number(c.value)
          : Number.NaN;
    const settings = { timeZone: scope.timeZone, financialYearStartMonth: scope.financialYearStartMonth };
    const range =
      type === 'Date'
        ? relativeDateRange(c.oper, n, scope.now, settings)
        : relativeInstantRange(c.oper, n, scope.now, settings);
    if (!range) throw bad(c, 'the number of periods must be a whole number from 1 to 10000');
    return sql<boolean>`(${value} >= ${range.from} AND ${value} < ${range.to})`;
  }
  const parse = (v: unknown) => parseBound(scope, c, v);
  switch (c.oper) {
    case 'Equal':
    case 'DateEquals':
      if (c.oper === 'DateEquals' && type !== 'Date' && type !== 'DateTime')
        throw bad(c, 'the operator DateEquals applies to dates only');
      if (type === 'DateTime') {
        const day = parseDateOnly(c, c.value);
        if (day) return dayRange(scope, value, day, day);
      }
      return sql<boolean>`${value} = ${parse(c.value)}`;
    case 'NotEqual':
      return sql<boolean>`(${value} IS NULL OR ${value} <> ${parse(c.value)})`;
    case 'GreaterThan':
      return sql<boolean>`${value} > ${parse(c.value)}`;
    case 'GreaterThanOrEqual':
      return sql<boolean>`${value} >= ${parse(c.value)}`;
    case 'LessThan':
      return sql<boolean>`${value} < ${parse(c.value)}`;
    case 'LessThanOrEqual':
      return sql<boolean>`${value} <= ${parse(c.value)}`;
    case 'Between': {
      let [low, high] = [c.value, c.values?.[0]];
      if (type !== 'Date' && type !== 'DateTime' && type !== 'Time') {
        // Numbers: a missing bound leaves that side open.
        if (!hasValue(low)) return sql<boolean>`${value} <= ${parse(high)}`;
        if (!hasValue(high)) return sql<boolean>`${value} >= ${parse(low)}`;
      }
      // A Between with one bound fills the other a day (or an hour, for times) away (spec 02 §5).
      if (!hasValue(low)) low = shifted(type, String(high), -1);
      if (!hasValue(high)) high = shifted(type, String(low), 1);
      if (type === 'DateTime') {
        const [a, b] = [parseDateOnly(c, low), parseDateOnly(c, high)];
        if (a && b) return dayRange(scope, value, a, b);
      }
      return sql<boolean>`(${value} >= ${parse(low)} AND ${value} <= ${parse(high)})`;
    }
    default:
      throw bad(c, `the operator ${c.oper} does not apply to ${type} values`);
  }
}

/** Parses a condition value as the column's type, bound as a parameter; unparsable is a 400. */
function parseBound(scope: ConditionScope, c: EffectiveCondition, v: unknown): RawBuilder<unknown> {
  if (c.column.kind !== 'field') throw bad(c, 'not a field condition');
  // A filter may ask for any value of the field's type: the field's own bounds do not apply.
  const f = c.column.field;
  const unbounded: FieldDef = {
    id: f.id,
    name: f.name,
    scriptName: f.scriptName,
    typeId: f.typeId,
    storage: f.storage,
    // A condition value is parsed as what the field stores (a calculation: its result type).
    type:
      f.type === 'AutoNumber' ? 'Number' : f.type === 'Calculation' ? fieldTypeOfStorage[f.storage] : f.type,
    isRequired: false,
    isReadOnly: false,
    decimalPlaces: 10,
  };
  if (c.column.type === 'DateTime') {
    const day = parseDateOnly(c, v);
    if (day) return sql`${startOfLocalDayUtc(day, scope.timeZone)}`;
  }
  const result = validateFieldValue(unbounded, v);
  if (!result.ok || result.value === null)
    throw bad(c, `'${String(v)}' is not a valid ${c.column.type} value`);
  return param(scope.ctx.engine, result.value);
}

/** A real calendar date `yyyy-MM-dd` (years 1–9999), else undefined. */
function parseDateOnly(_c: EffectiveCondition, v: unknown): string | undefined {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return undefined;
  try {
    return dateOnlyAdd(v, 0);
  } catch {
    return undefined;
  }
}

/** A date a number of days away, or undefined past the supported calendar. */
function addDays(date: string, days: number): string | undefined {
  try {
    return dateOnlyAdd(date, days);
  } catch {
    return undefined;
  }
}

/** Date-times on the local days from `first` to `last`, in the tenant's time zone. */
function dayRange(
  scope: ConditionScope,
  value: RawBuilder<unknown>,
  first: string,
  last: string,
): RawBuilder<boolean> {
  const from = startOfLocalDayUtc(first, scope.timeZone);
  const next = addDays(last, 1);
  // The last day of the calendar has no next day: everything from `first` on.
  if (next === undefined) return sql<boolean>`${value} >= ${from}`;
  const to = startOfLocalDayUtc(next, scope.timeZone);
  return sql<boolean>`(${value} >= ${from} AND ${value} < ${to})`;
}

function shifted(type: string, bound: string, direction: 1 | -1): string {
  if (type === 'Time') {
    if (!/^\d{2}:\d{2}(:\d{2})?$/.test(bound)) return bound;
    const [h, m, s] = bound.split(':').map(Number);
    const hour = (h ?? 0) + direction;
    // An hour away, within the day.
    if (hour > 23) return '23:59:59';
    if (hour < 0) return '00:00:00';
    return `${String(hour).padStart(2, '0')}:${String(m ?? 0).padStart(2, '0')}:${String(s ?? 0).padStart(2, '0')}`;
  }
  // A day away, within the calendar (years 1–9999).
  if (/^\d{4}-\d{2}-\d{2}$/.test(bound)) return addDays(bound, direction) ?? bound;
  if (type !== 'DateTime') return bound;
  const d = new Date(bound);
  if (Number.isNaN(d.getTime())) return bound;
  d.setUTCHours(d.getUTCHours() + direction * 24);
  const year = d.getUTCFullYear();
  if (year > 9999) return '9999-12-31T23:59:59.999Z';
  if (year < 1) return '0001-01-01T00:00:00.000Z';
  return d.toISOString();
}

/**
 * A relationship condition as SQL on the record aliased `alias`: any of / any except some records,
 * no related record, some related record, the current user, or — when the related object has a
 * structure — records below or above some records (spec 03 §9 "Structure levels").
 */
export function relationshipConditionSql(
  scope: ConditionScope,
  c: EffectiveCondition,
  alias: string,
): RawBuilder<boolean> {
  if (c.column.kind !== 'relationship') throw bad(c, 'not a relationship condition');
  const { ctx } = scope;
  const { rel, direction, targetTypeId } = c.column;
  const [self, other] =
    direction === 'fwd' ? (['from_id', 'to_id'] as const) : (['to_id', 'from_id'] as const);
  const tenant = tenantScope(ctx);
  const related = (extra: RawBuilder<boolean>) =>
    sql<boolean>`EXISTS (SELECT 1 FROM relationships rc JOIN entities ec ON ec.id = ${sql.ref(`rc.${other}`)}
      WHERE ${tenant.owns('rc')} AND rc.rel_id = ${rel.id} AND ${sql.ref(`rc.${self}`)} = ${sql.ref(`${alias}.id`)}
      AND ${tenant.visible('ec')} AND ${extra})`;
  const ids = () => {
    // Equal and NotEqual name their record by `value` (conditionApplies); an empty IN () fails on PostgreSQL.
    const one = (c.oper === 'Equal' || c.oper === 'NotEqual') && hasValue(c.value) ? [c.value] : [];
    const list = [...(c.valueList ?? []), ...(c.values ?? []), ...one].map(Number);
    if (list.some((id) => !Number.isSafeInteger(id) || id <= 0))
      throw bad(c, 'the values must be record ids');
    return list;
  };
  switch (c.oper) {
    case 'AnyOf':
    case 'Equal':
      return related(sql<boolean>`ec.id IN (${sql.join(ids())})`);
    case 'AnyExcept':
    case 'NotEqual':
      return sql<boolean>`NOT ${related(sql<boolean>`ec.id IN (${sql.join(ids())})`)}`;
    case 'IsNull':
      return sql<boolean>`NOT ${related(sql<boolean>`1 = 1`)}`;
    case 'IsNotNull':
      return related(sql<boolean>`1 = 1`);
    case 'AnyBelow':
    case 'AtOrBelow':
    case 'AnyAbove':
    case 'AtOrAbove': {
      const { structure } = c.column;
      if (!structure)
        throw bad(c, `the operator ${c.oper} applies to relationships to objects with a structure only`);
      return related(sql<boolean>`ec.id IN (${structureLevelSql(ctx, structure, c.oper, ids())})`);
    }
    case 'CurrentUser': {
      const isPerson = ctx.schema.isA(targetTypeId, sysType.person);
      if (!isPerson && !ctx.schema.isA(targetTypeId, sysType.userAccount))
        throw bad(c, 'the operator CurrentUser applies to relationships to users and people only');
      const me = isPerson
        ? sql<boolean>`ec.id IN (SELECT to_id FROM relationships WHERE ${tenant.owns('relationships')} AND rel_id = ${sysRel.accountHolder} AND from_id = ${ctx.actor.userId})`
        : sql<boolean>`ec.id = ${ctx.actor.userId}`;
      return related(me);
    }
    default:
      throw bad(c, `the operator ${c.oper} does not apply to relationships`);
  }
}
