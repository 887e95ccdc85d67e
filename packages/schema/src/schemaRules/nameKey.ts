/**
 * The form in which member and type names are compared for clashes: trimmed and lower-cased
 * (locale-independent). Anything but a string compares as the empty name.
 */
export function nameKey(name: unknown): string {
  return typeof name === 'string' ? name.trim().toLowerCase() : '';
}
