const prepared = Symbol('prepared JSON');

interface Prepared {
  text: string;
  gzip?: () => Buffer;
}

/**
 * An answer whose JSON was written ahead (a kept answer's, decision 0144): the serializer sends
 * `text` in place of writing the value again, and `gzip`, when given, makes the same text as one
 * gzip member without compressing it all again (decision 0146). `text` must be exactly
 * `JSON.stringify(value)`; in tests the serializer checks that it is.
 */
export function withPreparedJson<T extends object>(value: T, text: string, gzip?: () => Buffer): T {
  Object.defineProperty(value, prepared, { value: gzip ? { text, gzip } : { text } });
  return value;
}

function preparedOf(value: unknown): Prepared | undefined {
  return typeof value === 'object' && value !== null
    ? (value as { [prepared]?: Prepared })[prepared]
    : undefined;
}

/** The JSON written ahead for `value`, if any. */
export function preparedJson(value: unknown): string | undefined {
  return preparedOf(value)?.text;
}

/** The JSON written ahead for `value` with what makes its gzip, if both were given. */
export function preparedGzip(value: unknown): Required<Prepared> | undefined {
  const found = preparedOf(value);
  return found?.gzip ? (found as Required<Prepared>) : undefined;
}
