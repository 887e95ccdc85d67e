/** Decimal places when none are configured (spec 02 §9: numeric default decimals 2). */
export const defaultDecimalPlaces = 2;
/** Bounds used when a field configures none (spec 03 §5: integer ±1e9, decimal ±1e12). */
export const defaultIntegerBounds = { min: -1e9, max: 1e9 } as const;
export const defaultDecimalBounds = { min: -1e12, max: 1e12 } as const;

export interface NumericRules {
  /** Whether a decimal point is allowed (decimal and currency; not integers). */
  isFloating: boolean;
  /** Decimal places (floating only); default 2. */
  decimalPlaces?: number;
  min?: number;
  max?: number;
}

/**
 * Whether the text the user is about to have may stand: only digits and a leading minus, plus one
 * decimal point when floating, and no more fraction digits than the decimal places.
 */
export function acceptsNumericText(text: string, rules: NumericRules): boolean {
  if (!rules.isFloating) return /^-?\d*$/.test(text);
  if (!/^-?\d*(\.\d*)?$/.test(text)) return false;
  const fraction = text.split('.')[1];
  return fraction === undefined || fraction.length <= placesOf(rules);
}

function placesOf(rules: NumericRules): number {
  return rules.isFloating ? Math.min(10, Math.max(0, rules.decimalPlaces ?? defaultDecimalPlaces)) : 0;
}

/** The effective bounds: configured, or the type's defaults (then `isDefault…` is true). */
export function effectiveBounds(rules: NumericRules): {
  min: number;
  max: number;
  isDefaultMin: boolean;
  isDefaultMax: boolean;
} {
  const defaults = rules.isFloating ? defaultDecimalBounds : defaultIntegerBounds;
  return {
    min: rules.min ?? defaults.min,
    max: rules.max ?? defaults.max,
    isDefaultMin: rules.min === undefined,
    isDefaultMax: rules.max === undefined,
  };
}

/** Formats a number with exactly the decimal places: truncated, never rounded, or zero-padded. */
export function formatNumber(value: number, rules: NumericRules): string {
  const places = placesOf(rules);
  const text = numberToPlainString(value);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const result = places === 0 ? whole : `${whole}.${fraction.slice(0, places).padEnd(places, '0')}`;
  const isZero = /^[0.]*$/.test(result);
  return negative && !isZero ? `-${result}` : result;
}

function numberToPlainString(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/\.?0+$/, '');
}

/**
 * The value after the field loses focus (spec 02 §5): an empty value becomes the minimum (0 when the
 * minimum is negative), else the previous value, else 0; values at or below the minimum become the
 * minimum and at or above the maximum the maximum.
 */
export function valueOnBlur(text: string, previous: number | null, rules: NumericRules): number {
  const { min, max } = effectiveBounds(rules);
  const trimmed = text.trim();
  let value: number;
  if (trimmed === '' || trimmed === '-' || trimmed === '.' || trimmed === '-.') {
    if (rules.min !== undefined) value = Math.max(rules.min, 0);
    else value = previous ?? 0;
  } else {
    value = Number(trimmed);
    if (Number.isNaN(value)) value = previous ?? 0;
  }
  if (value <= min) return min;
  if (value >= max) return max;
  return Number(formatNumber(value, rules));
}

/** One caret step (±1), clamped to the bounds. */
export function stepValue(value: number | null, direction: 1 | -1, rules: NumericRules): number {
  const { min, max } = effectiveBounds(rules);
  const next = (value ?? 0) + direction;
  return Math.min(max, Math.max(min, Number(formatNumber(next, rules))));
}

/** Which bound the value sits on, and whether that bound was configured or is the type's default. */
export function boundHint(
  value: number | null,
  rules: NumericRules,
): { text: '(min)' | '(max)'; isConfigured: boolean } | null {
  if (value === null) return null;
  const bounds = effectiveBounds(rules);
  if (value === bounds.min) return { text: '(min)', isConfigured: !bounds.isDefaultMin };
  if (value === bounds.max) return { text: '(max)', isConfigured: !bounds.isDefaultMax };
  return null;
}

/**
 * A number as read-only text (spec 03 §5 display): empty for null or empty, 'NAN' for a value that
 * is not a number, else the decimal places (clamped to 0-10) padded or truncated.
 */
export function formatNumberForDisplay(value: unknown, rules: NumericRules): string {
  if (value === null || value === undefined || value === '') return '';
  const number =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(number)) return 'NAN';
  return formatNumber(number, rules);
}
