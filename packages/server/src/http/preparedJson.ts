const json = Symbol('prepared JSON');

/**
 * An answer whose JSON was written ahead (a kept answer's, decision 0144): the serializer sends
 * `text` in place of writing the value again. `text` must be exactly `JSON.stringify(value)`; in
 * tests the serializer checks that it is.
 */
export function withPreparedJson<T extends object>(value: T, text: string): T {
  Object.defineProperty(value, json, { value: text });
  return value;
}

/** The JSON written ahead for `value`, if any. */
export function preparedJson(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? (value as { [json]?: string })[json] : undefined;
}
