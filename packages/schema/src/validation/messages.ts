/**
 * The validation message catalogue of spec 03 §5 and spec 01 §5 ("Field-schema editor").
 * Every text is verbatim from the spec — including where the spec ends a message without a full
 * stop — so the server, the browser and the builder show the same words.
 */

export const requiredMessage = 'A value is required.';
/** Spec 02 §5: the tooltip of a read-only cell, and the error of a change to one. */
export const readOnlyMessage = 'This field is read-only and cannot be edited';
export const invalidValueMessage = 'The value is invalid.';
export const invalidNumberMessage = 'The value is not a valid number.';
export const decimalPlacesExceededMessage = 'The maximum number of decimal places has been exceeded.';
/**
 * Spec 03 §5 only says "an invalid-date message" without giving its text; this wording follows the
 * pattern of the number and date-time messages.
 */
export const invalidDateMessage = 'The value is not a valid date.';
export const invalidTimeMessage = 'Invalid time value';
export const invalidDateTimeMessage = 'The value is not a valid date time.';

/** 'Invalid format.' followed by a space and the pattern description when the field has one. */
export function invalidFormatMessage(patternDescription?: string): string {
  const description = typeof patternDescription === 'string' ? patternDescription.trim() : '';
  return description === '' ? 'Invalid format.' : `Invalid format. ${description}`;
}

export function tooLongMessage(maxLength: number): string {
  return `The value is too long; the maximum length is ${formatBoundValue(maxLength)} characters.`;
}

export function tooShortMessage(minLength: number): string {
  return `The value is too short; the minimum length is ${formatBoundValue(minLength)} characters.`;
}

/** A bound as shown in a message: numbers plain (1000000000, 0.5), dates and times as stored. */
export type BoundValue = number | string;

export function outOfRangeMessage(min: BoundValue, max: BoundValue): string {
  return `The value is out of range; the value must be between ${formatBoundValue(min)} and ${formatBoundValue(max)} inclusive`;
}

export function belowMinimumMessage(min: BoundValue): string {
  return `The value is less than the minimum value; the minimum value is ${formatBoundValue(min)}`;
}

export function aboveMaximumMessage(max: BoundValue): string {
  return `The value is greater than the maximum value; the maximum value is ${formatBoundValue(max)}`;
}

/**
 * The range message for a value outside [min, max]: the two-sided message when both bounds are
 * set, otherwise the message of the one bound that is set.
 *
 * @example rangeMessage(1, 10) // 'The value is out of range; the value must be between 1 and 10 inclusive'
 */
export function rangeMessage(min: BoundValue | undefined, max: BoundValue | undefined): string {
  if (min !== undefined && max !== undefined) return outOfRangeMessage(min, max);
  if (min !== undefined) return belowMinimumMessage(min);
  if (max !== undefined) return aboveMaximumMessage(max);
  return invalidValueMessage;
}

/** Numbers without exponent or grouping (1e9 → '1000000000', 1e-7 → '0.0000001'); strings as given. */
export function formatBoundValue(value: BoundValue): string {
  if (typeof value === 'string') return value;
  return expandExponent(String(value));
}

/** Rewrites JavaScript's exponent form ('1e+21', '-1.5e-7') as plain digits; other text is returned as is. */
function expandExponent(text: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (match === null) return text;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

// Field-schema editor (spec 01 §5).

export const minGreaterThanMaxMessage = 'Minimum value cannot be greater than maximum value.';
export const minNotLowerThanMaxMessage = 'The Minimum value must be lower than the Maximum value.';

/** "There is another field with the same '{label}'." where label is the property's label. */
export function duplicateFieldMessage(propertyLabel: string): string {
  return `There is another field with the same '${propertyLabel}'.`;
}

export const duplicateObjectNameMessage = "There is another Object with the same 'Object name'";
export const duplicateObjectScriptNameMessage = "There is another Object with the same 'Script name'";
export const duplicateFieldOrObjectNameMessage =
  "There is another field or Object with the same 'Field name/Object name'.";
export const correctErrorsBeforeSavingMessage = 'Correct errors before saving';
export const requiredFieldHint = 'This field must be filled to create the record';
export const optionalFieldHint = 'This field is optional';
export const invalidFieldTypeMessage = 'Invalid field type specified';
/** The spec gives no text for an auto-number display pattern that cannot be used (decision 0023). */
export const unusableAutoNumberPatternMessage =
  'The display pattern must show the number as {0}, {0:D6} or {0:000000} (up to 20 digits); write a brace as {{ or }}.';
/** The spec gives no text for an unknown relationship type; this follows the field-type message. */
export const invalidRelTypeMessage = 'Invalid relationship type specified';
