import { fieldLimits } from '@plinth/schema';
import { Decimal } from 'decimal.js';

/**
 * Exact decimals for Decimal and Currency: 34 significant digits (IEEE decimal128), half away from
 * zero, and `mod` keeping the dividend's sign.
 */
export const Dec = Decimal.clone({
  precision: 34,
  rounding: Decimal.ROUND_HALF_UP,
  modulo: Decimal.ROUND_DOWN,
  toExpNeg: -40,
  toExpPos: 40,
});
export type Dec = Decimal;

/** A calendar date, as days since 1970-01-01. */
export class CalcDate {
  constructor(readonly days: number) {}
}
/** A time of day, as milliseconds since midnight. */
export class CalcTime {
  constructor(readonly ms: number) {}
}
/** An instant, as milliseconds since the epoch (UTC). */
export class CalcDateTime {
  constructor(readonly ms: number) {}
}
/** A record. */
export class RecordValue {
  constructor(
    readonly id: string,
    readonly typeId: string,
  ) {}
}

/** A runtime value: Int32 is a JavaScript integer, Decimal and Currency are decimal.js values. */
export type Value =
  | null
  | string
  | number
  | boolean
  | Decimal
  | CalcDate
  | CalcTime
  | CalcDateTime
  | RecordValue
  | readonly Value[];

/** Evaluation stopped at a limit; the message is shown to the user. */
export class CalcLimitError extends Error {}

/** The longest text a calculation may build: the longest text value a field holds (spec 01 §9, issue 14). */
export const MAX_TEXT = fieldLimits.longTextMaxLength;

/** Stops evaluation when a text result would pass {@link MAX_TEXT} characters. */
export function checkTextLength(length: number): void {
  if (length > MAX_TEXT)
    throw new CalcLimitError(
      `Text result is too long (more than ${MAX_TEXT.toLocaleString('en-US')} characters).`,
    );
}

export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;
export const DAY_MS = 86_400_000;

export const isDecimal = (v: unknown): v is Decimal => Decimal.isDecimal(v);
export const isNumber = (v: Value): v is number | Decimal => typeof v === 'number' || isDecimal(v);
export const isList = (v: Value): v is readonly Value[] => Array.isArray(v);
export const toDec = (v: number | Decimal): Decimal => (typeof v === 'number' ? new Dec(v) : v);

/** An integer result stays Int32 while it fits; past ±2^31 it becomes Decimal. */
export function fromInteger(n: number, exact: () => Decimal): number | Decimal {
  return Number.isSafeInteger(n) && n >= INT32_MIN && n <= INT32_MAX ? n + 0 : exact();
}

export function add(a: number | Decimal, b: number | Decimal): number | Decimal {
  if (typeof a === 'number' && typeof b === 'number') return fromInteger(a + b, () => new Dec(a).plus(b));
  return toDec(a).plus(toDec(b));
}
export function subtract(a: number | Decimal, b: number | Decimal): number | Decimal {
  if (typeof a === 'number' && typeof b === 'number') return fromInteger(a - b, () => new Dec(a).minus(b));
  return toDec(a).minus(toDec(b));
}
export function multiply(a: number | Decimal, b: number | Decimal): number | Decimal {
  if (typeof a === 'number' && typeof b === 'number') return fromInteger(a * b, () => new Dec(a).times(b));
  return toDec(a).times(toDec(b));
}
export function divide(a: number | Decimal, b: number | Decimal): Decimal | null {
  const d = toDec(b);
  return d.isZero() ? null : toDec(a).div(d);
}
/** `%`: the remainder with the dividend's sign; null on a zero divisor. */
export function remainder(a: number | Decimal, b: number | Decimal): number | Decimal | null {
  if (typeof a === 'number' && typeof b === 'number') return b === 0 ? null : (a % b) + 0;
  const d = toDec(b);
  return d.isZero() ? null : toDec(a).mod(d);
}
export function negate(a: number | Decimal): number | Decimal {
  return typeof a === 'number' ? fromInteger(-a, () => new Dec(a).neg()) : a.neg();
}

export function compareNumbers(a: number | Decimal, b: number | Decimal): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  return toDec(a).cmp(toDec(b));
}

/** Case-insensitive text order (calc-language.md §2); ordinal on the lower-cased text, so locale-free. */
export function compareText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Decimal text without exponent; Currency shows at least two places. Beyond 1,000 digits either side
 * of the point it falls back to exponent form rather than build a huge string.
 */
export function decimalText(d: Decimal, isCurrency: boolean): string {
  if (Math.abs(d.e) > 1000) return d.toExponential();
  return isCurrency && d.decimalPlaces() < 2 ? d.toFixed(2) : d.toFixed();
}
