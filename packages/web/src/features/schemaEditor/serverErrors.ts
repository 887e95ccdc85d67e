import { ApiError } from '../../api/apiClient';

/** A refused put's messages by the member (put key) they are about, for the record sent as `id`. */
export function memberErrorsOf(failure: unknown, id?: string | number): Record<string, string> | null {
  if (!(failure instanceof ApiError) || failure.code !== 'validation_failed') return null;
  const errors = (
    failure.details as { errors?: Array<{ id?: unknown; member?: unknown; message?: unknown }> }
  )?.errors;
  if (!Array.isArray(errors)) return null;
  const out: Record<string, string> = {};
  for (const e of errors) {
    if (id !== undefined && e.id !== undefined && e.id !== id) continue;
    if (typeof e.member === 'string' && typeof e.message === 'string') out[e.member] ??= e.message;
  }
  return out;
}

/** What to tell about a failed call: the server's message, or that it could not be reached. */
export function failureMessage(failure: unknown): string {
  if (failure instanceof Error) return failure.message;
  return 'The server could not be reached.';
}
