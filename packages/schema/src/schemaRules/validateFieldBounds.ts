import type { FieldDef } from '../metamodel/definitions.js';
import { type FieldType, fieldLimits } from '../metamodel/fieldTypes.js';
import type { StoredValue } from '../validation/fieldValueResult.js';
import { minGreaterThanMaxMessage, minNotLowerThanMaxMessage } from '../validation/messages.js';
import { validateFieldValue } from '../validation/validateFieldValue.js';

/** Field-schema property aliases (spec 01 §3) that carry a field's bounds. */
export type FieldBoundProperty =
  | 'minLength'
  | 'maxLength'
  | 'minInt'
  | 'maxInt'
  | 'minDecimal'
  | 'maxDecimal'
  | 'decimalPlaces'
  | 'minDate'
  | 'maxDate'
  | 'minTime'
  | 'maxTime'
  | 'minDateTime'
  | 'maxDateTime';

export interface FieldBoundIssue {
  property: FieldBoundProperty;
  message: string;
}

export type FieldBoundsDraft = Partial<FieldDef> & { type: FieldType };

/**
 * Checks the bounds an administrator set on a field in the field-schema editor (spec 01 §5). Only
 * the properties of the field's type are checked; unset (undefined, null or '') bounds are skipped.
 *
 * - Each bound must itself be a valid value: lengths are integers from 0 (minLength) or 1
 *   (maxLength) up to the type's default maximum (1000, or 100000 for long text); int bounds
 *   integers within ±1e9; decimal bounds within ±1e12 and the field's decimal places; decimal places
 *   0–10; dates, times and date-times in their stored formats. The messages are the value
 *   validator's own ('The value is out of range; …', 'The value is not a valid number.', …).
 * - minLength above maxLength, and a date, time or date-time minimum after its maximum:
 *   'Minimum value cannot be greater than maximum value.' on the minimum.
 * - An int or decimal minimum not below its maximum: 'The Minimum value must be lower than the
 *   Maximum value.' on the minimum.
 */
export function validateFieldBounds(field: FieldBoundsDraft): FieldBoundIssue[] {
  const issues: FieldBoundIssue[] = [];
  const check = (property: FieldBoundProperty, boundField: FieldDef) => {
    const result = validateFieldValue(boundField, field[property]);
    if (!result.ok) issues.push({ property, message: result.message });
    return result.ok ? result.value : null;
  };
  const checkPair = (
    minProperty: FieldBoundProperty,
    maxProperty: FieldBoundProperty,
    boundField: FieldDef,
    allowEqual: boolean,
  ) => {
    const min = check(minProperty, boundField);
    const max = check(maxProperty, boundField);
    if (isOrdered(min, max, allowEqual)) return;
    const message = allowEqual ? minGreaterThanMaxMessage : minNotLowerThanMaxMessage;
    issues.push({ property: minProperty, message });
  };

  switch (field.type) {
    case 'Text':
    case 'MultilineText':
    case 'RichText': {
      const limit = field.type === 'Text' ? fieldLimits.textMaxLength : fieldLimits.longTextMaxLength;
      const minLength = check('minLength', intField(0, limit));
      const maxLength = check('maxLength', intField(1, limit));
      if (!isOrdered(minLength, maxLength, true)) {
        issues.push({ property: 'minLength', message: minGreaterThanMaxMessage });
      }
      break;
    }
    case 'Number':
      checkPair('minInt', 'maxInt', intField(fieldLimits.intMin, fieldLimits.intMax), false);
      break;
    case 'Decimal':
    case 'Currency': {
      check('decimalPlaces', intField(0, fieldLimits.decimalPlacesMax));
      // Bounds may have as many places as the field allows (an invalid places value falls back to the clamp).
      const decimalBound = boundField(field.type, { decimalPlaces: field.decimalPlaces });
      checkPair('minDecimal', 'maxDecimal', decimalBound, false);
      break;
    }
    case 'Date':
      checkPair('minDate', 'maxDate', boundField('Date'), true);
      break;
    case 'Time':
      checkPair('minTime', 'maxTime', boundField('Time'), true);
      break;
    case 'DateTime':
      checkPair('minDateTime', 'maxDateTime', boundField('DateTime'), true);
      break;
    case 'Boolean':
    case 'AutoNumber':
    case 'Calculation':
      break;
  }
  return issues;
}

/** True unless both bounds are set and min is above max (or equal to it, when equality is not allowed). */
function isOrdered(min: StoredValue, max: StoredValue, allowEqual: boolean): boolean {
  if (min === null || max === null) return true;
  return allowEqual ? min <= max : min < max;
}

function intField(min: number, max: number): FieldDef {
  return boundField('Number', { minInt: min, maxInt: max });
}

/** An optional field of `type` against which a bound is validated as a value. */
function boundField(type: FieldType, bounds: Partial<FieldDef> = {}): FieldDef {
  return {
    id: 0,
    name: 'bound',
    scriptName: 'bound',
    type,
    storage: 'string',
    typeId: 0,
    isRequired: false,
    isReadOnly: false,
    ...bounds,
  };
}
