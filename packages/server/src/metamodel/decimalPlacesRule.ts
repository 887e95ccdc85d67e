import type { FieldDef, FieldType } from '@plinth/schema';

/** The spec gives no text for this rule (spec 01 §5, decision 0096); it names where places apply. */
export const decimalPlacesOnlyForNonIntegersMessage =
  'Decimal places apply only to Decimal, Currency and Calculation fields.';

const withPlaces: readonly FieldType[] = ['Decimal', 'Currency', 'Calculation'];

/**
 * Decimal places apply only to non-integer fields (spec 01 §5): a put that sets them on any other
 * field is refused. Only a change is checked, so a field whose type changed keeps what it held.
 */
export function checkDecimalPlaces(
  before: FieldDef | undefined,
  after: FieldDef | undefined,
): Array<{ member: string; message: string }> {
  if (!after || after.decimalPlaces === undefined || after.decimalPlaces === before?.decimalPlaces) return [];
  if (withPlaces.includes(after.type)) return [];
  return [{ member: 'decimalPlaces', message: decimalPlacesOnlyForNonIntegersMessage }];
}
