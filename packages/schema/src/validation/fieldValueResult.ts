/** A field value in its stored form: strings (text, dates, times, date-times), numbers, booleans. */
export type StoredValue = string | number | boolean | null;

/** The outcome of validating one field value: the normalised stored value, or the message to show. */
export type FieldValueResult = { ok: true; value: StoredValue } | { ok: false; message: string };

export function accepted(value: StoredValue): FieldValueResult {
  return { ok: true, value };
}

export function rejected(message: string): FieldValueResult {
  return { ok: false, message };
}
