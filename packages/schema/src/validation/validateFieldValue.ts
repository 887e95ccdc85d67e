import type { FieldDef } from '../metamodel/definitions.js';
import { accepted, type FieldValueResult, rejected } from './fieldValueResult.js';
import { invalidValueMessage, requiredMessage } from './messages.js';
import { validateDecimalValue, validateIntValue } from './validateNumber.js';
import { validateDateTimeValue, validateDateValue, validateTimeValue } from './validateTemporal.js';
import { isBlankText, validateTextValue } from './validateText.js';

export interface ValidateFieldValueOptions {
  /** The component or control marks the field mandatory even though the field is not required. */
  mandatory?: boolean;
}

/**
 * True when a client may write the field: AutoNumber values are assigned and Calculation values
 * computed by the server, and read-only fields are not edited.
 */
export function isWritableField(field: Pick<FieldDef, 'type' | 'isReadOnly'>): boolean {
  return field.type !== 'AutoNumber' && field.type !== 'Calculation' && field.isReadOnly !== true;
}

/**
 * The one validator of a single field value, used by the server and the browser: checks `input`
 * against the field's type and bounds (spec 03 §5) and normalises it to its stored form.
 *
 * - An empty value (undefined, null, blank text, rich text with only tags and non-breaking spaces)
 *   is 'A value is required.' when the field is required or `options.mandatory` is set, else null.
 *   For Boolean fields only undefined and null are empty; `false` is a value.
 * - AutoNumber and Calculation fields reject every input, null included.
 * - Never throws: inputs of the wrong kind (objects, arrays, NaN, symbols, …) get a message, and
 *   only primitives are ever inspected, so hostile `toString`s and proxies are never invoked.
 *
 * @example
 * validateFieldValue(currencyField, '12.50') // { ok: true, value: 12.5 }
 * validateFieldValue(dateField, '2024-02-30') // { ok: false, message: 'The value is not a valid date.' }
 */
export function validateFieldValue(
  field: FieldDef,
  input: unknown,
  options?: ValidateFieldValueOptions,
): FieldValueResult {
  if (field.type === 'AutoNumber' || field.type === 'Calculation') return rejected(invalidValueMessage);
  if (isEmptyInput(field, input)) {
    const isMandatory = field.isRequired === true || options?.mandatory === true;
    return isMandatory ? rejected(requiredMessage) : accepted(null);
  }
  switch (field.type) {
    case 'Text':
    case 'MultilineText':
    case 'RichText':
      return typeof input === 'string' ? validateTextValue(field, input) : rejected(invalidValueMessage);
    case 'Number':
      return validateIntValue(field, input);
    case 'Decimal':
    case 'Currency':
      return validateDecimalValue(field, input);
    case 'Date':
      return validateDateValue(field, input);
    case 'Time':
      return validateTimeValue(field, input);
    case 'DateTime':
      return validateDateTimeValue(field, input);
    case 'Boolean':
      return typeof input === 'boolean' ? accepted(input) : rejected(invalidValueMessage);
    default:
      return unknownFieldType(field.type);
  }
}

function isEmptyInput(field: FieldDef, input: unknown): boolean {
  if (input === undefined || input === null) return true;
  if (field.type === 'Boolean' || typeof input !== 'string') return false;
  return isBlankText(input, field.type === 'RichText');
}

/** Fails to compile when a field type is added without a case; at run time an unknown type is invalid. */
function unknownFieldType(type: never): FieldValueResult {
  void type;
  return rejected(invalidValueMessage);
}
