import { ApiError } from '../../api/apiClient';

/**
 * A refusal of settings (`validation_failed`) as messages by the setting they are about, each
 * setting its first message; null for any other failure, which the caller shows as it is.
 */
export function settingErrorsOf(failure: unknown): Record<string, string> | null {
  if (!(failure instanceof ApiError) || failure.code !== 'validation_failed') return null;
  const errors = (failure.details as { errors?: Array<{ member?: unknown; message?: unknown }> } | undefined)
    ?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return null;
  const out: Record<string, string> = {};
  for (const e of errors)
    if (typeof e.message === 'string') out[typeof e.member === 'string' ? e.member : ''] ??= e.message;
  return out;
}

/** A save refused because someone saved the same app or page after it was read (409). */
export const isConflict = (failure: unknown): failure is ApiError =>
  failure instanceof ApiError && failure.code === 'conflict';
