import { ApiError } from '../../api/apiClient';

/**
 * What to tell the administrator about a failed call: the server's message, and for a refused
 * value, the first value's own message when it says more.
 */
export function messageOf(failure: unknown): string {
  if (failure instanceof ApiError) {
    const errors = (failure.details as { errors?: Array<{ message?: unknown }> } | undefined)?.errors;
    const first = errors?.[0]?.message;
    return typeof first === 'string' && failure.code === 'validation_failed' ? first : failure.message;
  }
  if (failure instanceof Error) return failure.message;
  return 'The server could not be reached.';
}
