/** The base types of the calculation language (calc-language.md §3). `None` is the type of `null`. */
export type BaseType =
  | 'String'
  | 'Int32'
  | 'Decimal'
  | 'Currency'
  | 'Bool'
  | 'Date'
  | 'Time'
  | 'DateTime'
  | 'Entity'
  | 'None';

/** A static type: a base type, whether it is a list, and for records the entity type id. */
export interface CalcType {
  readonly type: BaseType;
  readonly isList: boolean;
  readonly entityTypeId?: string;
}

/** Where an expression runs; hosts restrict functions (calc-language.md §5). */
export type CalcHost = 'Any' | 'Evaluate' | 'Report';

export const scalar = (type: BaseType, entityTypeId?: string): CalcType =>
  entityTypeId === undefined ? { type, isList: false } : { type, isList: false, entityTypeId };
export const listOf = (t: CalcType): CalcType => ({ ...t, isList: true });
export const elementOf = (t: CalcType): CalcType => ({ ...t, isList: false });

export const NONE = scalar('None');
export const STRING = scalar('String');
export const INT32 = scalar('Int32');
export const DECIMAL = scalar('Decimal');
export const CURRENCY = scalar('Currency');
export const BOOL = scalar('Bool');
export const DATE = scalar('Date');
export const TIME = scalar('Time');
export const DATETIME = scalar('DateTime');

export const isNumeric = (t: CalcType): boolean =>
  !t.isList && (t.type === 'Int32' || t.type === 'Decimal' || t.type === 'Currency');

const numericRank: Partial<Record<BaseType, number>> = { Int32: 1, Decimal: 2, Currency: 3 };

/** The wider of two numeric types (Int32 → Decimal → Currency). */
export function widerNumeric(a: BaseType, b: BaseType): BaseType {
  return (numericRank[a] ?? 0) >= (numericRank[b] ?? 0) ? a : b;
}

/**
 * The common type of two types, with implicit widening (Int32 → Decimal → Currency, Date → DateTime)
 * and `None` joining anything; `undefined` when they have none.
 */
export function unify(a: CalcType, b: CalcType): CalcType | undefined {
  if (a.type === 'None' && !a.isList) return b;
  if (b.type === 'None' && !b.isList) return a;
  if (a.isList !== b.isList) return undefined;
  if (a.type === b.type) {
    if (a.type !== 'Entity' || a.entityTypeId === b.entityTypeId) return a;
    return { type: 'Entity', isList: a.isList };
  }
  if (numericRank[a.type] && numericRank[b.type])
    return { type: widerNumeric(a.type, b.type), isList: a.isList };
  const pair = new Set([a.type, b.type]);
  if (pair.has('Date') && pair.has('DateTime')) return { type: 'DateTime', isList: a.isList };
  return undefined;
}

/** Whether a value of type `from` may be used where `to` is expected, with implicit widening. */
export function isAssignable(from: CalcType, to: CalcType): boolean {
  if (from.type === 'None') return true;
  if (from.isList !== to.isList) return false;
  if (from.type === to.type) {
    return from.type !== 'Entity' || to.entityTypeId === undefined || from.entityTypeId === to.entityTypeId;
  }
  if (numericRank[from.type] && numericRank[to.type])
    return (numericRank[from.type] ?? 0) <= (numericRank[to.type] ?? 0);
  return from.type === 'Date' && to.type === 'DateTime';
}

/** A type as messages name it: `String`, `List of String`. */
export function typeName(t: CalcType, entityTypeName?: string): string {
  const base = t.type === 'Entity' && entityTypeName ? entityTypeName : t.type;
  return t.isList ? `List of ${base}` : base;
}
