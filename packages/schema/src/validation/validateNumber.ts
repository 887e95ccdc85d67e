import type { FieldDef } from '../metamodel/definitions.js';
import { fieldLimits } from '../metamodel/fieldTypes.js';
import { checkRange, type RangeBound } from './checkRange.js';
import { accepted, type FieldValueResult, rejected } from './fieldValueResult.js';
import { decimalPlacesExceededMessage, invalidNumberMessage } from './messages.js';

/**
 * Decimal places a field allows and displays: 0 for Number, the configured `decimalPlaces` clamped to
 * 0–10 for Decimal and Currency, else 3 (Decimal) or 2 (Currency).
 */
export function effectiveDecimalPlaces(field: Pick<FieldDef, 'type' | 'decimalPlaces'>): number {
  if (field.type !== 'Decimal' && field.type !== 'Currency') return 0;
  const configured = field.decimalPlaces;
  if (typeof configured === 'number' && Number.isFinite(configured)) {
    return Math.min(Math.max(Math.floor(configured), 0), fieldLimits.decimalPlacesMax);
  }
  return field.type === 'Currency' ? fieldLimits.decimalPlacesCurrency : fieldLimits.decimalPlacesDecimal;
}

interface NumericBounds {
  min: RangeBound<number>;
  max: RangeBound<number>;
}

/**
 * The configured bounds where set, else the business limits. A configured bound never widens the
 * business range (±1e9 for Number, ±1e12 for Decimal and Currency): the editor forbids it, and
 * clamping here keeps a hand-edited definition from admitting values storage was not sized for.
 */
function numericBounds(
  configuredMin: number | undefined,
  configuredMax: number | undefined,
  limitMin: number,
  limitMax: number,
): NumericBounds {
  const min = isFiniteNumber(configuredMin) ? Math.max(configuredMin, limitMin) : limitMin;
  const max = isFiniteNumber(configuredMax) ? Math.min(configuredMax, limitMax) : limitMax;
  return { min: { value: min, display: min }, max: { value: max, display: max } };
}

const integerText = /^-?\d+$/;
const decimalText = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Validates a non-empty value of a Number (int) field: an integer, or optional minus then digits. */
export function validateIntValue(field: FieldDef, input: unknown): FieldValueResult {
  let value: number;
  if (typeof input === 'number') {
    if (!Number.isInteger(input)) return rejected(invalidNumberMessage);
    value = input;
  } else if (typeof input === 'string') {
    const text = input.trim();
    if (!integerText.test(text)) return rejected(invalidNumberMessage);
    // Long digit strings parse to huge numbers or Infinity, which the range check rejects.
    value = Number(text);
  } else {
    return rejected(invalidNumberMessage);
  }
  const { min, max } = numericBounds(field.minInt, field.maxInt, fieldLimits.intMin, fieldLimits.intMax);
  const outOfRange = checkRange(value, min, max);
  if (outOfRange !== undefined) return rejected(outOfRange);
  return accepted(value + 0);
}

/**
 * Validates a non-empty value of a Decimal or Currency field: a finite number, or a plain decimal
 * string (optional sign, digits, optional fraction; no exponent or grouping). Stored as a number.
 */
export function validateDecimalValue(field: FieldDef, input: unknown): FieldValueResult {
  let value: number;
  let places: number;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return rejected(invalidNumberMessage);
    value = input;
    places = decimalPlacesOfNumber(input);
  } else if (typeof input === 'string') {
    const text = input.trim();
    if (!decimalText.test(text)) return rejected(invalidNumberMessage);
    value = Number(text);
    places = decimalPlacesOfText(text);
  } else {
    return rejected(invalidNumberMessage);
  }
  if (places > effectiveDecimalPlaces(field)) return rejected(decimalPlacesExceededMessage);
  const { min, max } = numericBounds(
    field.minDecimal,
    field.maxDecimal,
    fieldLimits.decimalMin,
    fieldLimits.decimalMax,
  );
  const outOfRange = checkRange(value, min, max);
  if (outOfRange !== undefined) return rejected(outOfRange);
  return accepted(value + 0);
}

/** Significant fraction digits of a plain decimal string ('1.2300' has 2). */
function decimalPlacesOfText(text: string): number {
  const dot = text.indexOf('.');
  if (dot < 0) return 0;
  // A loop, not /0+$/, which backtracks quadratically on long runs of zeros.
  let end = text.length;
  while (end > dot + 1 && text[end - 1] === '0') end -= 1;
  return end - dot - 1;
}

/** Fraction digits of a number's shortest round-trip form, exponent forms included (1.5e-10 has 11). */
function decimalPlacesOfNumber(value: number): number {
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(Math.abs(value)));
  if (match === null) return 0;
  const fractionDigits = match[2]?.length ?? 0;
  const exponent = Number(match[3] ?? 0);
  return Math.max(0, fractionDigits - exponent);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
